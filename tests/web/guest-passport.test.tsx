// The guest allergy passport's screens: the public guest form (no account; errors next to their fields; the device
// keeps the answer and edits it), the customer's booking (summary with plural forms, invite link, the chef's answer)
// and the chef's booking (the written answer to a severe allergy before Accept, which stays disabled until then).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it } from 'vitest';
import ChefBookingPage from '../../web/src/features/bookings/ChefBookingPage';
import MyBookingPage from '../../web/src/features/bookings/MyBookingPage';
import GuestAnswerPage, { readSaved } from '../../web/src/features/guest/GuestAnswerPage';
import { ensureAreaTexts } from '../../web/src/lib/i18n';
import { bookingResponse, emptyPassport, severePassport } from './booking-fixtures';
import { describedText } from './chef-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();
beforeAll(() => ensureAreaTexts());

const fresh = (path: string, el: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);
const bodyOf = (calls: { url: string; init: RequestInit }[], url: string) => JSON.parse(String(calls.filter((c) => c.url === url).at(-1)!.init.body));
const TOKEN = 'a'.repeat(43);
const INVITE = `/v1/guest-invites/${TOKEN}`;
const LISTS = {
  data: {
    cuisine: [],
    diet: [
      { key: 'vegetarian', name: 'Vegetarian' },
      { key: 'vegan', name: 'Vegan' },
    ],
    allergy: [
      { key: 'nuts', name: 'Nuts' },
      { key: 'milk', name: 'Milk' },
    ],
  },
};
const invite = { menu: { name: 'Autumn feast' }, chef: { firstname: 'Marco' }, host: { firstname: 'Julia' }, starts_at: '2030-07-01T17:00:00.000Z', timezone: 'Europe/Zurich', event_date: '2030-07-01', guests: 4 };
/** A button once its loading state ended (Button keeps it for a moment after each answer). */
async function idle(name: RegExp) {
  let button: HTMLElement | null = null;
  await waitFor(
    () => {
      button = screen.getByRole('button', { name });
      expect(button.getAttribute('aria-busy')).toBeNull();
    },
    { timeout: 3000 },
  );
  return button!;
}
const renderGuest = () => fresh(`/guest/${TOKEN}`, <GuestAnswerPage params={{ token: TOKEN }} />);

