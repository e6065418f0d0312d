// A booking's messages tab: the thread as the server returns it (masking included), sending, new messages arriving
// by polling, errors next to the input, and reading the thread refreshing the unseen counts.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BookingDetail } from '../../web/src/features/bookings/BookingDetail';
import { BookingMessages, MESSAGES_POLL_MS, type Message } from '../../web/src/features/bookings/BookingMessages';
import { ensureAreaTexts } from '../../web/src/lib/i18n';
import { session } from '../../web/src/state/session';
import { bookingResponse } from './booking-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();
beforeAll(() => ensureAreaTexts());
// The device's zone, changed by a test (Node re-reads TZ when it changes).
const originalTz = process.env.TZ;
afterEach(() => {
  window.location.hash = '';
  process.env.TZ = originalTz ?? 'UTC';
});
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
});

const fresh = (path: string, el: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);
const signIn = (unseen = 0) => givenSession(sessionResponse({ authenticated: true, data: signedInUser({ unseen_order_message_count: unseen }) }));

const THREAD = '/v1/bookings/42/messages';
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 18, minutes)).toISOString();
const message = (id: number, text: string, mine: boolean, extra: Partial<Message> = {}): Message => ({
  id,
  text,
  created_at: at(id),
  masked: false,
  is_you: mine,
  user_public: { data: { firstname: mine ? 'Anna' : 'Marco', is_you: mine, avatar: null } },
  ...extra,
});
/** The server's answer to `order_dir=desc`: newest first. */
const page = (...newestFirst: Message[]) => ({ body: { data: newestFirst, total_count: newestFirst.length, filter_count: newestFirst.length, thread: { id: 1, order_id: 42 } } });
const bubbles = () => within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
const input = () => screen.getByLabelText('Your message') as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: /^Send/ });
const renderThread = (onRead?: () => void) => fresh('/account/me/bookings/42/messages', <BookingMessages bookingId={42} timeZone="Europe/Zurich" onRead={onRead} />);

