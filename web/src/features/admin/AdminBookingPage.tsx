// One booking for admins (ylcadmin.bookings.detail): both parties with contact details, the price with commission,
// the full status history with who acted, payments and refunds, the message thread (read-only) and the admin
// actions on it; the support cancellation opens from here.
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Empty, LoadError, Loading } from '../../components/LoadState';
import { formatDateTime, formatRating } from '../../lib/format';
import { tk, useLocale, useT } from '../../lib/i18n';
import { routeUrl, type PageProps } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import { notify } from '../../state/ui';
import { MoneyLines, PriceTable, StatusBadge, useEarningStateText } from '../bookings/BookingParts';
import { PassportFacts } from '../bookings/GuestPassport';
import { ReviewCard } from '../bookings/BookingReview';
import { BookingCancelDialog } from './BookingCancelDialog';
import { BOOKINGS_PATHS, CANCELLABLE, type AdminBookingDetail } from './BookingsApi';
import { AdminPage, AdminSection, Badge, Facts } from './parts';
import { formatEventTime } from '../../lib/event-time';

export default function AdminBookingPage({ params }: PageProps) {
  const t = useT();
  const id = Number(params.bookingId);
  const detail = useApi<{ data: AdminBookingDetail }>(Number.isInteger(id) && id > 0 ? BOOKINGS_PATHS.detail(id) : null);
  const [cancelling, setCancelling] = useState(false);
  const b = detail.data?.data;
  const back = { href: routeUrl('ylcadmin.bookings'), label: t('admin.bookings.back') };

  if (!b) {
    return (
      <AdminPage title={t('screens.admin.bookingdetail')} back={back}>
        {detail.error ? detail.error.status === 404 ? <Empty text={t('bookings.notfound')} /> : <LoadError retry={() => detail.mutate()} /> : <Loading />}
      </AdminPage>
    );
  }

  return (
    <AdminPage
      title={t('admin.bookings.detail.title', { id: b.id })}
      back={back}
      badges={<StatusBadge status={b.status} instant={b.instant} />}
      actions={
        CANCELLABLE.includes(b.status) ? (
          <Button variant="danger" onClick={() => setCancelling(true)}>
            {t('admin.bookings.cancel.open')}
          </Button>
        ) : null
      }
    >
      {cancelling ? (
        <BookingCancelDialog
          bookingId={b.id}
          defaultSide="customer"
          onClose={() => setCancelling(false)}
          onDone={async (message) => {
            setCancelling(false);
            notify({ type: 'success', title: message });
            await detail.mutate();
          }}
        />
      ) : null}
      <BookingSummary b={b} />
      {/* What both parties read of the guests' allergies and the chef's answer. */}
      <AdminSection title={t('passport.title')} testId="booking-passport">
        <PassportFacts b={b} view="admin" />
      </AdminSection>
      <div className="grid gap-6 xl:grid-cols-2">
        <AdminSection title={t('booking.price.title')}>
          <PriceTable price={b.price} />
          <PaymentSplit b={b} />
        </AdminSection>
        <BookingHistory b={b} />
      </div>
      <BookingMoney b={b} />
      <BookingReviews b={b} />
      <BookingThread b={b} />
      <BookingAdminActions b={b} />
    </AdminPage>
  );
}

/**
 * Where the customer's payment went, in an operator's words: paid = refunded + chef earnings + platform commission +
 * service fee. Before payment, how the total will be split.
 */
function PaymentSplit({ b }: { b: AdminBookingDetail }) {
  const t = useT();
  const earningState = useEarningStateText(b.timezone);
  const m = b.money;
  if (!m) return null;
  const paid = m.paid > 0;
  const lines = paid
    ? [
        { label: t('bookings.money.paid'), amount: m.paid_formatted, strong: true },
        { label: t('bookings.money.refunded'), amount: m.refunded_formatted },
        { label: t('bookings.money.chefearnings'), amount: m.chef_earnings_formatted },
        { label: t('bookings.money.commission'), amount: m.commission_formatted },
        { label: t('bookings.money.servicefee'), amount: m.service_fee_formatted },
      ]
    : [
        { label: t('bookings.money.total'), amount: b.price.total_formatted, strong: true },
        { label: t('bookings.money.chefearnings'), amount: b.price.chef_earnings_formatted ?? '' },
        { label: t('bookings.money.commission'), amount: b.price.commission_formatted ?? '' },
        { label: t('bookings.money.servicefee'), amount: b.price.service_fee_formatted },
      ];
  return (
    <div className="mt-4 border-t border-cream-200 pt-3">
      <h3 className="mb-2 font-bold text-ink-900">{t('bookings.money.title')}</h3>
      {paid ? null : <p className="mb-2 text-sm text-ink-600">{t('bookings.money.unpaid')}</p>}
      <MoneyLines lines={lines} testId="payment-split" />
      {b.earnings && b.earnings.state !== 'none' && b.earnings.state !== 'expected' ? (
        <p className="mt-2 text-sm text-ink-600" data-testid="chef-earnings-state">
          {t('bookings.money.chefearnings')}: {earningState(b.earnings)}
        </p>
      ) : null}
    </div>
  );
}