describe('the guest form', () => {
  it('sends name, diets and allergies with their severity, shows errors next to the fields, then keeps the answer', async () => {
    givenSession();
    localStorage.clear();
    let button: HTMLElement;
    const { calls } = stubFetch({
      [INVITE]: { body: { data: invite } },
      '/v1/lists': { body: LISTS },
      [`${INVITE}/answers`]: { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { name: ['This name is not allowed.'] } } },
    });
    renderGuest();
    expect((await screen.findByTestId('guest-invite-intro')).textContent).toContain('Julia invited you to a dinner by chef Marco: “Autumn feast”');
    expect(screen.getByTestId('guest-privacy').textContent).toBe('Only chef Marco, Julia and our support see your answer. It is deleted 30 days after the dinner.');
    fireEvent.click(screen.getByLabelText('Vegetarian'));
    fireEvent.click(screen.getByLabelText('Nuts'));
    const level = screen.getByTestId('allergy-level-nuts');
    fireEvent.click(within(level).getByRole('radio', { name: /Severe \(anaphylaxis\)/ }));
    button = await idle(/^Send to the chef/);
    await act(async () => {
      fireEvent.click(button);
    });
    // The shared schema refuses an empty name before anything is sent: the message at the name, the focus on it.
    const name = screen.getByLabelText(/Your name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(name)).toBe('Please enter your name.');
    expect(document.activeElement).toBe(name);
    expect(calls.filter((c) => c.url === `${INVITE}/answers`)).toHaveLength(0);

    // The server's field error at its field, with the focus moved there.
    fireEvent.change(name, { target: { value: '  Lena ' } });
    button.focus();
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(describedText(name)).toBe('This name is not allowed.'));
    expect(document.activeElement).toBe(name);
    expect(screen.queryByTestId('guest-form-error')).toBeNull();
    expect(bodyOf(calls, `${INVITE}/answers`)).toEqual({ name: 'Lena', diets: ['vegetarian'], allergies: [{ key: 'nuts', level: 'severe' }], 'cf-turnstile-response': '' });

    const second = stubFetch({ [`${INVITE}/answers`]: { status: 201, body: { message: 'Thank you!', data: { id: 1, edit_key: 'k'.repeat(32) } } } });
    button = await idle(/^Send to the chef/);
    await act(async () => {
      fireEvent.click(button);
    });
    expect((await screen.findByTestId('guest-form-done')).textContent).toContain('Your answer was sent to the chef.');
    expect(readSaved(TOKEN)).toEqual({ edit_key: 'k'.repeat(32), name: 'Lena', diets: ['vegetarian'], allergies: [{ key: 'nuts', level: 'severe' }] });
    expect(second.calls.at(-1)!.init.method).toBe('POST');

    // The same device changes it: PUT with its key.
    const third = stubFetch({ [`${INVITE}/answers`]: { body: { message: 'Your answer was updated.', data: { id: 1 } } } });
    fireEvent.click(within(screen.getByTestId('allergy-level-nuts')).getByRole('radio', { name: /Intolerance/ }));
    button = await idle(/^Update my answer/);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(third.calls.at(-1)!.init.method).toBe('PUT');
    expect(bodyOf(third.calls, `${INVITE}/answers`)).toMatchObject({ name: 'Lena', allergies: [{ key: 'nuts', level: 'intolerance' }], edit_key: 'k'.repeat(32) });
    expect((await screen.findByTestId('guest-form-done')).textContent).toContain('Your answer was updated.');

    // An answer that is gone is told by its code, in the guest's words, and this device answers anew.
    stubFetch({ [`${INVITE}/answers`]: { status: 404, body: { message: 'Not found (server text).', code: 'ANSWER_NOT_FOUND' } } });
    fireEvent.click(within(screen.getByTestId('allergy-level-nuts')).getByRole('radio', { name: /Severe \(anaphylaxis\)/ }));
    button = await idle(/^Update my answer/);
    await act(async () => {
      fireEvent.click(button);
    });
    expect((await screen.findByTestId('guest-form-error')).textContent).toBe('Your answer was not found. It may have been removed; please answer again.');
    expect(readSaved(TOKEN)).toBeNull();
    expect(screen.getByRole('button', { name: /^Send to the chef/ })).toBeTruthy();
  });

  it('says when the invitation has expired', async () => {
    givenSession();
    stubFetch({ [INVITE]: { status: 410, body: { message: 'Expired', code: 'INVITE_EXPIRED' } }, '/v1/lists': { body: LISTS } });
    renderGuest();
    expect((await screen.findByTestId('guest-invite-error')).textContent).toBe('This invitation has expired: the dinner has started or no longer takes place.');
  });

  it('says when too many requests came from the network, with a retry', async () => {
    givenSession();
    stubFetch({ [INVITE]: { status: 429, body: { message: 'Too many requests from your network.', code: 'RATE_LIMITED' } }, '/v1/lists': { body: LISTS } });
    renderGuest();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many requests from your network. Please wait a few minutes, then try again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});


