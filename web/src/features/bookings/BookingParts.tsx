// Pieces the customer's and the chef's booking screens share: status badge, list row, price breakdown, timeline,
// and the customer's dietary needs against the menu.
import { Link } from 'wouter';
import { useLocale, useT } from '../../lib/i18n';
import { STATUS_TONE, type Booking, type BookingListItem, type BookingStatus, type DietaryAllergen, type PriceBreakdown } from './bookingsApi';
import { formatEventTime } from '../../lib/event-time';

const CONFLICT = 'rounded-lg bg-red-50 px-3 py-2 font-semibold text-red-800';

/**
 * A status's name. An instant booking is "accepted" from the moment the customer books it, without any chef acting,
 * so there it reads "reserved", never "accepted".
 */
export function useStatusLabel(): (status: BookingStatus, instant?: boolean) => string {
  const t = useT();
  return (status, instant) => (instant && status === 'accepted' ? t('bookings.reserved') : t(`bookings.status.${status}`));
}

/** `status` is the effective one the server computed (time-based states included); tests find the badge by its data. */
export function StatusBadge({ status, instant }: { status: BookingStatus; instant?: boolean }) {
  const label = useStatusLabel();
  return (
    <span data-testid="booking-status" data-status={status} className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status] ?? ''}`}>
      {label(status, instant)}
    </span>
  );
}

/** "2 h 5 min" / "1 d 3 h" from seconds. */
export function formatLeft(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m % 60} min`;
  return `${m % 60} min`;
}

export function BookingRow({ b, href, chef }: { b: BookingListItem; href: string; chef?: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Link href={href} className="flex flex-wrap items-center justify-between gap-3 py-4 hover:bg-cream-50">
      <div>
        <p className="font-semibold">{b.menu.name}</p>
        <p className="text-sm text-ink-600">
          {formatEventTime(b.starts_at, b.timezone, locale)} · {t('bookings.guestcount', { count: b.guests })} · {chef ? `${b.customer.firstname} ${b.customer.lastname}` : b.chef.firstname}
        </p>
        {chef && b.status === 'requested' && (b.barred_party ? (
          // The server refuses a yes while a party is barred (a blocked chef, a closed customer account): the row says
          // why instead of counting down to an answer the chef cannot give.
          <p className="text-sm font-semibold text-danger-700" data-testid="row-cannot-accept">{t(b.barred_party === 'chef' ? 'bookings.cannotaccept.chef' : 'bookings.cannotaccept.customer')}</p>
        ) : b.chef_paused ? (
          // A paused chef takes no new booking: the server refuses the yes, the row says so.
          <p className="text-sm font-semibold text-amber-800" data-testid="row-cannot-accept">{t('bookings.cannotaccept.paused')}</p>
        ) : b.respond_seconds_left != null ? (
          <p className="text-sm font-semibold text-amber-800">{t('bookings.respondleft', { time: formatLeft(b.respond_seconds_left) })}</p>
        ) : null)}
        {chef && (b.conflicts?.length ?? 0) > 0 && <p className="text-sm font-semibold text-red-700">{t('bookings.conflictsshort', { count: b.conflicts!.length })}</p>}
      </div>
      <div className="flex items-center gap-3">
        {chef && b.earnings ? <EarningsShort earnings={b.earnings} /> : <span className="text-sm font-semibold">{b.price.total_formatted}</span>}
        <StatusBadge status={b.status} instant={b.instant} />
      </div>
    </Link>
  );
}

/** The chef's earnings in a list row: what a request or an unpaid booking will earn is marked as expected, held earnings as on hold. */
function EarningsShort({ earnings }: { earnings: NonNullable<Booking['earnings']> }) {
  const t = useT();
  if (earnings.state === 'none') return <span className="text-sm text-ink-600">{t('bookings.earningshort.none')}</span>;
  return (
    <span className="text-right text-sm font-semibold" data-testid="row-earnings" data-state={earnings.state}>
      {earnings.amount_formatted}
      {earnings.state === 'expected' || earnings.state === 'held' ? (
        <span className="block text-xs font-normal text-ink-600">{t(earnings.state === 'held' ? 'bookings.earningshort.held' : 'bookings.earningshort.expected')}</span>
      ) : null}
    </span>
  );
}

export function PriceTable({ price }: { price: PriceBreakdown }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
      <dt>{t('booking.price.perperson')}</dt>
      <dd>{price.price_per_person_formatted}</dd>
      <dt>{t('booking.price.subtotal', { guests: price.guests })}</dt>
      <dd>{price.subtotal_formatted}</dd>
      <dt>{t('booking.price.servicefee')}</dt>
      <dd>{price.service_fee_formatted}</dd>
      <dt className="font-semibold">{t('booking.price.total')}</dt>
      <dd className="font-semibold">{price.total_formatted}</dd>
    </dl>
  );
}

type MoneyLine = { label: string; amount: string; minus?: boolean; strong?: boolean };