/** Who acted in a history entry or wrote a message. */
const ACTOR_LABEL: Record<string, string> = {
  customer: tk('admin.bookings.actor.customer'),
  chef: tk('admin.bookings.actor.chef'),
  admin: tk('admin.bookings.actor.admin'),
  system: tk('admin.bookings.actor.system'),
};

const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

function BookingSummary({ b }: { b: AdminBookingDetail }) {
  const t = useT();
  const locale = useLocale();
  const contact = (c?: { email: string; phone: string | null }) => (c ? [c.email, c.phone].filter(Boolean).join(' · ') : null);
  return (
    <AdminSection title={t('admin.bookings.detail.summary')} testId="booking-summary">
      <Facts
        items={[
          { label: t('bookings.menu'), value: b.menu.name },
          { label: t('bookings.when'), value: formatEventTime(b.starts_at, b.timezone, locale) },
          { label: t('bookings.guests'), value: t('bookings.guestcount', { count: b.guests }) },
          { label: t('booking.occasion'), value: t(`booking.occasions.${b.occasion}`) },
          { label: t('bookings.where'), value: b.at_chefs_place ? t('admin.bookings.detail.atchef') : b.address ? [b.address.street, `${b.address.zip} ${b.address.city}`].filter(Boolean).join(', ') : null },
          { label: t('bookings.customer'), value: [fullName(b.customer), contact(b.customer.contact)].filter(Boolean).join(' · ') },
          { label: t('bookings.chef'), value: [fullName(b.chef), contact(b.chef.contact)].filter(Boolean).join(' · ') },
          { label: t('admin.bookings.detail.created'), value: formatDateTime(b.created_at, locale) },
          { label: t('bookings.reason'), value: b.reason },
          { label: t('booking.kitchennotes'), value: b.kitchen_notes },
        ]}
      />
    </AdminSection>
  );
}

/** Both reviews as written, published or not yet (issue 18 §5), and the customer's rating by chefs. */
function BookingReviews({ b }: { b: AdminBookingDetail }) {
  const t = useT();
  const locale = useLocale();
  const rating = b.customer.guest_rating;
  const state = (r: { published: boolean; published_at: string | null }) => (
    <Badge tone={r.published ? 'good' : 'neutral'}>{r.published && r.published_at ? t('admin.bookings.detail.reviewpublished', { date: formatDateTime(r.published_at, locale) }) : t('admin.bookings.detail.reviewwaiting')}</Badge>
  );
  return (
    <AdminSection title={t('admin.bookings.detail.reviews')} testId="booking-reviews">
      <div className="flex flex-col gap-6">
        {b.review ? <ReviewCard testId="booking-review" title={t('admin.bookings.detail.customerreview')} review={b.review} timeZone={b.timezone} note={state(b.review)} /> : null}
        {b.guest_review ? <ReviewCard testId="guest-review" title={t('admin.bookings.detail.guestreview')} review={b.guest_review} timeZone={b.timezone} note={state(b.guest_review)} /> : null}
        {!b.review && !b.guest_review ? <p className="text-ink-600">{t('admin.bookings.detail.noreviews')}</p> : null}
        {rating ? (
          <p className="text-sm" data-testid="guest-rating">
            {t('bookings.guestrating.label')}:{' '}
            {rating.count ? t('bookings.guestrating.value', { avg: formatRating(rating.avg, locale), count: rating.count }) : t('bookings.guestrating.none')}
          </p>
        ) : null}
      </div>
    </AdminSection>
  );
}

