// Month-grid arithmetic for the availability calendar, on plain YYYY-MM-DD strings in UTC so that no time zone or
// daylight-saving change can shift a day. Weeks start on Monday, as in the markets we serve.
import { DAY } from '#shared/time';

export type Month = { year: number; month: number /** 1..12 */ };

export const pad2 = (n: number) => String(n).padStart(2, '0');
export const dayString = (y: number, m: number, d: number) => `${y}-${pad2(m)}-${pad2(d)}`;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, n: number) => fromUtc(toUtc(day) + n * DAY);
export const monthOf = (day: string): Month => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) });
export const daysInMonth = ({ year, month }: Month) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function addMonths({ year, month }: Month, n: number): Month {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** 0 = Monday … 6 = Sunday. */
export const weekdayIndex = (day: string) => (new Date(toUtc(day)).getUTCDay() + 6) % 7;

export function monthRange(m: Month): { from: string; to: string } {
  return { from: dayString(m.year, m.month, 1), to: dayString(m.year, m.month, daysInMonth(m)) };
}

/** The month as weeks of seven cells, Monday first; cells outside the month are null. */
export function monthGrid(m: Month): (string | null)[][] {
  const { from } = monthRange(m);
  const cells: (string | null)[] = Array.from({ length: weekdayIndex(from) }, () => null);
  for (let d = 1; d <= daysInMonth(m); d++) cells.push(dayString(m.year, m.month, d));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The day keyboard navigation moves to (WAI-ARIA date grid keys), or null for any other key. */
export function keyTarget(day: string, key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekdayIndex(day));
    case 'End':
      return addDays(day, 6 - weekdayIndex(day));
    case 'PageUp':
    case 'PageDown': {
      const target = addMonths(monthOf(day), key === 'PageUp' ? -1 : 1);
      const d = Math.min(Number(day.slice(8, 10)), daysInMonth(target));
      return dayString(target.year, target.month, d);
    }
    default:
      return null;
  }
}