describe('booking messages', () => {
  it('asks for the newest messages and shows them oldest first, masked text as the server returned it', async () => {
    signIn();
    const { calls } = stubFetch({
      [THREAD]: page(message(2, 'Sure, write to [email hidden]', false, { masked: true }), message(1, 'Can I bring my own wine?', true)),
    });
    renderThread();
    await screen.findByText('Can I bring my own wine?');
    expect(calls[0]!.url).toBe('/v1/bookings/42/messages?order_dir=desc&page_size=100');
    const [first, second] = bubbles();
    expect(first!.textContent).toContain('Can I bring my own wine?');
    expect(first!.textContent).toContain('You ·');
    expect(second!.textContent).toContain('Sure, write to [email hidden]');
    expect(second!.textContent).toContain('Marco ·');
    expect(within(second!).getByText('Contact details are hidden until the booking is confirmed.')).toBeTruthy();
    expect(within(first!).queryByText('Contact details are hidden until the booking is confirmed.')).toBeNull();
  });

  it.each([
    ['America/New_York', 'Marco · 11/20/2026 19:01, Zurich time'],
    ['Europe/Berlin', 'Marco · 11/20/2026 19:01'],
  ])('tells a message’s time as the event’s clock shows it, like the booking’s other times, naming Zürich on a device in %s only when its clock differs', async (zone, meta) => {
    process.env.TZ = zone;
    signIn();
    stubFetch({ [THREAD]: page(message(1, 'Is 19:00 fine?', false)) });
    renderThread();
    await screen.findByText('Is 19:00 fine?');
    // 18:01 UTC: 19:01 in Zürich, 13:01 in New York.
    const time = bubbles()[0]!.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2026-11-20T18:01:00.000Z');
    expect(time.parentElement!.textContent).toBe(meta);
  });

  it('sends a message, clears the input and shows the thread the server has now', async () => {
    signIn();
    stubFetch({ [THREAD]: page() });
    renderThread();
    expect((await screen.findByTestId('empty-state')).textContent).toBe('No messages yet.');

    const { calls } = stubFetch({ [THREAD]: page(message(5, 'See you on Saturday!', true)) });
    fireEvent.change(input(), { target: { value: 'See you on Saturday!' } });
    fireEvent.click(sendButton());
    await screen.findByText('See you on Saturday!');
    const post = calls.find((c) => c.url === THREAD && c.init.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toEqual({ text: 'See you on Saturday!' });
    expect(input().value).toBe('');
    expect(screen.queryByTestId('empty-state')).toBeNull();
  });

  it('shows errors next to the input, with the focus on it: an empty or too long message before sending, the server’s field error, a rate limit', async () => {
    signIn();
    const { calls } = stubFetch({ [THREAD]: page(message(1, 'Hello', false)) });
    renderThread();
    await screen.findByText('Hello');
    const describedBy = () => (input().getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

    // The shared schema (shared/schemas/messages.schema.ts) refuses what the server would, and nothing is sent.
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(describedBy()).toContain('Please write a message.'));
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input());
    fireEvent.change(input(), { target: { value: 'x'.repeat(2001) } });
    sendButton().focus();
    fireEvent.click(sendButton());
    await waitFor(() => expect(describedBy()).toContain('The message can be at most 2000 characters long.'));
    expect(document.activeElement).toBe(input());
    expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(0);

    const { calls: posts } = stubFetch({
      [THREAD]: { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION', errors: { text: ['This text contains invisible control characters. Please remove them.'] } } },
    });
    // The server's own text rules (control characters) are said at the field too, and what was typed stays.
    fireEvent.change(input(), { target: { value: 'Ring twice\u0007' } });
    sendButton().focus();
    fireEvent.click(sendButton());
    await waitFor(() => expect(describedBy()).toContain('This text contains invisible control characters. Please remove them.'));
    expect(document.activeElement).toBe(input());
    expect(posts.filter((c) => c.init.method === 'POST')).toHaveLength(1);
    expect(input().value).toBe('Ring twice\u0007');

    stubFetch({ [THREAD]: { status: 429, body: { message: 'You are sending messages very quickly. Please wait a minute.', code: 'RATE_LIMITED' } } });
    await waitFor(() => expect(sendButton().getAttribute('aria-busy')).toBeNull());
    fireEvent.click(sendButton());
    await waitFor(() => expect(describedBy()).toContain('You are sending messages very quickly. Please wait a minute.'));
  });

  it('shows new messages from the other side as the thread is polled, and says each load that brought one', async () => {
    signIn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onRead = vi.fn();
    stubFetch({ [THREAD]: page(message(1, 'Hello Marco', true)) });
    renderThread(onRead);
    await screen.findByText('Hello Marco');
    expect(onRead).not.toHaveBeenCalled();

    stubFetch({ [THREAD]: page(message(2, 'Hello Anna, see you soon', false), message(1, 'Hello Marco', true)) });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MESSAGES_POLL_MS);
    });
    await screen.findByText('Hello Anna, see you soon');
    expect(bubbles()).toHaveLength(2);
    expect(onRead).toHaveBeenCalledTimes(1);

    // Another poll with nothing new does not count as reading again.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MESSAGES_POLL_MS);
    });
    expect(onRead).toHaveBeenCalledTimes(1);
  });

  it('offers a retry when the thread cannot be loaded', async () => {
    signIn();
    stubFetch({ [THREAD]: { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } });
    renderThread();
    const alert = await screen.findByRole('alert');
    stubFetch({ [THREAD]: page(message(1, 'Back again', false)) });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeTruthy();
  });
});

describe('the messages tab of a booking', () => {
  it('opens from the #messages link and, having read the thread, refreshes the booking and the header’s unseen count', async () => {
    signIn(3);
    window.location.hash = '#messages';
    const { calls } = stubFetch({
      '/v1/chefs/me/bookings/42': { body: { data: bookingResponse({ messages: { thread_id: 1, unseen_count: 2 } }) } },
      [THREAD]: page(message(2, 'Is 7 pm fine?', false)),
      '/v1/auth/session/user': { body: sessionResponse({ authenticated: true, data: signedInUser({ unseen_order_message_count: 1 }) }) },
    });
    fresh('/account/me/chefbookings/42', <BookingDetail view="chef" bookingId="42" />);
    expect(await screen.findByText('Is 7 pm fine?')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Messages/ }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(session.user?.unseen_order_message_count).toBe(1));
    await waitFor(() => expect(calls.filter((c) => c.url === '/v1/chefs/me/bookings/42')).toHaveLength(2));
  });

  it('switches between the details and the messages with the tabs', async () => {
    signIn();
    stubFetch({ '/v1/chefs/me/bookings/42': { body: { data: bookingResponse() } }, [THREAD]: page() });
    fresh('/account/me/chefbookings/42', <BookingDetail view="chef" bookingId="42" />);
    await screen.findByText('Status history');
    fireEvent.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(await screen.findByLabelText('Your message')).toBeTruthy();
    expect(screen.queryByText('Status history')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(await screen.findByText('Status history')).toBeTruthy();
  });
});