function BookingHistory({ b }: { b: AdminBookingDetail }) {
  const t = useT();
  const locale = useLocale();
  return (
    <AdminSection title={t('bookings.timeline')} testId="booking-history">
      <ol className="flex flex-col gap-2 border-l-2 border-cream-300 pl-4 text-sm">
        {b.timeline.map((e, i) => (
          <li key={`${e.created_at}-${i}`}>
            <span className="font-semibold">{t(`bookings.status.${e.to}`)}</span>{' '}
            <span className="text-ink-600">
              {formatEventTime(e.created_at, b.timezone, locale)} · {t(ACTOR_LABEL[e.actor_role] ?? ACTOR_LABEL.system!)}
            </span>
            {e.note ? <p className="text-ink-700">{e.note}</p> : null}
          </li>
        ))}
      </ol>
    </AdminSection>
  );
}

function BookingMoney({ b }: { b: AdminBookingDetail }) {
  const t = useT();
  const locale = useLocale();
  return (
    <AdminSection title={t('admin.bookings.detail.payments')} testId="booking-payments">
      {b.payments.length ? (
        <ul className="flex flex-col divide-y divide-cream-200 text-sm">
          {b.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {t('admin.bookings.detail.payment', { amount: p.amount_formatted, provider: p.provider })} · {formatDateTime(p.created_at, locale)}
                {p.refunded_amount ? <span className="text-ink-600"> · {t('admin.bookings.detail.refundedtotal', { amount: p.refunded_formatted })}</span> : null}
              </span>
              <Badge tone={p.status === 'succeeded' ? 'good' : p.status.includes('refund') ? 'info' : 'neutral'}>{t(`bookings.payments.status.${p.status}`)}</Badge>
            </li>
          ))}
        </ul>
      ) : (
        <Empty text={t('admin.bookings.detail.nopayments')} />
      )}
      {b.refunds.length ? (
        <>
          <h3 className="mt-4 mb-2 font-bold text-ink-900">{t('admin.bookings.detail.refunds')}</h3>
          <ul className="flex flex-col divide-y divide-cream-200 text-sm" data-testid="booking-refunds">
            {b.refunds.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  {r.amount_formatted} · {formatDateTime(r.created_at, locale)}
                  {r.reason ? <span className="text-ink-600"> · {r.reason}</span> : null}
                </span>
                <Badge tone={r.status === 'succeeded' ? 'good' : r.status === 'failed' ? 'bad' : 'warn'}>{t(`bookings.payments.refundstatus.${r.status}`)}</Badge>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </AdminSection>
  );
}

function BookingThread({ b }: { b: AdminBookingDetail }) {
  const t = useT();
  const locale = useLocale();
  return (
    <AdminSection title={t('admin.bookings.detail.messages')} testId="booking-thread">
      <p className="mb-3 text-sm text-ink-600">{t('admin.bookings.detail.readonly')}</p>
      {b.thread.length ? (
        <ol className="flex flex-col gap-3">
          {b.thread.map((m) => (
            <li key={m.id} className={`max-w-prose rounded-xl px-4 py-3 text-sm ${m.sender.side === 'chef' ? 'bg-brand-50' : 'bg-cream-100'}`}>
              <p className="mb-1 font-semibold text-ink-900">
                {fullName(m.sender)} · {m.sender.side ? t(ACTOR_LABEL[m.sender.side]!) : ''} <span className="font-normal text-ink-600">{formatDateTime(m.created_at, locale)}</span>
              </p>
              <p className="whitespace-pre-wrap break-words text-ink-800">{m.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <Empty text={t('messages.nomessagesyet')} />
      )}
    </AdminSection>
  );
}

function BookingAdminActions({ b }: { b: AdminBookingDetail }) {
  const t = useT();
  const locale = useLocale();
  if (!b.admin_actions.length) return null;
  return (
    <AdminSection title={t('admin.bookings.detail.adminactions')} testId="booking-admin-actions">
      <ul className="flex flex-col divide-y divide-cream-200 text-sm">
        {b.admin_actions.map((a) => (
          <li key={a.id} className="py-2">
            <span className="font-semibold">{a.action}</span> · {a.actor?.name ?? '–'} · <span className="text-ink-600">{formatDateTime(a.created_at, locale)}</span>
            {typeof a.after?.reason === 'string' ? <p className="text-ink-700">{a.after.reason}</p> : null}
          </li>
        ))}
      </ul>
    </AdminSection>
  );
}
