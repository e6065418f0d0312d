// The booking form's date and time: the menu's bookable window and the chef's taken days (GET
// /v1/menus/{id}/availability) on the chef's clocks, so a day the chef cannot take is greyed out, with why, before
// the customer fills in the rest.
import { useMemo } from 'react';
import type { DayNote } from '../../components/DateTimeCalendar';
import { DateTimePicker } from '../../components/DateTimePicker';
import { FieldErrorList } from '../../components/Field';
import { LoadError, Loading } from '../../components/LoadState';
import { firstStart, isInWindow, type BookingWindow } from '../../lib/booking-window';
import { formatEventDate, formatEventTime } from '../../lib/event-time';
import { useLocale, useT, type TFunction } from '../../lib/i18n';
import { client, type Answer } from '../../lib/client';
import { useApi } from '../../lib/swr';
import { localDay, zoneCity } from '#shared/event-time';

const availabilityEndpoint = client.menus[':id{[0-9]+}'].availability;
/** GET /v1/menus/{id}/availability */
export type MenuAvailability = Answer<typeof availabilityEndpoint.$get>['data'];

export const availabilityPath = (menuId: number | string) => availabilityEndpoint.$path({ param: { id: String(menuId) } });

export function windowOf(a: MenuAvailability): BookingWindow {
  return { timeZone: a.timezone, earliest: new Date(a.earliest), latest: new Date(a.latest), firstDay: a.first_day, lastDay: a.last_day };
}

/** The taken days with why; a checkout's hold that has run out meanwhile no longer counts. */
export function closedDaysOf(a: MenuAvailability, t: TFunction, now: Date = new Date()): Map<string, DayNote> {
  const closed = new Map<string, DayNote>();
  for (const d of a.days) {
    if (d.state === 'held') {
      if (d.until && new Date(d.until).getTime() > now.getTime()) closed.set(d.day, { text: t('booking.calendar.held'), tone: 'soon' });
    } else closed.set(d.day, { text: t(d.state === 'booked' ? 'booking.calendar.booked' : 'booking.calendar.blocked'), tone: 'taken' });
  }
  return closed;
}

export function EventDateField({ menuId, value, onChange, errors }: { menuId: number; value: string | null; onChange: (iso: string) => void; errors?: string[] }) {
  const t = useT();
  const locale = useLocale();
  const availability = useApi<{ data: MenuAvailability }>(availabilityPath(menuId));
  const a = availability.data?.data;
  const w = useMemo(() => (a ? windowOf(a) : null), [a]);
  const closed = useMemo(() => (a ? closedDaysOf(a, t) : null), [a, t]);

  if (availability.error && !a) return <LoadError retry={() => void availability.mutate()} />;
  if (!a || !w || !closed) return <Loading />;
  // A day restored from the search or a draft may be one the chef cannot take: say so next to the calendar.
  const chosenNote = !value
    ? undefined
    : !isInWindow(value, w)
      ? t('datetimepicker.before', { date: formatEventTime(firstStart(w), w.timeZone, locale) })
      : closed.get(localDay(new Date(value), a.timezone))?.text;
  return (
    <div data-testid="event-date-field">
      <DateTimePicker label={t('booking.startsat')} labelVisible value={value} onChange={onChange} window={w} closedDays={closed} />
      <p className="mt-1 text-xs text-ink-600">{t('booking.calendar.legend', { city: zoneCity(a.timezone, locale) })}</p>
      <FieldErrorList
        name="starts_at"
        errors={errors ?? (chosenNote && value ? [t('booking.calendar.chosenclosed', { date: formatEventDate(value, a.timezone, locale), reason: chosenNote })] : undefined)}
      />
    </div>
  );
}
