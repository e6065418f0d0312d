// Availability calendar (account.availability, /account/me/availability): a month grid where the chef blocks and
// unblocks days (PUT/DELETE /v1/chefs/me/availability/{day}) and sees confirmed bookings and open requests. The
// grid follows the WAI-ARIA date-grid keys: arrows, Home/End, PageUp/PageDown; Enter or Space toggles a day.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type * as v from 'valibot';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { unwrap, type Answer } from '../../lib/client';
import { localDay } from '#shared/event-time';
import { blockDayBody } from '#shared/schemas/chef-area.schema';
import { viewerTimeZone } from '../../lib/event-time';
import { formatDate } from '../../lib/format';
import { htmlLang, useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import { addMonths, keyTarget, monthGrid, monthOf, monthRange, type Month } from './calendar';
import { CalendarFeed } from './CalendarFeed';
import { ChefAreaFrame } from './ChefAreaFrame';
import { chefMe, type AvailabilityData, type OwnProfile } from './chefApi';
import { FormErrors, TextField } from '../../components/Field';
import { failureOf, useSchemaForm } from '../../lib/schema-form';
import { FormMessage, LoadError } from './states';

type DayInfo = {
  day: string;
  blocked: boolean;
  note: string | null;
  booked: AvailabilityData['booked'];
  requests: AvailabilityData['requests'];
};

const availabilityOf = chefMe.availability;
type BlockDayInput = v.InferOutput<typeof blockDayBody>;

export const availabilityUrl = (m: Month) => availabilityOf.$path({ query: monthRange(m) });

function useDayFormat() {
  const locale = useLocale();
  return useMemo(() => {
    const tag = htmlLang(locale);
    const long = new Intl.DateTimeFormat(tag, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const weekdayShort = new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' });
    const weekdayLong = new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    const weekdays = Array.from({ length: 7 }, (_, i) => {
      const d = new Date(Date.UTC(2024, 0, 1 + i));
      return { short: weekdayShort.format(d), long: weekdayLong.format(d) };
    });
    return {
      long: (day: string) => long.format(new Date(`${day}T00:00:00Z`)),
      month: (m: Month) => month.format(new Date(Date.UTC(m.year, m.month - 1, 1))),
      weekdays,
    };
  }, [locale]);
}

function Calendar({ chef }: { chef: OwnProfile }) {
  const t = useT();
  const locale = useLocale();
  const fmt = useDayFormat();
  const browserToday = localDay(new Date(), viewerTimeZone());
  const [month, setMonth] = useState<Month>(() => monthOf(browserToday));
  const [focused, setFocused] = useState<string>(browserToday);
  const [pending, setPending] = useState<Map<string, boolean>>(new Map());
  const [problem, setProblem] = useState<{ day: string; text: string } | null>(null);
  const [status, setStatus] = useState('');
  const grid = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  const data = useApi<Answer<typeof availabilityOf.$get>>(availabilityUrl(month));
  const availability = data.data?.data;
  // The chef's own "today" (their time zone) decides which days are in the past.
  const today = availability?.today ?? browserToday;
  // Until the server has said which day it is in the chef's zone, the device's day stands in; then the chef's today
  // takes the focus (a chef away from home would otherwise start on a day that is already past there, or not yet).
  const chefToday = availability?.today;
  const adoptedToday = useRef(false);
  useEffect(() => {
    if (!chefToday || adoptedToday.current) return;
    adoptedToday.current = true;
    if (focused === browserToday && chefToday !== browserToday) {
      setFocused(chefToday);
      setMonth(monthOf(chefToday));
    }
  }, [chefToday, focused, browserToday]);

  const byDay = useMemo(() => {
    const map = new Map<string, DayInfo>();
    const get = (day: string) => {
      let info = map.get(day);
      if (!info) map.set(day, (info = { day, blocked: false, note: null, booked: [], requests: [] }));
      return info;
    };
    for (const b of availability?.blocked ?? []) Object.assign(get(b.day), { blocked: true, note: b.note });
    for (const b of availability?.booked ?? []) get(b.day).booked.push(b);
    for (const r of availability?.requests ?? []) get(r.day).requests.push(r);
    return map;
  }, [availability]);

  const infoOf = (day: string): DayInfo => {
    const info = byDay.get(day) ?? { day, blocked: false, note: null, booked: [], requests: [] };
    const override = pending.get(day);
    return override === undefined ? info : { ...info, blocked: override };
  };

  // After keyboard navigation, focus follows the focused day (also into another month once it has rendered).
  useEffect(() => {
    if (!moveFocus.current) return;
    const el = grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`);
    if (el) {
      el.focus();
      moveFocus.current = false;
    }
  });

  const selected = infoOf(focused);

  /** Blocks (with the note form's body) or frees a day: it shows its new state at once, its old one if the call fails. */
  async function change(day: string, blocked: boolean, body: BlockDayInput = {}) {
    setProblem(null);
    setPending((p) => new Map(p).set(day, blocked));
    try {
      const param = { day };
      if (blocked) await unwrap(availabilityOf[':day'].$put({ param, json: body }));
      else await unwrap(availabilityOf[':day'].$delete({ param }));
      setStatus(t(blocked ? 'chefarea.availability.blockeddone' : 'chefarea.availability.unblockeddone', { date: formatDate(`${day}T12:00:00`, locale) }));
      await data.mutate();
    } finally {
      setPending((p) => {
        const next = new Map(p);
        next.delete(day);
        return next;
      });
    }
  }

  /** A day's state flipped in the grid or freed from its panel; a refusal shows next to the calendar. */
  async function toggle(day: string, blocked: boolean) {
    if (day < today) return;
    try {
      await change(day, blocked);
    } catch (err) {
      setProblem({ day, text: failureOf(err).message });
    }
  }

  const onKeyDown = (event: KeyboardEvent, day: string) => {
    const target = keyTarget(day, event.key);
    if (!target) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocused(target);
    const m = monthOf(target);
    if (m.year !== month.year || m.month !== month.month) setMonth(m);
  };

  const goMonth = (delta: -1 | 1) => {
    const m = addMonths(month, delta);
    setMonth(m);
    setFocused(monthRange(m).from < today && monthRange(m).to >= today ? today : monthRange(m).from);
  };

  const weeks = monthGrid(month);
  const titleId = 'availability-month-title';

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section className="card p-4 sm:p-6" aria-busy={data.isValidating || undefined}>
        <div className="mb-4 flex items-center justify-between gap-2">
          <Button variant="ghost" size="sm" className="min-w-11" onClick={() => goMonth(-1)} aria-label={t('chefarea.availability.prev')}>
            <Icon name="arrow-left" className="h-4 w-4" />
          </Button>
          <h2 id={titleId} className="text-xl font-bold capitalize text-ink-900" aria-live="polite">
            {fmt.month(month)}
          </h2>
          <Button variant="ghost" size="sm" className="min-w-11" onClick={() => goMonth(1)} aria-label={t('chefarea.availability.next')}>
            <Icon name="arrow-left" className="h-4 w-4 rotate-180" />
          </Button>
        </div>
        {data.error && !data.data ? <LoadError retry={() => data.mutate()} /> : null}
        <table ref={grid} role="grid" aria-labelledby={titleId} aria-describedby="availability-keys" className="w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1" data-testid="availability-grid">
          <thead>
            <tr>
              {fmt.weekdays.map((w) => (
                <th key={w.long} scope="col" abbr={w.long} className="pb-1 text-center text-xs font-semibold uppercase text-ink-600">
                  {w.short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, i) => (
              <tr key={i}>
                {week.map((day, j) =>
                  day ? (
                    <DayCell
                      key={day}
                      info={infoOf(day)}
                      past={day < today}
                      isToday={day === today}
                      focusable={day === focused || (!weeks.flat().includes(focused) && day === monthRange(month).from)}
                      selected={day === focused}
                      busy={pending.has(day)}
                      label={fmt.long(day)}
                      onToggle={() => {
                        setFocused(day);
                        void toggle(day, !infoOf(day).blocked);
                      }}
                      onFocus={() => setFocused(day)}
                      onKeyDown={(e) => onKeyDown(e, day)}
                    />
                  ) : (
                    <td key={`empty-${j}`} role="gridcell" aria-hidden="true" />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <p id="availability-keys" className="mt-3 text-xs text-ink-600">
          {t('chefarea.availability.keys')}
        </p>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-700" aria-label={t('chefarea.availability.legend')}>
          <li className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded bg-white ring-1 ring-cream-300" aria-hidden="true" /> {t('chefarea.availability.free')}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded bg-ink-800" aria-hidden="true" /> {t('chefarea.availability.blocked')}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded-full bg-herb-600" aria-hidden="true" /> {t('chefarea.availability.booked')}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded-full bg-saffron-500" aria-hidden="true" /> {t('chefarea.availability.request')}
          </li>
        </ul>
        <p className="sr-only" aria-live="polite">
          {status}
        </p>
        {problem ? (
          <div className="mt-3">
            <FormMessage tone="error" testId="availability-error">
              {t('chefarea.availability.failed', { date: formatDate(`${problem.day}T12:00:00`, locale) })} {problem.text}
            </FormMessage>
          </div>
        ) : null}
        {availability ? <p className="mt-3 text-xs text-ink-600">{t('chefarea.availability.timezone', { zone: availability.timezone })}</p> : null}
      </section>

      <aside className="card flex flex-col gap-3 p-5 lg:self-start" aria-labelledby="availability-day-title" data-testid="availability-day">
        <h2 id="availability-day-title" className="font-bold text-ink-900">
          {fmt.long(focused)}
        </h2>
        <p className="text-sm text-ink-700">
          {focused < today
            ? t('chefarea.availability.past')
            : selected.booked.length
              ? t('chefarea.availability.isbooked')
              : selected.blocked
                ? t('chefarea.availability.isblocked')
                : t('chefarea.availability.isfree')}
        </p>
        {selected.booked.length ? (
          <div>
            <h3 className="text-sm font-semibold text-ink-900">{t('chefarea.availability.bookings')}</h3>
            <ul className="mt-1 flex flex-col gap-1 text-sm">
              {selected.booked.map((b) => (
                <li key={b.booking_id}>
                  <Link href={routeUrl('account.chefbookings.detail', { bookingId: b.booking_id })} className="link-underline">
                    {t('chefarea.availability.bookingline', { menu: b.menu_name, guests: b.guests })}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {selected.requests.length ? (
          <div>
            <h3 className="text-sm font-semibold text-ink-900">{t('chefarea.availability.requests')}</h3>
            <ul className="mt-1 flex flex-col gap-1 text-sm">
              {selected.requests.map((b) => (
                <li key={b.booking_id}>
                  <Link href={routeUrl('account.chefbookings.detail', { bookingId: b.booking_id })} className="link-underline">
                    {t('chefarea.availability.bookingline', { menu: b.menu_name, guests: b.guests })}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {focused >= today ? (
          <DayNoteForm key={focused} note={selected.note} blocked={selected.blocked} onBlock={(body) => change(focused, true, body)} onUnblock={() => void toggle(focused, false)} />
        ) : null}
        {chef.status_name !== 'Active' ? <p className="text-xs text-ink-600">{t('chefarea.availability.inactive')}</p> : null}
      </aside>
    </div>
  );
}

/** The chosen day's private note, saved with blocking the day (or on its own once it is blocked). */
function DayNoteForm({ note, blocked, onBlock, onUnblock }: { note: string | null; blocked: boolean; onBlock: (body: BlockDayInput) => Promise<unknown>; onUnblock: () => void }) {
  const t = useT();
  const form = useSchemaForm(blockDayBody, onBlock, { initial: { note: note ?? '' }, body: ({ note: typed }) => ({ note: typed.trim() || null }) });
  // The note as saved, once the calendar is read again.
  const { setBase } = form;
  useEffect(() => setBase({ note: note ?? '' }), [note, setBase]);
  return (
    <form {...form.props} className="flex flex-col gap-3" data-testid="availability-note-form">
      <TextField errorIcon {...form.field('note')} label={t('chefarea.availability.note')} hint={t('chefarea.availability.notehint')} maxLength={200} />
      <FormErrors errors={form.formErrors} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant={blocked ? 'outline' : 'secondary'} loading={form.busy}>
          {blocked ? t('chefarea.availability.savenote') : t('chefarea.availability.block')}
        </Button>
        {blocked ? (
          <Button size="sm" variant="ghost" onClick={onUnblock}>
            {t('chefarea.availability.unblock')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function DayCell({
  info,
  past,
  isToday,
  focusable,
  selected,
  busy,
  label,
  onToggle,
  onFocus,
  onKeyDown,
}: {
  info: DayInfo;
  past: boolean;
  isToday: boolean;
  focusable: boolean;
  selected: boolean;
  busy: boolean;
  label: string;
  onToggle: () => void;
  onFocus: () => void;
  onKeyDown: (e: KeyboardEvent) => void;
}) {
  const t = useT();
  const parts = [label];
  if (isToday) parts.push(t('chefarea.availability.today'));
  // A confirmed booking takes the day as a block does: such a day is never "available".
  const booked = info.booked.length > 0;
  parts.push(past ? t('chefarea.availability.past') : info.blocked ? t('chefarea.availability.blocked') : booked ? t('chefarea.availability.booked') : t('chefarea.availability.free'));
  if (info.booked.length) parts.push(t('chefarea.availability.bookedcount', { count: info.booked.length }));
  if (info.requests.length) parts.push(t('chefarea.availability.requestcount', { count: info.requests.length }));
  const tone = info.blocked ? 'bg-ink-800 text-cream-50' : past ? 'bg-cream-100 text-ink-500' : booked ? 'bg-herb-100 text-ink-900' : 'bg-white text-ink-900 hover:bg-brand-50';
  return (
    <td role="gridcell" aria-selected={selected}>
      <button
        type="button"
        data-day={info.day}
        tabIndex={focusable ? 0 : -1}
        aria-pressed={info.blocked}
        aria-disabled={past || undefined}
        aria-label={parts.join(', ')}
        aria-busy={busy || undefined}
        onClick={() => (past ? onFocus() : onToggle())}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
        className={`relative flex h-14 w-full flex-col items-center justify-start rounded-lg pt-1.5 text-sm font-semibold ring-1 transition-colors sm:h-16 ${tone} ${selected ? 'ring-2 ring-brand-600' : 'ring-cream-300'} ${isToday ? 'underline decoration-2 underline-offset-4' : ''} ${busy ? 'opacity-60' : ''}`}
      >
        <span aria-hidden="true">{Number(info.day.slice(8, 10))}</span>
        <span className="absolute bottom-1.5 flex gap-1" aria-hidden="true">
          {info.booked.length ? <span className="h-2 w-2 rounded-full bg-herb-600 ring-1 ring-white" /> : null}
          {info.requests.length ? <span className="h-2 w-2 rounded-full bg-saffron-500 ring-1 ring-white" /> : null}
        </span>
      </button>
    </td>
  );
}

export default function AvailabilityPage() {
  const t = useT();
  return (
    <ChefAreaFrame title={t('chefarea.availability.title')} intro={t('chefarea.availability.intro')}>
      {(chef) => (
        <>
          <Calendar chef={chef} />
          <CalendarFeed />
        </>
      )}
    </ChefAreaFrame>
  );
}
