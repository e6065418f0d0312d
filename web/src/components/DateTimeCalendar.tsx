// The calendar behind DateTimePicker: react-datepicker, inline, with its time list (24-hour, 30-minute steps) and the
// booking window (lib/booking-window.ts). This module, the library and its styles form their own chunk, downloaded
// only when a date picker is opened.
import type { Locale as DateFnsLocale } from 'date-fns';
import { de } from 'date-fns/locale/de';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import { it } from 'date-fns/locale/it';
import { useMemo } from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import type { Locale } from '../../../functions/_api/lib/locales';
import { bookingWindow, clampToWindow, DEFAULT_EVENT_HOUR, isBookable, isBookableDay } from '../lib/booking-window';
import { dateFormatFor } from '../lib/format';
import './DateTimeCalendar.css';

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

/** Minutes between the times offered (the seed's accuracy is hours and minutes). */
export const TIME_STEP_MINUTES = 30;

export interface DateTimeCalendarProps {
  value: string | null;
  onChange: (iso: string) => void;
  locale: Locale;
  timeCaption: string;
  /** Screen-reader texts of the calendar in the visitor's language. */
  labels?: { choose: string; notAvailable: string; previousMonth: string; nextMonth: string };
  /** Today, for tests; the window is computed from it. */
  now?: Date;
}

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

export default function DateTimeCalendar({ value, onChange, locale, timeCaption, labels, now: nowProp }: DateTimeCalendarProps) {
  const now = useMemo(() => nowProp ?? new Date(), [nowProp]);
  const { earliest, latest } = bookingWindow(now);
  const selected = value ? new Date(value) : null;

  return (
    <div className="ylc-datepicker" data-testid="date-calendar">
      <DatePicker
        inline
        selected={selected && !Number.isNaN(selected.getTime()) ? selected : null}
        openToDate={selected ?? earliest}
        onChange={(next: Date | null) => {
          if (!next) return;
          let date = new Date(next);
          // A first pick of a day has no time yet: start it as an evening event.
          if (!selected || (!sameDay(selected, date) && date.getHours() === 0 && date.getMinutes() === 0)) {
            date.setHours(selected ? selected.getHours() : DEFAULT_EVENT_HOUR, selected ? selected.getMinutes() : 0, 0, 0);
          }
          date = clampToWindow(date, now);
          onChange(date.toISOString());
        }}
        showTimeSelect
        timeFormat="HH:mm"
        timeIntervals={TIME_STEP_MINUTES}
        timeCaption={timeCaption}
        dateFormat={`${dateFormatFor(locale)} HH:mm`}
        minDate={earliest}
        maxDate={latest}
        filterDate={(day: Date) => isBookableDay(day, now)}
        filterTime={(time: Date) => isBookable(time, now)}
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
    </div>
  );
}
