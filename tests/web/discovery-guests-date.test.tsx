import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import DateTimeCalendar from '../../web/src/components/DateTimeCalendar';
import { GuestCountSelector, guestCountError, isValidGuestCount, QUICK_PICKS } from '../../web/src/components/GuestCountSelector';
import { bookableDateOrNull, bookingWindow, clampToWindow, isBookable, isBookableDay, marketDay } from '../../web/src/lib/booking-window';
import { setupDomTests } from './helpers';

setupDomTests();

// The booking window is judged in the marketplace's time zone; run these as a visitor there would (Node re-reads TZ).
const originalTz = process.env.TZ;
process.env.TZ = 'Europe/Zurich';
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

function Guests({ initial = 2, onChange = () => undefined }: { initial?: number; onChange?: (n: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <GuestCountSelector
      label="Guests"
      value={value}
      onChange={(n) => {
        setValue(n);
        onChange(n);
      }}
    />
  );
}

describe('guest count selector', () => {
  it('offers quick picks 2 to 9 plus "10+"', () => {
    render(<Guests />);
    const group = screen.getByRole('group', { name: 'Guests' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10+']);
    expect(QUICK_PICKS).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('picks a quick count and shows no numeric input below 10', () => {
    const onChange = vi.fn();
    render(<Guests onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: '7' }));
    expect(onChange).toHaveBeenLastCalledWith(7);
    expect(screen.getByRole('button', { name: '7' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByLabelText('Number of guests')).toBeNull();
  });

  it('shows the numeric input once 10 or more guests are chosen', () => {
    const onChange = vi.fn();
    render(<Guests onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: '10+' }));
    expect(onChange).toHaveBeenLastCalledWith(10);
    const input = screen.getByLabelText('Number of guests') as HTMLInputElement;
    expect(input.value).toBe('10');
    expect(input.min).toBe('2');
    expect(input.max).toBe('100');
    fireEvent.change(input, { target: { value: '42' } });
    expect(onChange).toHaveBeenLastCalledWith(42);
    // Going back to a quick pick hides the field.
    fireEvent.click(screen.getByRole('button', { name: '4' }));
    expect(screen.queryByLabelText('Number of guests')).toBeNull();
  });

  it('starts with the numeric input for a restored count of 10 or more', () => {
    render(<Guests initial={16} />);
    expect((screen.getByLabelText('Number of guests') as HTMLInputElement).value).toBe('16');
    expect(screen.getByRole('button', { name: '10+' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows guestcountselector.leasttext below 2 and guestcountselector.maxtext above 100', () => {
    render(<Guests initial={12} />);
    const input = screen.getByLabelText('Number of guests');
    fireEvent.change(input, { target: { value: '1' } });
    expect(screen.getByTestId('guest-error').textContent).toBe('At least 2 guests');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '101' } });
    expect(screen.getByTestId('guest-error').textContent).toBe('For more than 100 guests, please contact us.');
    fireEvent.change(input, { target: { value: '100' } });
    expect(screen.queryByTestId('guest-error')).toBeNull();
  });

  it('validates counts between 2 and 100', () => {
    expect([0, 1, 2, 100, 101, Number.NaN].map(guestCountError)).toEqual([
      'guestcountselector.leasttext',
      'guestcountselector.leasttext',
      null,
      null,
      'guestcountselector.maxtext',
      'guestcountselector.leasttext',
    ]);
    expect(isValidGuestCount(2.5)).toBe(false);
    expect(isValidGuestCount(50)).toBe(true);
  });
});

describe('booking window', () => {
  const now = new Date(2026, 2, 10, 22, 30); // 10 March 2026, 22:30 local

  it('opens tomorrow at 13:00 and closes one year from today', () => {
    const { earliest, latest } = bookingWindow(now);
    expect(earliest).toEqual(new Date(2026, 2, 11, 13, 0));
    expect(latest.toISOString()).toBe('2027-03-10T22:59:59.999Z'); // the end of 10 March 2027 in Zürich
    expect(earliest.toISOString()).toBe('2026-03-11T12:00:00.000Z'); // 13:00 in Zürich (CET)
  });

  it('blocks everything up to tomorrow 13:00 and after one year', () => {
    expect(isBookable(new Date(2026, 2, 11, 12, 59), now)).toBe(false);
    expect(isBookable(new Date(2026, 2, 11, 13, 0), now)).toBe(true);
    expect(isBookable(new Date(2027, 2, 10, 20, 0), now)).toBe(true);
    expect(isBookable(new Date(2027, 2, 11, 12, 0), now)).toBe(false);
    expect(isBookable(null, now)).toBe(false);
    expect(isBookable('not a date', now)).toBe(false);
    const w = bookingWindow(now);
    expect(isBookableDay('2026-03-10', w)).toBe(false);
    expect(isBookableDay('2026-03-11', w)).toBe(true);
    expect(isBookableDay('2027-03-10', w)).toBe(true);
    expect(isBookableDay('2027-03-11', w)).toBe(false);
  });

  it('moves a too-early pick to the earliest moment and drops stale dates', () => {
    expect(clampToWindow(new Date(2026, 2, 11, 9, 0), bookingWindow(now))).toEqual(new Date(2026, 2, 11, 13, 0));
    expect(clampToWindow(new Date(2026, 5, 1, 18, 30), bookingWindow(now))).toEqual(new Date(2026, 5, 1, 18, 30));
    expect(bookableDateOrNull(new Date(2026, 2, 9).toISOString(), now)).toBeNull();
    expect(bookableDateOrNull(new Date(2026, 3, 9, 19).toISOString(), now)).not.toBeNull();
  });

  it('names the day in Europe/Zurich for the menu search', () => {
    expect(marketDay('2026-07-14T22:30:00Z')).toBe('2026-07-15'); // 00:30 in Zürich (CEST)
    expect(marketDay('2026-01-14T22:30:00Z')).toBe('2026-01-14'); // 23:30 in Zürich (CET)
  });
});

describe('date and time calendar', () => {
  const now = new Date(2026, 2, 10, 9, 0);

  it('disables days up to today and times before 13:00 tomorrow, with a 24-hour time list', () => {
    render(<DateTimeCalendar value={new Date(2026, 2, 11, 13, 0).toISOString()} onChange={() => undefined} locale="en" timeCaption="Time" now={now} />);
    const today = screen.getByRole('gridcell', { name: /March 10, 2026/ });
    const tomorrow = screen.getByRole('gridcell', { name: /March 11, 2026/ });
    expect(today.getAttribute('aria-disabled')).toBe('true');
    expect(tomorrow.getAttribute('aria-disabled')).toBe('false');
    const times = within(screen.getByRole('listbox', { name: 'Time' })).getAllByRole('option');
    const label = (t: HTMLElement) => t.textContent;
    expect(times.map(label)).toContain('13:00');
    expect(times.map(label)).toContain('19:30');
    expect(times.some((t) => /AM|PM/.test(t.textContent ?? ''))).toBe(false);
    const disabled = (text: string) => times.find((t) => t.textContent === text)!.className.includes('disabled');
    expect(disabled('12:30')).toBe(true);
    expect(disabled('13:00')).toBe(false);
    // The time list has its header (the inline variant's time caption).
    expect(screen.getByText('Time')).toBeTruthy();
  });

  it('starts a newly picked day at 19:00', () => {
    const onChange = vi.fn();
    render(<DateTimeCalendar value={null} onChange={onChange} locale="en" timeCaption="Time" now={now} />);
    fireEvent.click(screen.getByRole('gridcell', { name: /March 20, 2026/ }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(new Date(onChange.mock.calls[0]![0] as string)).toEqual(new Date(2026, 2, 20, 19, 0));
  });

  it('does not pick a blocked day', () => {
    const onChange = vi.fn();
    render(<DateTimeCalendar value={null} onChange={onChange} locale="en" timeCaption="Time" now={now} />);
    fireEvent.click(screen.getByRole('gridcell', { name: /March 9, 2026/ }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
