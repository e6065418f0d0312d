// The calendar behind DateTimePicker: react-datepicker, inline, with its time list (24-hour, 30-minute steps), the
// booking window (lib/booking-window.ts) and the days the chef cannot take, all on the clocks of the event's zone. This module, the library and its styles form their own chunk, downloaded
// only when a date picker is opened.
import type { Locale as DateFnsLocale } from 'date-fns';
import { de } from 'date-fns/locale/de';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import { it } from 'date-fns/locale/it';
import { useEffect, useMemo, useRef, useState } from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import type { Locale } from '#shared/locales';
import { zoneParts, zonedTime } from '#shared/event-time';
import { bookingWindow, clampToWindow, DEFAULT_EVENT_HOUR, isBookableDay, isInWindow, TIME_STEP_MINUTES, type BookingWindow } from '../lib/booking-window';
import { dateFormatFor } from '../lib/format';
import { htmlLang, useT } from '../lib/i18n';
import './DateTimeCalendar.css';
import { DAY } from '#shared/time';

/**
 * Day names for screen readers say "June 6, 2026", not "June 6th": the visible day number must be a word of its
 * accessible name (WCAG 2.5.3), which also lets speech-input users pick a day by saying its number.
 */
const plainNumbers = (locale: DateFnsLocale): DateFnsLocale => ({ ...locale, localize: { ...locale.localize, ordinalNumber: (n: unknown) => String(n) } });

// Registered under names of our own: react-datepicker treats the name "en" as its built-in English.
const PICKER_LOCALES: Record<Locale, string> = { de: 'ylc-de', 'de-ch': 'ylc-de-ch', en: 'ylc-en', fr: 'ylc-fr', it: 'ylc-it' };
registerLocale(PICKER_LOCALES.de, plainNumbers(de));
registerLocale(PICKER_LOCALES['de-ch'], plainNumbers(de));
registerLocale(PICKER_LOCALES.en, plainNumbers(enUS));
registerLocale(PICKER_LOCALES.fr, plainNumbers(fr));
registerLocale(PICKER_LOCALES.it, plainNumbers(it));

/**
 * What the calendar says about a day it greys out, beyond the booking window: why it cannot be booked (shown on
 * hover and when the day has the keyboard focus), and whether it is taken or may come free soon.
 */
export type DayNote = { text: string; tone: 'taken' | 'soon' };

export interface DateTimeCalendarProps {
  value: string | null;
  onChange: (iso: string) => void;
  locale: Locale;
  timeCaption: string;
  /** The bookable window, read on the clocks of its zone (the event's); by default discovery's, from `now`. */
  window?: BookingWindow;
  /** Days (YYYY-MM-DD in the window's zone) that cannot be booked inside the window, with why. */
  closedDays?: ReadonlyMap<string, DayNote>;
  /** Why a day outside the window cannot be picked (the first or last bookable day named). */
  outsideNote?: (day: string) => string;
  /** Screen-reader texts of the calendar in the visitor's language. */
  labels?: { choose: string; notAvailable: string; previousMonth: string; nextMonth: string };
  /** Today, for tests; the default window is computed from it. */
  now?: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

// react-datepicker shows and returns Dates on the browser's clock. The calendar shows the event's clock instead:
// a "wall" Date carries the event zone's date and time in its local fields, whatever zone the browser is in.
function toWall(instant: Date, timeZone: string): Date {
  const p = zoneParts(instant, timeZone);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute);
}
const fromWall = (wall: Date, timeZone: string): Date => zonedTime(dayKey(wall), wall.getHours(), wall.getMinutes(), timeZone);