/** Label and amount pairs; every table built from them adds up from the first line to the last. */
export function MoneyLines({ lines, testId }: { lines: MoneyLine[]; testId?: string }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm" data-testid={testId}>
      {lines.map((l) => (
        <div key={l.label} className="contents">
          <dt className={l.strong ? 'font-semibold' : undefined}>{l.label}</dt>
          <dd className={`text-right tabular-nums ${l.strong ? 'font-semibold' : ''}`}>
            {l.minus ? '− ' : ''}
            {l.amount}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What the chef earns from a booking: once paid, the payment less what was refunded and the platform's fee and
 * commission; before that, the menu total less the commission (expected). One amount, with when it is paid out.
 */
export function ChefEarnings({ b }: { b: Booking }) {
  const t = useT();
  const earningState = useEarningStateText(b.timezone);
  const m = b.money;
  const e = b.earnings;
  if (!m || !e) return null;
  if (m.paid === 0 && e.state === 'none') return <p className="text-sm text-ink-600">{t('bookings.money.noearnings')}</p>;
  const lines: MoneyLine[] =
    m.paid > 0
      ? [
          { label: t('bookings.money.paid'), amount: m.paid_formatted },
          ...(m.refunded > 0 ? [{ label: t('bookings.money.refunded'), amount: m.refunded_formatted, minus: true }] : []),
          { label: t('bookings.money.servicefee'), amount: m.service_fee_formatted, minus: true },
          { label: t('bookings.money.commission'), amount: m.commission_formatted, minus: true },
          { label: t('bookings.money.yourearnings'), amount: m.chef_earnings_formatted, strong: true },
        ]
      : [
          { label: t('booking.price.subtotal', { guests: b.price.guests }), amount: b.price.subtotal_formatted },
          { label: t('bookings.money.commission'), amount: b.price.commission_formatted ?? '', minus: true },
          { label: t('bookings.money.expected'), amount: e.amount_formatted, strong: true },
        ];
  return (
    <>
      <MoneyLines lines={lines} testId="chef-earnings" />
      <p className="mt-2 text-sm text-ink-600" data-testid="earnings-state" data-state={e.state}>
        {earningState(e)}
      </p>
    </>
  );
}

/**
 * The words of a booking's earnings state: held earnings say why (a complaint is open, or the chef is banned), the
 * other states their date.
 */
export function useEarningStateText(timeZone: string): (e: NonNullable<Booking['earnings']>) => string {
  const t = useT();
  const locale = useLocale();
  return (e) => t(`bookings.earningstate.${e.state === 'held' && e.held_reason === 'chef_banned' ? 'heldbanned' : e.state}`, { date: e.release_at ? formatEventTime(e.release_at, timeZone, locale) : '' });
}

/** The booking's history, on the event's clocks like every other time of the booking. */
export function Timeline({ events, timeZone, instant }: { events: Booking['timeline']; timeZone: string; instant?: boolean }) {
  const label = useStatusLabel();
  const locale = useLocale();
  return (
    <ol className="flex flex-col gap-2 border-l-2 border-cream-300 pl-4 text-sm">
      {events.map((e, i) => (
        <li key={`${e.created_at}-${i}`}>
          <span className="font-semibold">{label(e.to, instant)}</span> <span className="text-ink-600">{formatEventTime(e.created_at, timeZone, locale)}</span>
          {e.note && <p className="text-ink-700">{e.note}</p>}
        </li>
      ))}
    </ol>
  );
}

type Dietary = NonNullable<Booking['dietary']>;

/**
 * The customer's diets and allergens against the menu, one line each. A diet the menu is not marked for, and an
 * allergen that a course contains, are highlighted as conflicts (with the courses named). The booking page shows
 * every line; the booking form's warning shows the conflicts only, in the same words the chef reads.
 */
export function DietaryLines({ diets, allergens, testId }: { diets: Dietary['diets']; allergens: Pick<DietaryAllergen, 'key' | 'name' | 'guests' | 'conflict' | 'courses'>[]; testId?: string }) {
  const t = useT();
  return (
    <ul className="mt-2 flex flex-col gap-1" data-testid={testId}>
      {diets.map((d) => (
        <li key={`diet-${d.key}`} className={d.menu_has_diet ? '' : CONFLICT} data-conflict={!d.menu_has_diet || undefined}>
          {d.menu_has_diet ? t('bookings.dietline', { name: d.name }) : t('bookings.dietconflict', { name: d.name })}
        </li>
      ))}
      {allergens.map((a) => (
        <li key={`allergen-${a.key}`} className={a.conflict ? CONFLICT : ''} data-conflict={a.conflict || undefined}>
          {t('bookings.allergenline', { name: a.name, count: a.guests })}
          {a.conflict && ` – ${t('bookings.conflictin', { courses: a.courses.map((c) => c.name).join(', ') })}`}
        </li>
      ))}
    </ul>
  );
}

/** The dietary needs section of a booking, for its chef and its customer. */
export function DietaryNeeds({ dietary }: { dietary: Dietary }) {
  const t = useT();
  const none = dietary.diets.length === 0 && dietary.allergens.length === 0;
  return (
    <section aria-labelledby="dietary-title">
      <h2 id="dietary-title" className="text-xl font-semibold">
        {t('bookings.dietary')}
      </h2>
      {none ? <p className="mt-1 text-ink-600">{t('bookings.nodietary')}</p> : <DietaryLines diets={dietary.diets} allergens={dietary.allergens} testId="dietary-needs" />}
    </section>
  );
}
