// The chef's calendar feed card: the private link from the API with copy, subscribe links for Apple (webcal) and
// Google, and "Make a new link", which shows the rotated link and says the old one stopped working; a failed rotation
// shows the server's message next to the button.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CalendarFeed } from '../../web/src/features/chef-area/CalendarFeed';
import { ensureAreaTexts } from '../../web/src/lib/i18n';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();
beforeAll(() => ensureAreaTexts());

const OLD = 'https://www.example.ch/v1/calendar-feeds/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const NEW = 'https://www.example.ch/v1/calendar-feeds/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';
const render = () => renderAt('/account/me/availability', <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{<CalendarFeed />}</SWRConfig>);

describe('the calendar feed card', () => {
  it('shows the private link with copy and subscribe links', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true }) }));
    stubFetch({ '/v1/chefs/me/calendar-feed': { body: { url: OLD } } });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render();
    const input = (await screen.findByLabelText('Your private calendar link')) as HTMLInputElement;
    expect(input.value).toBe(OLD);
    expect(screen.getByRole('link', { name: 'Open in Apple Calendar' }).getAttribute('href')).toBe(OLD.replace('https:', 'webcal:'));
    expect(screen.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href')).toBe(`https://calendar.google.com/calendar/render?cid=${encodeURIComponent(OLD.replace('https:', 'webcal:'))}`);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(OLD));
    expect((await screen.findByTestId('calendar-feed-note')).textContent).toContain('The link is copied.');
  });

  it('replaces the link and says the old one stopped working', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true }) }));
    const { calls } = stubFetch({ '/v1/chefs/me/calendar-feed/rotate': { body: { url: NEW } }, '/v1/chefs/me/calendar-feed': { body: { url: OLD } } });
    render();
    await screen.findByDisplayValue(OLD);
    fireEvent.click(screen.getByRole('button', { name: 'Make a new link' }));
    await screen.findByDisplayValue(NEW);
    expect((await screen.findByTestId('calendar-feed-note')).textContent).toContain('The old one no longer works');
    expect(calls.some((c) => c.url === '/v1/chefs/me/calendar-feed/rotate' && c.init.method === 'POST')).toBe(true);
  });

  it('shows why a rotation failed', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true }) }));
    stubFetch({
      '/v1/chefs/me/calendar-feed/rotate': { status: 429, body: { message: 'Too many requests. Try again in a minute.', code: 'RATE_LIMITED' } },
      '/v1/chefs/me/calendar-feed': { body: { url: OLD } },
    });
    render();
    await screen.findByDisplayValue(OLD);
    fireEvent.click(screen.getByRole('button', { name: 'Make a new link' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests. Try again in a minute.');
    expect(screen.getByDisplayValue(OLD)).toBeTruthy();
  });

  it('asks for one new link at a time, and says so when the server cannot be reached', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true }) }));
    const { fetchMock } = stubFetch({ '/v1/chefs/me/calendar-feed': { body: { url: OLD } } });
    const reached = fetchMock.getMockImplementation()!;
    let rotations = 0;
    fetchMock.mockImplementation(async (input, init) => {
      if (!String(input).endsWith('/rotate')) return reached(input, init);
      rotations += 1;
      throw new TypeError('Failed to fetch');
    });
    render();
    await screen.findByDisplayValue(OLD);
    const button = screen.getByRole('button', { name: 'Make a new link' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not reach the server.');
    expect(rotations).toBe(1);
    expect(screen.getByDisplayValue(OLD)).toBeTruthy();
  });
});

