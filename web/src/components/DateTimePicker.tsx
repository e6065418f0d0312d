// Date and time of the event (seed §5): the calendar blocks everything up to tomorrow 13:00 and after one year from
// today, and times are 24-hour. react-datepicker is heavy, so it lives in its own chunk (DateTimeCalendar) that
// loads only when a picker is shown: the inline variant when it is rendered (an opened section), the popover variant
// when its button is pressed.
import { lazy, Suspense } from 'react';
import { formatDateTime } from '../lib/format';
import { useLocale, useT } from '../lib/i18n';
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

export function DateTimePicker({ value, onChange, variant = 'inline', label }: DateTimePickerProps) {
  const t = useT();
  const locale = useLocale();
  const calendar = (
    <Suspense fallback={<CalendarFallback />}>
      <DateTimeCalendar
        value={value}
        onChange={onChange}
        locale={locale}
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
      <div role="group" aria-label={label}>
        {calendar}
        <p className="mt-2 text-sm text-ink-700" aria-live="polite" data-testid="date-chosen">
          {value ? t('datetimepicker.chosen', { date: formatDateTime(value, locale) }) : t('datetimepicker.hint')}
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
          <span>{value ? formatDateTime(value, locale) : t('datetimepicker.placeholder')}</span>
        </span>
      }
      buttonClassName="flex w-full items-center rounded-xl border border-ink-400 bg-white px-3 py-2.5 text-left text-ink-900"
      panelClassName="p-2"
    >
      {calendar}
    </Popover>
  );
}
