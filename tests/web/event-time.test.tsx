// Event times on the event's clocks wherever the viewer is (formatEventTime, the date picker), and the booking form's
// calendar greying out the days the chef cannot take, with why, on hover and keyboard focus.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { zonedTime } from '#shared/event-time';
import DateTimeCalendar from '../../web/src/components/DateTimeCalendar';
import BookingBeginPage from '../../web/src/features/bookings/BookingBeginPage';
import { draftKey } from '../../web/src/features/bookings/draft';
import { BookingDetail } from '../../web/src/features/bookings/BookingDetail';
import { bookingWindow, clampToWindow, firstStart } from '../../web/src/lib/booking-window';
import { formatEventTime, formatEventTimeShort } from '../../web/src/lib/event-time';
import { ensureAreaTexts, setLocale } from '../../web/src/lib/i18n';
import { defaultBookingSettings, updateBooking } from '../../web/src/state/booking';
import { availabilityResponse, bookingResponse } from './booking-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';
import { MINUTE } from '#shared/time';

setupDomTests();
beforeAll(() => ensureAreaTexts());

// Every test here runs with the device in another zone than the chef's (Node re-reads TZ when it changes).
const originalTz = process.env.TZ;
const deviceIn = (zone: string) => {
  process.env.TZ = zone;
};
beforeEach(() => deviceIn('UTC'));
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const ZURICH = 'Europe/Zurich';
const evening = '2026-12-09T18:00:00.000Z'; // 19:00 in Zürich (CET)

describe('formatEventTime', () => {
  it('shows the event’s clock and names the zone where the viewer’s clock differs', () => {
    expect(formatEventTime(evening, ZURICH, 'en', 'UTC')).toBe('12/09/2026 19:00, Zurich time');
    expect(formatEventTime(evening, ZURICH, 'en', 'America/New_York')).toBe('12/09/2026 19:00, Zurich time');
    expect(formatEventTime(evening, ZURICH, 'en', 'Asia/Tokyo')).toBe('12/09/2026 19:00, Zurich time');
    // Same clock: nothing to name (Berlin shows the same time as Zürich).
    expect(formatEventTime(evening, ZURICH, 'en', ZURICH)).toBe('12/09/2026 19:00');
    expect(formatEventTime(evening, ZURICH, 'en', 'Europe/Berlin')).toBe('12/09/2026 19:00');
  });

  it('has a compact form for the header’s search bar', () => {
    expect(formatEventTimeShort(evening, ZURICH, 'en', 'America/New_York')).toBe('12/09 19:00 (Zurich)');
    expect(formatEventTimeShort(evening, ZURICH, 'de', ZURICH)).toBe('09.12 19:00');
  });

  it('names the zone in the visitor’s language', async () => {
    await setLocale('de');
    expect(formatEventTime(evening, ZURICH, 'de', 'UTC')).toBe('09.12.2026 19:00, Ortszeit Zürich');
    await setLocale('it');
    expect(formatEventTime(evening, ZURICH, 'it', 'UTC')).toBe('09/12/2026 19:00, ora di Zurigo');
    await setLocale('en');
  });

  it('reads the viewer’s zone from the device by default', () => {
    deviceIn('America/New_York');
    expect(formatEventTime(evening, ZURICH, 'en')).toBe('12/09/2026 19:00, Zurich time');
    deviceIn(ZURICH);
    expect(formatEventTime(evening, ZURICH, 'en')).toBe('12/09/2026 19:00');
  });
});

