// The header's messages menu (seed §2): only for signed-in users, the unseen badge from the session user, threads
// fetched when it opens, each opening the booking's messages tab on the chef's or the customer's side, the seed's
// empty text, keyboard use, and the badge kept fresh without a reload.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { Header } from '../../web/src/app/layout/Header';
import { UNSEEN_POLL_MS } from '../../web/src/app/layout/MessagesMenu';
import { DROPDOWN_HIDE_DELAY_MS } from '../../web/src/components/outside-press';
import type { MessageThread } from '../../web/src/app/layout/MessagesMenuThreads';
import { session } from '../../web/src/state/session';
import { MODALS, ui } from '../../web/src/state/ui';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();

const THREADS = '/v1/users/me/message-threads';
const signIn = (overrides = {}) => givenSession(sessionResponse({ authenticated: true, data: signedInUser(overrides) }));
const renderHeader = () => renderAt('/help', <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}><Header bookingBar={false} /></SWRConfig>);
const menuButton = () => within(screen.getByTestId('messages-menu')).getAllByRole('button')[0]!;
/** The menu is its own lazy chunk: wait until it replaced its placeholder. */
const loaded = () => screen.findByTestId('messages-menu');
const threadsCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith(THREADS));

const thread = (
  id: number,
  orderId: number,
  isChef: boolean,
  text: string,
  extra: Partial<MessageThread> & { you?: boolean; firstname?: string; other?: string; menuName?: string } = {},
): MessageThread => ({
  id,
  order_id: orderId,
  is_chef: isChef,
  new_count: extra.new_count ?? 0,
  menu: { id: 100 + id, name: extra.menuName ?? 'Alpine Autumn' },
  timezone: 'Europe/Zurich',
  other_user_public: { data: { firstname: extra.other ?? extra.firstname ?? 'Marco', avatar: null } },
  message: {
    text,
    created_at: new Date(Date.UTC(2026, 10, 20, 18, id)).toISOString(),
    user_public: { data: { firstname: extra.firstname ?? 'Marco', is_you: extra.you ?? false, avatar: null } },
  },
});

async function open() {
  await act(async () => {
    fireEvent.click(menuButton());
  });
  return screen.findByRole('dialog', { name: 'Messages' });
}