export default function DateTimeCalendar({ value, onChange, locale, timeCaption, window: windowProp, closedDays, outsideNote, labels, now: nowProp }: DateTimeCalendarProps) {
  const now = useMemo(() => nowProp ?? new Date(), [nowProp]);
  const w = useMemo(() => windowProp ?? bookingWindow(now), [windowProp, now]);
  const zone = w.timeZone;
  const instant = value ? new Date(value) : null;
  const selected = instant && !Number.isNaN(instant.getTime()) ? toWall(instant, zone) : null;
  const [explained, setExplained] = useState<string | null>(null);
  const [shownMonth, setShownMonth] = useState(() => dayKey(selected ?? toWall(w.earliest, zone)).slice(0, 7));
  // react-datepicker centres the selected time only when it mounts; a day picked later starts at 19:00, which the
  // list would keep out of sight.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = root.current?.querySelector<HTMLElement>('.react-datepicker__time-list');
    const item = list?.querySelector<HTMLElement>('.react-datepicker__time-list-item--selected');
    if (list && item) list.scrollTop = item.offsetTop - (list.clientHeight - item.clientHeight) / 2;
  }, [value]);

  const noteOf = (day: string): DayNote | null => {
    if (!isBookableDay(day, w)) return outsideNote ? { text: outsideNote(day), tone: 'taken' } : null;
    return closedDays?.get(day) ?? null;
  };
  // Hovering or focusing a day says why it cannot be booked, in a live region under the calendar.
  const explain = (target: EventTarget | null) => {
    const day = target instanceof Element ? target.closest('.react-datepicker__day')?.querySelector('[data-day]')?.getAttribute('data-day') : null;
    setExplained(day ? (noteOf(day)?.text ?? null) : null);
  };

  return (
    <div ref={root} className="ylc-datepicker" data-testid="date-calendar" onMouseOver={(e) => explain(e.target)} onFocus={(e) => explain(e.target)}>
      <DatePicker
        inline
        selected={selected}
        openToDate={selected ?? toWall(w.earliest, zone)}
        onChange={(next: Date | null) => {
          if (!next) return;
          const date = new Date(next);
          // A first pick of a day has no time yet: start it as an evening event.
          if (!selected || (dayKey(selected) !== dayKey(date) && date.getHours() === 0 && date.getMinutes() === 0)) {
            date.setHours(selected ? selected.getHours() : DEFAULT_EVENT_HOUR, selected ? selected.getMinutes() : 0, 0, 0);
          }
          onChange(clampToWindow(fromWall(date, zone), w).toISOString());
        }}
        showTimeSelect
        timeFormat="HH:mm"
        timeIntervals={TIME_STEP_MINUTES}
        timeCaption={timeCaption}
        dateFormat={`${dateFormatFor(locale)} HH:mm`}
        minDate={toWall(w.earliest, zone)}
        maxDate={toWall(w.latest, zone)}
        filterDate={(day: Date) => noteOf(dayKey(day)) === null}
        filterTime={(time: Date) => isInWindow(fromWall(time, zone), w)}
        dayClassName={(day: Date) => {
          const note = isBookableDay(dayKey(day), w) ? closedDays?.get(dayKey(day)) : undefined;
          return note ? `ylc-day--${note.tone}` : '';
        }}
        renderDayContents={(dayOfMonth: number, day?: Date) => {
          const key = day ? dayKey(day) : '';
          return (
            <span data-day={key} title={key ? (noteOf(key)?.text ?? undefined) : undefined}>
              {dayOfMonth}
            </span>
          );
        }}
        onMonthChange={(month: Date) => setShownMonth(dayKey(month).slice(0, 7))}
        locale={PICKER_LOCALES[locale]}
        calendarStartDay={locale === 'en' ? 0 : 1}
        {...(labels
          ? {
              chooseDayAriaLabelPrefix: labels.choose,
              disabledDayAriaLabelPrefix: labels.notAvailable,
              previousMonthAriaLabel: labels.previousMonth,
              previousMonthButtonLabel: labels.previousMonth,
              nextMonthAriaLabel: labels.nextMonth,
              nextMonthButtonLabel: labels.nextMonth,
            }
          : {})}
      />
      <p className="mt-1 min-h-5 text-sm text-ink-700" aria-live="polite" data-testid="date-day-note">
        {explained}
      </p>
      <ClosedDaysList month={shownMonth} closedDays={closedDays} window={w} locale={locale} />
    </div>
  );
}

/**
 * The shown month's taken days in words, runs of days with the same reason together ("Tue, Dec 15 – Fri, Dec 18:
 * The chef is not available."). The calendar's arrow keys skip days that cannot be picked, so this is how a keyboard
 * or screen-reader user learns which days are taken and why.
 */
function ClosedDaysList({ month, closedDays, window: w, locale }: { month: string; closedDays?: ReadonlyMap<string, DayNote>; window: BookingWindow; locale: Locale }) {
  const t = useT();
  const days = [...(closedDays ?? [])].filter(([day]) => day.startsWith(month) && isBookableDay(day, w)).sort(([a], [b]) => a.localeCompare(b));
  if (!days.length) return null;
  const name = new Intl.DateTimeFormat(htmlLang(locale), { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const monthName = new Intl.DateTimeFormat(htmlLang(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
  const of = (day: string) => name.format(new Date(`${day}T12:00:00Z`));
  const runs: { from: string; to: string; note: DayNote }[] = [];
  for (const [day, note] of days) {
    const last = runs.at(-1);
    const next = last && new Date(Date.parse(`${last.to}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
    if (last && next === day && last.note.text === note.text) last.to = day;
    else runs.push({ from: day, to: day, note });
  }
  return (
    <div className="mt-2 text-sm text-ink-700" data-testid="date-closed-days">
      <p className="font-semibold">{t('datetimepicker.closedin', { month: monthName })}</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {runs.map((r) => (
          <li key={r.from}>
            {r.from === r.to ? of(r.from) : `${of(r.from)} – ${of(r.to)}`}: {r.note.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
