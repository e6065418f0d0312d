// The availability calendar: the month grid arithmetic, days blocked and unblocked with PUT/DELETE, bookings and
// requests marked, past days locked, keyboard navigation across months, and an error next to the calendar.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AvailabilityPage from '../../web/src/features/chef-area/AvailabilityPage';
import { addMonths, keyTarget, monthGrid, monthRange } from '../../web/src/features/chef-area/calendar';
import { describedText, givenChef, ownProfile, press, renderFresh, setupChefTests, stubApi, type } from './chef-fixtures';

setupChefTests();

describe('calendar arithmetic', () => {
  it('lays a month out in Monday-first weeks', () => {
    const feb = monthGrid({ year: 2026, month: 2 });
    expect(feb[0]).toEqual([null, null, null, null, null, null, '2026-02-01']);
    expect(feb.flat().filter(Boolean)).toHaveLength(28);
    expect(feb.at(-1)!.filter(Boolean).at(-1)).toBe('2026-02-28');
    expect(monthRange({ year: 2028, month: 2 })).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });

  it('moves by day, week, week edge and month with the grid keys', () => {
    expect(keyTarget('2026-07-31', 'ArrowRight')).toBe('2026-08-01');
    expect(keyTarget('2026-07-01', 'ArrowUp')).toBe('2026-06-24');
    expect(keyTarget('2026-07-15', 'Home')).toBe('2026-07-13');
    expect(keyTarget('2026-07-15', 'End')).toBe('2026-07-19');
    expect(keyTarget('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(keyTarget('2026-07-15', 'Enter')).toBeNull();
  });
});

describe('availability page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-15T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const july = {
    timezone: 'Europe/Zurich',
    today: '2026-07-15',
    from: '2026-07-01',
    to: '2026-07-31',
    blocked: [{ day: '2026-07-20', note: 'Holiday' }],
    booked: [{ day: '2026-07-18', booking_id: 5, status: 'confirmed', guests: 6, menu_name: 'Autumn in Ticino' }],
    requests: [{ day: '2026-07-25', booking_id: 6, status: 'requested', guests: 4, menu_name: 'Summer BBQ' }],
  };

  function setup(extra: Parameters<typeof stubApi>[0] = {}) {
    givenChef();
    const blocked = new Set(july.blocked.map((b) => b.day));
    const api = stubApi({
      '/v1/chefs/me': { body: { data: ownProfile() } },
      '/v1/chefs/me/availability': ({ url }) => {
        const from = new URL(url, 'http://x').searchParams.get('from')!;
        if (from !== '2026-07-01') return { body: { data: { ...july, from, to: from.slice(0, 8) + '31', blocked: [], booked: [], requests: [] } } };
        return { body: { data: { ...july, blocked: [...blocked].map((day) => ({ day, note: null })) } } };
      },
      ...extra,
    });
    return { api, blocked };
  }

  const day = (d: string) => document.querySelector<HTMLButtonElement>(`[data-day="${d}"]`)!;

  it('marks blocked days, bookings, requests and past days', async () => {
    setup();
    renderFresh('/account/me/availability', <AvailabilityPage />);
    const grid = await screen.findByRole('grid', { name: 'July 2026' });
    await waitFor(() => expect(day('2026-07-20').getAttribute('aria-pressed')).toBe('true'));
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // A day with a confirmed booking is taken, never "Available".
    expect(day('2026-07-18').getAttribute('aria-label')).toBe('Saturday, July 18, 2026, Confirmed booking, confirmed bookings: 1');
    expect(day('2026-07-25').getAttribute('aria-label')).toContain('open requests: 1');
    expect(day('2026-07-15').getAttribute('aria-label')).toContain('today');
    expect(day('2026-07-10').getAttribute('aria-disabled')).toBe('true');
    // Only one day of the grid is in the tab order.
    expect(within(grid).getAllByRole('button').filter((b) => b.tabIndex === 0)).toHaveLength(1);
  });

  it('says a day with a confirmed booking is booked, not that the chef is available', async () => {
    setup();
    renderFresh('/account/me/availability', <AvailabilityPage />);
    await waitFor(() => expect(day('2026-07-18').getAttribute('aria-label')).toContain('Confirmed booking'));
    await act(async () => {
      day('2026-07-18').focus();
    });
    const panel = screen.getByTestId('availability-day');
    expect(within(panel).getByText('You have a confirmed booking on this day. Guests cannot book you.')).toBeTruthy();
    expect(within(panel).queryByText('You are available on this day.')).toBeNull();
  });

  it('starts on the chef’s today, not the device’s, when they differ', async () => {
    const tz = process.env.TZ;
    process.env.TZ = 'America/New_York';
    vi.setSystemTime(new Date('2026-07-14T22:30:00Z')); // 18:30 on 14 July in New York (and in UTC), 00:30 on 15 July in Zürich
    try {
      setup();
      renderFresh('/account/me/availability', <AvailabilityPage />);
      const panel = await screen.findByTestId('availability-day');
      await waitFor(() => expect(within(panel).getByRole('heading').textContent).toBe('Wednesday, July 15, 2026'));
      expect(within(panel).queryByText('Past day')).toBeNull();
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('blocks a free day with PUT and frees a blocked one with DELETE', async () => {
    const { api, blocked } = setup({
      'PUT /v1/chefs/me/availability/2026-07-22': () => {
        blocked.add('2026-07-22');
        return { body: { data: { day: '2026-07-22', blocked: true, note: null, held_by_booking_id: null }, message: 'The day is blocked.' } };
      },
      'DELETE /v1/chefs/me/availability/2026-07-20': () => {
        blocked.delete('2026-07-20');
        return { body: { data: { day: '2026-07-20', blocked: false }, message: 'The day is available again.' } };
      },
    });
    renderFresh('/account/me/availability', <AvailabilityPage />);
    await waitFor(() => expect(day('2026-07-20').getAttribute('aria-pressed')).toBe('true'));

    await act(async () => {
      fireEvent.click(day('2026-07-22'));
    });
    await waitFor(() => expect(day('2026-07-22').getAttribute('aria-pressed')).toBe('true'));
    expect(api.sent('PUT', '/v1/chefs/me/availability/2026-07-22')).toHaveLength(1);
    expect(api.sent('PUT', '/v1/chefs/me/availability/2026-07-22')[0]!.body).toEqual({});

    await act(async () => {
      fireEvent.click(day('2026-07-20'));
    });
    await waitFor(() => expect(day('2026-07-20').getAttribute('aria-pressed')).toBe('false'));
    expect(api.sent('DELETE', '/v1/chefs/me/availability/2026-07-20')).toHaveLength(1);

    // Past days cannot be changed.
    await act(async () => {
      fireEvent.click(day('2026-07-10'));
    });
    expect(api.calls.filter((c) => c.url.includes('2026-07-10') && c.method !== 'GET')).toHaveLength(0);
  });

  it('shows the day’s bookings and keeps focus moving with the keyboard, into the next month', async () => {
    const { api } = setup();
    renderFresh('/account/me/availability', <AvailabilityPage />);
    await waitFor(() => expect(day('2026-07-20').getAttribute('aria-pressed')).toBe('true'));
    act(() => day('2026-07-17').focus());
    await act(async () => {
      fireEvent.keyDown(day('2026-07-17'), { key: 'ArrowRight' });
    });
    await waitFor(() => expect(document.activeElement).toBe(day('2026-07-18')));
    const panel = screen.getByTestId('availability-day');
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Saturday, July 18, 2026');
    expect(within(panel).getByRole('link', { name: 'Autumn in Ticino · 6 guests' }).getAttribute('href')).toBe('/account/me/chefbookings/5');

    await act(async () => {
      fireEvent.keyDown(day('2026-07-18'), { key: 'PageDown' });
    });
    expect(await screen.findByRole('grid', { name: 'August 2026' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(day('2026-08-18')));
    expect(api.calls.some((c) => c.url === '/v1/chefs/me/availability?from=2026-08-01&to=2026-08-31')).toBe(true);
  });

  it('shows a refused change next to the calendar and keeps the day as it was', async () => {
    setup({ 'PUT /v1/chefs/me/availability/2026-07-22': { status: 400, body: { message: 'This day is too far ahead.', code: 'VALIDATION_FAILED', errors: { day: ['Choose a day within 730 days.'] } } } });
    renderFresh('/account/me/availability', <AvailabilityPage />);
    await waitFor(() => expect(day('2026-07-20').getAttribute('aria-pressed')).toBe('true'));
    await act(async () => {
      fireEvent.click(day('2026-07-22'));
    });
    const error = await screen.findByTestId('availability-error');
    expect(error.textContent).toContain('This day is too far ahead.');
    expect(day('2026-07-22').getAttribute('aria-pressed')).toBe('false');
  });

  it('checks the private note before blocking the day, and shows the server’s refusal at the note with the focus on it', async () => {
    const { api } = setup({
      'PUT /v1/chefs/me/availability/2026-07-22': {
        status: 400,
        body: { message: 'Please check your input.', code: 'VALIDATION_FAILED', errors: { note: ['The note must not contain a phone number.'] } },
      },
    });
    renderFresh('/account/me/availability', <AvailabilityPage />);
    await waitFor(() => expect(day('2026-07-20').getAttribute('aria-pressed')).toBe('true'));
    act(() => day('2026-07-22').focus());
    const form = await screen.findByTestId('availability-note-form');
    const note = within(form).getByLabelText('Private note (optional)');

    // Longer than the shared schema allows: said at the note, nothing sent.
    await type(note, 'x'.repeat(201));
    await press(form, 'Block this day');
    expect(describedText(note)).toContain('The note can be at most 200 characters long.');
    expect(document.activeElement).toBe(note);
    expect(api.sent('PUT', '/v1/chefs/me/availability/2026-07-22')).toHaveLength(0);

    await type(note, ' Call me ');
    await press(form, 'Block this day');
    await waitFor(() => expect(describedText(note)).toContain('The note must not contain a phone number.'));
    expect(document.activeElement).toBe(note);
    expect(api.sent('PUT', '/v1/chefs/me/availability/2026-07-22')[0]!.body).toEqual({ note: 'Call me' });
    // The day stays free, and the note as typed.
    expect(day('2026-07-22').getAttribute('aria-pressed')).toBe('false');
    expect((note as HTMLInputElement).value).toBe(' Call me ');
  });
});
