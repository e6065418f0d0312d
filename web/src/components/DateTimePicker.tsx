// Date and time of the event (seed §5): the calendar blocks everything up to tomorrow 13:00 and after one year from
// today, on the clocks of the event's zone, greys out the days the chef cannot take, and times are 24-hour. react-datepicker is heavy, so it lives in its own chunk (DateTimeCalendar) that
// loads only when a picker is shown: the inline variant when it is rendered (an opened section), the popover variant
// when its button is pressed.
import { lazy, Suspense, useId, useMemo } from 'react';
import { bookingWindow, firstStart, type BookingWindow } from '../lib/booking-window';
import { formatEventDate, formatEventTime } from '../lib/event-time';
import { useLocale, useT } from '../lib/i18n';
import type { DayNote } from './DateTimeCalendar';
import { Icon } from './Icon';
import { Popover } from './Popover';
import { Spinner } from './Spinner';

const loadCalendar = () => import('./DateTimeCalendar');
const DateTimeCalendar = lazy(loadCalendar);

/** Starts downloading the calendar early, e.g. when the pointer approaches the date section. */
export const preloadDateTimePicker = (): void => {
  void loadCalendar().catch(() => undefined);
};

export interface DateTimePickerProps {
  value: string | null;
  onChange: (iso: string) => void;
  /** inline: the calendar with its time list in place; popover: a button that opens it. */
  variant?: 'inline' | 'popover';
  label: string;
  /** Shows the label above the inline calendar (a form); else only screen readers read it. */
  labelVisible?: boolean;
  /** The bookable window on the event's clocks; by default discovery's, in the marketplace's zone. */
  window?: BookingWindow;
  /** Days inside the window the chef cannot take, with why (YYYY-MM-DD in the window's zone). */
  closedDays?: ReadonlyMap<string, DayNote>;
}

function CalendarFallback() {
  const t = useT();
  return (
    <div className="flex h-72 items-center justify-center rounded-2xl bg-cream-100 text-brand-700" role="status">
      <Spinner className="h-6 w-6" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

export function DateTimePicker({ value, onChange, variant = 'inline', label, labelVisible = false, window: windowProp, closedDays }: DateTimePickerProps) {
  const t = useT();
  const labelId = useId();
  const locale = useLocale();
  const w = useMemo(() => windowProp ?? bookingWindow(), [windowProp]);
  const shown = value ? formatEventTime(value, w.timeZone, locale) : null;
  const calendar = (
    <Suspense fallback={<CalendarFallback />}>
      <DateTimeCalendar
        value={value}
        onChange={onChange}
        locale={locale}
        window={w}
        closedDays={closedDays}
        outsideNote={(day) =>
          day <= w.firstDay ? t('datetimepicker.before', { date: formatEventTime(firstStart(w), w.timeZone, locale) }) : t('datetimepicker.after', { date: formatEventDate(w.latest, w.timeZone, locale) })
        }
        timeCaption={t('datetimepicker.time')}
        labels={{
          choose: t('datetimepicker.choose'),
          notAvailable: t('datetimepicker.notavailable'),
          previousMonth: t('datetimepicker.previousmonth'),
          nextMonth: t('datetimepicker.nextmonth'),
        }}
      />
    </Suspense>
  );

  if (variant === 'inline') {
    return (
      <div role="group" aria-labelledby={labelId}>
        <p id={labelId} className={labelVisible ? 'field-label' : 'sr-only'}>
          {label}
        </p>
        {calendar}
        <p className="mt-2 text-sm text-ink-700" aria-live="polite" data-testid="date-chosen">
          {shown ? t('datetimepicker.chosen', { date: shown }) : t('datetimepicker.hint', { date: formatEventTime(firstStart(w), w.timeZone, locale) })}
        </p>
      </div>
    );
  }

  return (
    <Popover
      label={label}
      trigger={
        <span className="flex items-center gap-2">
          <Icon name="calendar" className="h-5 w-5 text-brand-700" />
          <span>{shown ?? t('datetimepicker.placeholder')}</span>
        </span>
      }
      buttonClassName="flex w-full items-center rounded-xl border border-ink-400 bg-white px-3 py-2.5 text-left text-ink-900"
      panelClassName="p-2"
    >
      {calendar}
    </Popover>
  );
}