describe('the date picker on the event’s clocks', () => {
  const now = new Date('2026-03-10T08:00:00Z'); // 09:00 in Zürich
  const w = bookingWindow(now, ZURICH);

  it('in a UTC browser, offers tomorrow from 13:00 Zürich time, not from 12:00', () => {
    render(zurichTomorrowAt(13));
    const times = within(screen.getByRole('listbox', { name: 'Time' })).getAllByRole('option');
    const disabled = (text: string) => times.find((t) => t.textContent === text)!.className.includes('disabled');
    expect(disabled('12:00')).toBe(true);
    expect(disabled('12:30')).toBe(true);
    expect(disabled('13:00')).toBe(false);
    // The selected day and time are shown as the clocks in Zürich show them.
    expect(screen.getByRole('gridcell', { name: /March 11, 2026/ }).getAttribute('aria-selected')).toBe('true');
    expect(times.find((t) => t.getAttribute('aria-selected') === 'true')?.textContent).toBe('13:00');
  });

  function zurichTomorrowAt(hour: number) {
    return <DateTimeCalendar value={zonedTime('2026-03-11', hour, 0, ZURICH).toISOString()} onChange={() => undefined} locale="en" timeCaption="Time" window={w} now={now} />;
  }

  it('offers a request menu’s first moment rounded up to a time step (00:39 Zürich → 01:00)', () => {
    const request = { ...w, earliest: new Date('2026-03-11T23:39:35.724Z') };
    expect(firstStart(request).toISOString()).toBe('2026-03-12T00:00:00.000Z');
    expect(clampToWindow(new Date('2026-03-11T20:00:00Z'), request).toISOString()).toBe('2026-03-12T00:00:00.000Z');
  });

  it.each(['America/New_York', 'Asia/Tokyo'])('in %s, picking a day starts it at 19:00 in Zürich', (zone) => {
    deviceIn(zone);
    const onChange = vi.fn();
    render(<DateTimeCalendar value={null} onChange={onChange} locale="en" timeCaption="Time" window={bookingWindow(now, ZURICH)} now={now} />);
    fireEvent.click(screen.getByRole('gridcell', { name: /March 20, 2026/ }));
    expect(onChange).toHaveBeenCalledWith('2026-03-20T18:00:00.000Z');
  });

  it('greys out taken days and says why on hover and on keyboard focus', () => {
    const closed = new Map([
      ['2026-03-15', { text: 'The chef is not available on this day.', tone: 'taken' as const }],
      ['2026-03-16', { text: 'The chef is not available on this day.', tone: 'taken' as const }],
      ['2026-03-17', { text: 'The chef is not available on this day.', tone: 'taken' as const }],
      ['2026-03-18', { text: 'Possibly available soon.', tone: 'soon' as const }],
      ['2026-04-02', { text: 'The chef is not available on this day.', tone: 'taken' as const }],
    ]);
    const onChange = vi.fn();
    render(<DateTimeCalendar value={null} onChange={onChange} locale="en" timeCaption="Time" window={w} closedDays={closed} outsideNote={(day) => `Outside the window: ${day}`} now={now} />);
    const blocked = screen.getByRole('gridcell', { name: /March 17, 2026/ });
    const held = screen.getByRole('gridcell', { name: /March 18, 2026/ });
    expect(blocked.getAttribute('aria-disabled')).toBe('true');
    expect(blocked.className).toContain('ylc-day--taken');
    expect(held.getAttribute('aria-disabled')).toBe('true');
    expect(held.className).toContain('ylc-day--soon');
    expect(blocked.querySelector('[title]')?.getAttribute('title')).toBe('The chef is not available on this day.');
    fireEvent.click(blocked);
    expect(onChange).not.toHaveBeenCalled();
    // The shown month's taken days in words, runs together; April's come with April.
    const list = screen.getByTestId('date-closed-days');
    expect(list.textContent).toBe('Not bookable in March 2026:Sun, Mar 15 – Tue, Mar 17: The chef is not available on this day.Wed, Mar 18: Possibly available soon.');
    fireEvent.click(screen.getByRole('button', { name: /Next Month/i }));
    expect(screen.getByTestId('date-closed-days').textContent).toBe('Not bookable in April 2026:Thu, Apr 2: The chef is not available on this day.');
    fireEvent.click(screen.getByRole('button', { name: /Previous Month/i }));

    fireEvent.mouseOver(screen.getByRole('gridcell', { name: /March 17, 2026/ }));
    expect(screen.getByTestId('date-day-note').textContent).toBe('The chef is not available on this day.');
    fireEvent.focus(screen.getByRole('gridcell', { name: /March 18, 2026/ }));
    expect(screen.getByTestId('date-day-note').textContent).toBe('Possibly available soon.');
    // Days outside the window say so too.
    fireEvent.focus(screen.getByRole('gridcell', { name: /March 10, 2026/ }));
    expect(screen.getByTestId('date-day-note').textContent).toBe('Outside the window: 2026-03-10');
  });
});