describe('messages menu', () => {
  it('is there only for signed-in users', () => {
    givenSession();
    stubFetch({});
    renderHeader();
    expect(screen.queryByTestId('messages-menu')).toBeNull();
  });

  it('shows the session user’s unseen count on its button and fetches the threads only when it opens', async () => {
    signIn({ unseen_order_message_count: 3 });
    const { calls } = stubFetch({ [THREADS]: { body: { data: [] } } });
    renderHeader();
    // The badge shows at once, while the menu's own chunk loads.
    expect(screen.getByTestId('messages-badge').textContent).toBe('3');
    await loaded();
    expect(menuButton().getAttribute('aria-label')).toBe('Messages, 3 unread');
    expect(screen.getByTestId('messages-badge').textContent).toBe('3');
    expect(threadsCalls(calls)).toHaveLength(0);

    const panel = await open();
    expect(await within(panel).findByText('No messages yet')).toBeTruthy();
    expect(threadsCalls(calls)).toHaveLength(1);
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
  });

  it('hides 400 ms after a press outside it (seed dropdown hide delay), not at once', async () => {
    signIn();
    stubFetch({ [THREADS]: { body: { data: [] } } });
    renderHeader();
    await loaded();
    await open();
    const pressed = Date.now();
    fireEvent.pointerDown(document.body);
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(menuButton().getAttribute('aria-expanded')).toBe('false'), { timeout: 2000, interval: 20 });
    expect(Date.now() - pressed).toBeGreaterThanOrEqual(DROPDOWN_HIDE_DELAY_MS - 5);
  });

  it('lists the threads by the other party and the menu, and opens each on the messages tab of the chef’s or the customer’s booking', async () => {
    signIn({ is_chef: true, unseen_order_message_count: 2 });
    stubFetch({
      [THREADS]: {
        body: {
          data: [
            thread(1, 12, true, 'Can we start at 7?', { new_count: 2, firstname: 'Anna' }),
            thread(2, 7, false, 'Looking forward to it', { you: true, firstname: 'Julia', other: 'Marco', menuName: 'A very long menu name of summer on the lake' }),
          ],
        },
      },
    });
    const { location } = renderHeader();
    await loaded();
    const panel = await open();
    const links = await within(panel).findAllByTestId('message-thread');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/account/me/chefbookings/12#messages', '/account/me/bookings/7#messages']);
    // Each thread names the other party (on a line of its own, so a long menu name cannot push it out) and the menu.
    const party = (link: HTMLElement) => within(link).getByTestId('message-thread-party').textContent;
    const booking = (link: HTMLElement) => within(link).getByTestId('message-thread-booking').textContent;
    expect(party(links[0]!)).toBe('Anna');
    expect(booking(links[0]!)).toBe('Your menu “Alpine Autumn” · booking #12');
    expect(links[0]!.textContent).toContain('Anna: Can we start at 7?');
    expect(links[0]!.textContent).toContain('2 new');
    expect(party(links[1]!)).toBe('Marco');
    expect(booking(links[1]!)).toBe('“A very long menu name of summer on the lake” · booking #7');
    expect(links[1]!.textContent).toContain('You: Looking forward to it');
    expect(links[1]!.textContent).not.toContain('new');

    await act(async () => {
      fireEvent.click(links[0]!);
    });
    expect(location.history?.at(-1)).toBe('/account/me/chefbookings/12#messages');
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('tells the last message’s time on the event’s clock, naming Zürich when the device’s clock differs, like the booking’s thread', async () => {
    const deviceZone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      signIn({ unseen_order_message_count: 0 });
      stubFetch({ [THREADS]: { body: { data: [thread(1, 7, false, 'Hi')] } } });
      renderHeader();
      await loaded();
      const panel = await open();
      const [link] = await within(panel).findAllByTestId('message-thread');
      // 18:01 UTC: 19:01 in Zürich, 13:01 in New York.
      const time = link!.querySelector('time')!;
      expect(time.getAttribute('datetime')).toBe('2026-11-20T18:01:00.000Z');
      expect(time.textContent).toBe('11/20 19:01 (Zurich)');
    } finally {
      if (deviceZone === undefined) delete process.env.TZ;
      else process.env.TZ = deviceZone;
    }
  });

  it('fetches the threads again each time it opens', async () => {
    signIn();
    const { calls } = stubFetch({ [THREADS]: { body: { data: [thread(1, 7, false, 'Hi')] } } });
    renderHeader();
    await loaded();
    await within(await open()).findByText(/Hi/);
    await act(async () => {
      fireEvent.click(menuButton());
    });
    // The closed panel fades out (150 ms), then it is gone; the next open loads the list again.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Messages' })).toBeNull());
    await within(await open()).findByText(/Hi/);
    await waitFor(() => expect(threadsCalls(calls)).toHaveLength(2));
  });

  it('works with the keyboard: focus moves into the list, Escape closes and returns to the button', async () => {
    signIn();
    stubFetch({ [THREADS]: { body: { data: [thread(1, 7, false, 'Hi')] } } });
    renderHeader();
    await loaded();
    menuButton().focus();
    const panel = await open();
    await within(panel).findAllByTestId('message-thread');
    expect(panel.contains(document.activeElement)).toBe(true);
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menuButton());
  });

  it('offers a retry when the threads cannot be loaded', async () => {
    signIn();
    stubFetch({ [THREADS]: { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } });
    renderHeader();
    await loaded();
    const panel = await open();
    const alert = await within(panel).findByRole('alert');
    stubFetch({ [THREADS]: { body: { data: [thread(1, 7, false, 'Back again')] } } });
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    });
    expect(await within(panel).findByText(/Back again/)).toBeTruthy();
  });

  it('keeps the badge fresh without a reload, and changes nothing else of the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn({ firstname: '', unseen_order_message_count: 0 });
    const { calls } = stubFetch({ '/v1/auth/session/user': { body: sessionResponse({ authenticated: true, data: signedInUser({ firstname: '', unseen_order_message_count: 4 }) }) } });
    renderHeader();
    await loaded();
    expect(screen.queryByTestId('messages-badge')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNSEEN_POLL_MS);
    });
    await waitFor(() => expect(screen.getByTestId('messages-badge').textContent).toBe('4'));
    expect(calls.filter((c) => c.url === '/v1/auth/session/user')).toHaveLength(1);
    expect(session.user?.unseen_order_message_count).toBe(4);
    // A refresh of the count is not a new sign-in: the complete-your-profile prompt does not come back every minute.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(ui.modal?.name).not.toBe(MODALS.completeProfile);
  });

  it('takes in a session that ended elsewhere', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn({ unseen_order_message_count: 1 });
    stubFetch({ '/v1/auth/session/user': { body: sessionResponse() } });
    renderHeader();
    await loaded();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNSEEN_POLL_MS);
    });
    await waitFor(() => expect(screen.queryByTestId('messages-menu')).toBeNull());
    expect(session.authenticated).toBe(false);
  });
});
