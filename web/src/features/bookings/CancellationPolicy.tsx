// The cancellation policy (PRODUCT "Booking lifecycle") for one event, with its real deadlines: on the booking form
// for the date being picked (the same rule as the server's, shared/cancellation-policy.ts), on a booking with the dates the
// API computed, and in the cancel dialog. Past steps are left out; the first line is what cancelling now gives.
import { policyDates, policySteps, type PolicyDates, type PolicyStep } from '#shared/cancellation-policy';
import { formatEventTime } from '../../lib/event-time';
import { useLocale, useT, type TFunction } from '../../lib/i18n';

/** The policy's dates as the API sends them (ISO strings). */
export type PolicyDatesJson = { free_until: string; half_refund_until: string; cooling_off_until?: string | null };

const toDates = (d: PolicyDatesJson): PolicyDates => ({
  free_until: new Date(d.free_until),
  half_refund_until: new Date(d.half_refund_until),
  cooling_off_until: d.cooling_off_until ? new Date(d.cooling_off_until) : null,
});

function stepText(step: PolicyStep, first: boolean, date: string, t: TFunction): string {
  if (step.tier === 'full') return t('bookings.policy.freeuntil', { date });
  if (step.tier === 'cooling_off') return t('bookings.policy.coolingoffuntil', { date });
  if (step.tier === 'half') return first ? t('bookings.policy.halfnow', { date }) : t('bookings.policy.halfuntil', { date });
  return first ? t('bookings.policy.nonenow') : t('bookings.policy.none');
}

/**
 * The steps still ahead as list items, their deadlines on the event's clocks (formatEventTime names the zone when the
 * viewer's differs); the first one (what cancelling now gives) stands out.
 */
export function PolicySteps({ dates, timeZone, paid, now = new Date() }: { dates: PolicyDatesJson; timeZone: string; paid: boolean; now?: Date }) {
  const t = useT();
  const locale = useLocale();
  const steps = policySteps(toDates(dates), now);
  return (
    <ul className="mt-2 flex list-disc flex-col gap-1 pl-5" data-testid="policy-steps">
      {steps.map((s, i) => (
        <li key={s.tier} data-tier={s.tier} className={i === 0 ? 'font-semibold' : undefined}>
          {stepText(s, i === 0, s.until ? formatEventTime(s.until, timeZone, locale) : '', t)}
        </li>
      ))}
      {!paid && steps[0]?.tier !== 'none' && <li data-tier="cooling_off">{t('bookings.policy.coolingoff')}</li>}
    </ul>
  );
}

/**
 * The policy box. `startsAt` (the picked moment, before booking) or `dates` (a booking's, from the API), with the
 * event's zone; without them, the general rules. `paid`: the booking was paid, so the cooling-off has its own date
 * (or is over).
 */
export function CancellationPolicy({ startsAt, dates, timeZone, paid = false }: { startsAt?: string | null; dates?: PolicyDatesJson; timeZone?: string; paid?: boolean }) {
  const t = useT();
  const forDate = dates ?? (startsAt ? toJson(policyDates(new Date(startsAt), null)) : null);
  return (
    <section aria-labelledby="cancellation-policy" className="rounded-2xl bg-white p-4 text-sm shadow" data-testid="cancellation-policy">
      <h2 id="cancellation-policy" className="text-lg font-semibold">
        {t('bookings.policy.title')}
      </h2>
      {forDate && timeZone ? (
        <PolicySteps dates={forDate} timeZone={timeZone} paid={paid} />
      ) : (
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
          <li>{t('bookings.policy.free')}</li>
          <li>{t('bookings.policy.half')}</li>
          <li>{t('bookings.policy.none')}</li>
          <li>{t('bookings.policy.coolingoff')}</li>
        </ul>
      )}
    </section>
  );
}

const toJson = (d: PolicyDates): PolicyDatesJson => ({ free_until: d.free_until.toISOString(), half_refund_until: d.half_refund_until.toISOString(), cooling_off_until: null });