describe('the booking form’s calendar', () => {
  const fresh = () => renderAt('/booking/begin/7', <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}><BookingBeginPage params={{ menuId: '7' }} /></SWRConfig>);
  const menu = { id: 7, name: 'Autumn feast', min_guests: 2, max_guests: 12, at_customer: true, at_chef: true, booking_mode: 'request' };

  beforeEach(() => {
    sessionStorage.clear();
    updateBooking(defaultBookingSettings());
  });

  it('greys out the chef’s blocked, booked and held days before anything is filled in, with visible labels', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    const a = availabilityResponse();
    // Days of next month, all in one month whatever today is.
    const [y, m] = a.data.first_day.split('-').map(Number) as [number, number];
    const day = (n: number) => new Date(Date.UTC(y, m, 1 + n, 12)).toISOString().slice(0, 10);
    const until = new Date(Date.now() + 20 * MINUTE).toISOString();
    const expired = new Date(Date.now() - MINUTE).toISOString();
    const avail = availabilityResponse({
      days: [
        { day: day(5), state: 'blocked' },
        { day: day(6), state: 'booked' },
        { day: day(7), state: 'held', until },
        { day: day(8), state: 'held', until: expired },
      ],
    });
    // A draft on the day before opens the calendar on that month.
    sessionStorage.setItem(draftKey('7'), JSON.stringify({ starts_at: zonedTime(day(4), 19, 0, ZURICH).toISOString() }));
    const { calls } = stubFetch({
      '/v1/menus/7': { body: { data: menu } },
      '/v1/menus/7/availability': { body: avail },
      '/v1/lists': { body: { data: { diet: [], allergy: [] } } },
      '/v1/bookings/quote': { status: 400, body: { message: 'x', code: 'X' } },
    });
    fresh();
    const field = await screen.findByTestId('event-date-field');
    expect(calls.some((c) => c.url === '/v1/menus/7/availability')).toBe(true);
    // Visible labels for the guests and the calendar.
    expect(screen.getByText('Guests', { selector: 'p.field-label' })).toBeTruthy();
    expect(within(field).getByText('Date and time', { selector: 'p.field-label' })).toBeTruthy();
    expect(within(field).getByRole('group', { name: 'Date and time' })).toBeTruthy();
    const cell = async (d: string) => {
      const label = new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
      return within(field).findByRole('gridcell', { name: new RegExp(label) });
    };
    const blocked = await cell(day(5));
    expect(blocked.getAttribute('aria-disabled')).toBe('true');
    fireEvent.focus(blocked);
    expect(within(field).getByTestId('date-day-note').textContent).toBe('The chef is not available.');
    fireEvent.focus(await cell(day(6)));
    expect(within(field).getByTestId('date-day-note').textContent).toBe('The chef is already booked.');
    const held = await cell(day(7));
    expect(held.className).toContain('ylc-day--soon');
    fireEvent.mouseOver(held);
    expect(within(field).getByTestId('date-day-note').textContent).toBe('Possibly available soon: another guest is paying right now.');
    // Arrow keys skip days that cannot be picked, so the month's taken days are also listed in words.
    const list = within(field).getByTestId('date-closed-days');
    const name = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
    expect(list.textContent).toContain(`${name(day(5))}: The chef is not available.`);
    expect(list.textContent).toContain(`${name(day(6))}: The chef is already booked.`);
    expect(list.textContent).toContain(`${name(day(7))}: Possibly available soon: another guest is paying right now.`);
    expect(list.textContent).not.toContain(name(day(8)));
    // A hold that ran out is free again; so is the day before the blocked one.
    expect((await cell(day(8))).getAttribute('aria-disabled')).toBe('false');
    expect((await cell(day(4))).getAttribute('aria-disabled')).toBe('false');
    expect(within(field).getByText(/Times are in Zurich time/)).toBeTruthy();
  });

  it('puts a 409 for a day taken meanwhile next to the date and reads the availability again', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    const a = availabilityResponse();
    sessionStorage.setItem(draftKey('7'), JSON.stringify({ occasion: 'birthday', at_chefs_place: true, starts_at: zonedTime(a.data.last_day, 19, 0, ZURICH).toISOString() }));
    const { calls } = stubFetch({
      '/v1/menus/7': { body: { data: menu } },
      '/v1/menus/7/availability': { body: a },
      '/v1/lists': { body: { data: { diet: [], allergy: [] } } },
      '/v1/bookings/quote': { status: 400, body: { message: 'x', code: 'X' } },
      '/v1/bookings': { status: 409, body: { message: 'The chef is not available on that day. Please choose another date.', code: 'CHEF_UNAVAILABLE', errors: {} } },
    });
    fresh();
    await screen.findByTestId('event-date-field');
    fireEvent.click(screen.getByRole('button', { name: 'Send booking request' }));
    await waitFor(() => expect(document.querySelector('[data-field-error="starts_at"]')?.textContent).toContain('The chef is not available on that day.'));
  });
});

describe('booking pages', () => {
  it('show a booking at 19:00 Zürich time in a UTC browser, with the zone named', async () => {
    await ensureAreaTexts();
    stubFetch({ '/v1/users/me/orders/42': { body: { data: bookingResponse({ starts_at: evening }) } } });
    renderAt('/account/me/bookings/42', <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}><BookingDetail view="customer" bookingId="42" /></SWRConfig>);
    expect((await screen.findAllByText('12/09/2026 19:00, Zurich time')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/18:00/)).toBeNull();
  });
});

function render(ui: React.ReactElement) {
  return renderAt('/', ui);
}