describe('the passport on the booking', () => {
  it('shows the customer the summary in plural forms, the invite link and, later, the chef’s answer', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    const path = '/v1/users/me/orders/42';
    const { calls } = stubFetch({
      [path]: { body: { data: bookingResponse({ status: 'requested', starts_at: '2030-07-01T17:00:00.000Z', passport: severePassport }) } },
      '/v1/bookings/42/guest-invites': { status: 201, body: { data: { url: `https://yourlocalchef.example/guest/${TOKEN}` } } },
    });
    fresh('/account/me/bookings/42', <MyBookingPage params={{ bookingId: '42' }} />);
    const summary = await screen.findByTestId('passport-summary');
    expect(Array.from(summary.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      '3 guests: Vegetarian',
      '1 guest with a severe allergy (anaphylaxis) to Nuts – contained in Vermicelles',
    ]);
    expect(screen.getByTestId('passport-waiting').textContent).toContain('The chef must answer in writing');
    await act(async () => {
      fireEvent.click(screen.getByTestId('passport-invite'));
    });
    expect(((await screen.findByTestId('passport-invite-url')) as HTMLInputElement).value).toBe(`https://yourlocalchef.example/guest/${TOKEN}`);
    expect(calls.some((c) => c.url === '/v1/bookings/42/guest-invites' && c.init.method === 'POST')).toBe(true);
  });

  it('tells the customer how to ask the guests while they can answer, and afterwards only that nobody did', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    const path = '/v1/users/me/orders/42';
    stubFetch({ [path]: { body: { data: bookingResponse({ status: 'confirmed', starts_at: '2030-07-01T17:00:00.000Z', passport: emptyPassport }) } } });
    const open = fresh('/account/me/bookings/42', <MyBookingPage params={{ bookingId: '42' }} />);
    const before = await screen.findByTestId('guest-passport');
    expect(before.textContent).toContain('No guest has answered yet. Share the invite link');
    expect(within(before).getByTestId('passport-invite')).toBeTruthy();
    open.unmount();
    stubFetch({ [path]: { body: { data: bookingResponse({ status: 'completed', starts_at: '2020-07-01T17:00:00.000Z', passport: emptyPassport }) } } });
    fresh('/account/me/bookings/42', <MyBookingPage params={{ bookingId: '42' }} />);
    const after = await screen.findByTestId('guest-passport');
    expect(after.textContent).toContain('No guest answered.');
    expect(after.textContent).not.toContain('Share the invite link');
    expect(within(after).queryByTestId('passport-invite')).toBeNull();
  });

  it('asks the chef for the written answer before Accept, which stays disabled; a field error shows under the text', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 7, uri: 'marco-1', status: 1, is_public: false } } }) }));
    const DETAIL = '/v1/chefs/me/bookings/42';
    let button: HTMLElement;
    const first = stubFetch({
      [DETAIL]: { body: { data: bookingResponse({ status: 'requested', starts_at: '2030-07-01T17:00:00.000Z', actions: ['accept', 'decline', 'message'], passport: severePassport }) } },
      '/v1/bookings/42/allergy-ack': { status: 400, body: { message: 'Please check.', code: 'VALIDATION_FAILED', errors: { text: ['Please write at least 10 characters about what you will change.'] } } },
    });
    fresh('/account/me/chefbookings/42', <ChefBookingPage params={{ bookingId: '42' }} />);
    const form = await screen.findByTestId('passport-ack-form');
    expect(form.textContent).toContain('A guest has a severe allergy: Nuts');
    expect((screen.getByRole('button', { name: 'Accept request' }) as HTMLButtonElement).disabled).toBe(true);
    const field = within(form).getByLabelText(/What will you change/);
    fireEvent.change(field, { target: { value: 'ok' } });
    button = await idle(/^Send my answer to the customer/);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(await within(form).findByText('Please write at least 10 characters about what you will change.')).toBeTruthy();
    // Refused in the browser, with the schema the server runs: at the field, which has the focus; nothing sent.
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(first.calls.some((c) => c.url.endsWith('/allergy-ack'))).toBe(false);

    const { calls } = stubFetch({
      [DETAIL]: { body: { data: bookingResponse({ status: 'requested', actions: ['accept', 'decline', 'message'], passport: { ...severePassport, ack_required: false, ack: { text: 'A nut-free sorbet instead.', at: '2030-06-02T10:00:00.000Z' } } }) } },
      '/v1/bookings/42/allergy-ack': { body: { message: 'Sent.', data: {} } },
    });
    fireEvent.change(field, { target: { value: 'A nut-free sorbet instead.' } });
    button = await idle(/^Send my answer to the customer/);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(bodyOf(calls, '/v1/bookings/42/allergy-ack')).toEqual({ text: 'A nut-free sorbet instead.', seen: '2030-06-01T10:00:00.000Z' });
    expect((await screen.findByTestId('passport-ack')).textContent).toContain('A nut-free sorbet instead.');
    expect(screen.queryByTestId('passport-ack-form')).toBeNull();
    expect((screen.getByRole('button', { name: 'Accept request' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
