// One booking as its customer or its chef sees it: details, price breakdown, status timeline, what happens next and
// the actions the server offers (pay, cancel with a refund preview, accept, decline, reply to the review), plus the
// message thread. The thread is the #messages tab (the seed's account.*.detail#messages links; for customers also the
// me/bookings/:id/messages route), so a link from the header's messages menu opens it even on the same page.
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';
import { Button, buttonClasses } from '../../components/Button';
import { FormErrors, TextAreaField } from '../../components/Field';
import { LoadError, Loading } from '../../components/LoadState';
import { Modal } from '../../components/Modal';
import { NotAChef } from '../../components/NotAChef';
import type * as v from 'valibot';
import { cancelBody, declineBody } from '#shared/schemas/bookings.schema';
import { ApiError, type FieldErrors } from '../../lib/api';
import { useSchemaForm } from '../../lib/schema-form';
import { useUnsavedDialog } from '../../lib/unsaved-changes';
import { unwrap, type Answer } from '../../lib/client';
import { formatDateTime, formatRating } from '../../lib/format';
import { usePageHead } from '../../lib/head';
import { tk, useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import { fetchSession, session } from '../../state/session';
import { notify } from '../../state/ui';
import { checkoutTarget } from './BookingBeginPage';
import { Alternatives } from './Alternatives';
import { BookingMessages } from './BookingMessages';
import { ChefEarnings, DietaryNeeds, formatLeft, PriceTable, StatusBadge, Timeline } from './BookingParts';
import { BookingComplaint } from './BookingComplaint';
import { BookingReview } from './BookingReview';
import { GuestPassport } from './GuestPassport';
import { CancellationPolicy, PolicySteps } from './CancellationPolicy';
import { bookingCalls, bookingPaths, payBooking, type Booking, type BookingStatus } from './bookingsApi';
import { PaymentStatus, RefundList } from '../../components/PaymentParts';
import { formatEventTime } from '../../lib/event-time';

export type View = 'customer' | 'chef';

/** Bookings still to take place: their cancellation terms are shown. */
const ACTIVE: readonly BookingStatus[] = ['requested', 'accepted', 'confirmed'];

type Tab = 'details' | 'messages';

const MESSAGES_HASH = '#messages';
const currentHash = () => location.hash;
const noHash = () => '';

export function BookingDetail({ bookingId, view, tab: routeTab = 'details' }: { bookingId: string; view: View; tab?: Tab }) {
  const t = useT();
  // The hash follows every navigation (wouter's pushState events); a tab click also sets the tab directly, so it
  // works under any router.
  const hash = useLocationProperty(currentHash, noHash);
  const [chosen, setChosen] = useState<Tab | null>(null);
  useEffect(() => setChosen(null), [hash, routeTab, bookingId]);
  const tab: Tab = chosen ?? (routeTab === 'messages' || hash === MESSAGES_HASH ? 'messages' : 'details');
  const locale = useLocale();
  const { data, error, mutate } = useApi<{ data: Booking }>(/^\d+$/.test(bookingId) ? bookingPaths.detail(bookingId, view) : null);
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState<'cancel' | 'decline' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  usePageHead({ title: t(view === 'chef' ? 'screens.chefbookingdetail' : tab === 'messages' ? 'screens.bookingmessages' : 'screens.bookingdetail') });

  if (error?.code === 'NOT_A_CHEF') return <NotAChef />;
  if (error) return <LoadError retry={() => mutate()} text={error.status === 404 ? t('bookings.notfound') : undefined} />;
  if (!data) return <Loading />;
  const b = data.data;
  const listRoute = view === 'customer' ? 'account.bookings' : 'account.chefbookings';
  const detailRoute = view === 'customer' ? 'account.bookings.detail' : 'account.chefbookings.detail';

  /** Runs one action; its failure shows next to the action buttons. */
  async function act(name: string, run: () => Promise<unknown>) {
    setBusy(name);
    setActionError(null);
    try {
      await run();
    } catch (err) {
      setActionError(err instanceof ApiError ? err.message : t('booking.errors.generic'));
    } finally {
      setBusy(null);
    }
  }

  /** Reading the thread marked it seen: refresh this booking's unseen count and the header badge. */
  const onRead = () => {
    if (b.messages.unseen_count > 0) void mutate();
    if ((session.user?.unseen_order_message_count ?? 0) > 0) void fetchSession();
  };
  const contact = view === 'customer' ? b.chef.contact : b.customer.contact;

  const pay = () =>
    act('pay', async () => {
      const res = await payBooking(b.id);
      checkoutTarget(res.data.checkout_url, navigate);
    });
  const accept = () =>
    act('accept', async () => {
      await unwrap(bookingCalls.accept.$post({ param: { id: String(b.id) }, json: {} }));
      notify({ title: t('bookings.accepted'), message: t('bookings.notice.accepted'), type: 'success' });
      await mutate();
    });

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Link href={routeUrl(listRoute)} className="text-sm text-brand-700 underline">
        {t('bookings.back')}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{b.menu.name}</h1>
        <StatusBadge status={b.status} instant={b.instant} />
      </div>
      <div role="tablist" className="my-4 flex gap-2">
        <Link
          role="tab"
          aria-selected={tab === 'details'}
          href={routeUrl(detailRoute, { bookingId: b.id })}
          onClick={() => setChosen('details')}
          className={`inline-flex items-center rounded-full px-4 py-1.5 text-sm font-semibold ${tab === 'details' ? 'bg-brand-700 text-white' : 'bg-white ring-1 ring-cream-200'}`}
        >
          {t('bookings.tabs.details')}
        </Link>
        <Link
          role="tab"
          aria-selected={tab === 'messages'}
          href={view === 'customer' ? routeUrl('account.bookings.messages', { bookingId: b.id }) : routeUrl(detailRoute, { bookingId: b.id }, { hash: 'messages' })}
          onClick={() => setChosen('messages')}
          className={`inline-flex items-center rounded-full px-4 py-1.5 text-sm font-semibold ${tab === 'messages' ? 'bg-brand-700 text-white' : 'bg-white ring-1 ring-cream-200'}`}
        >
          {t('bookings.tabs.messages')}
          {b.messages.unseen_count > 0 ? ` (${b.messages.unseen_count})` : ''}
        </Link>
      </div>

      {tab === 'messages' ? (
        <BookingMessages bookingId={b.id} timeZone={b.timezone} onRead={onRead} canWrite={b.actions.includes('message')} />
      ) : (
        <div className="grid gap-8 md:grid-cols-[1fr_20rem]">
          <div className="flex min-w-0 flex-col gap-6">
            {b.barred_party ? <BarredNotice b={b} view={view} /> : <NextStep b={b} view={view} />}
            {b.rebook ? <Alternatives rebook={b.rebook} /> : null}
            <dl className="grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-4 gap-y-1">
              <dt className="text-ink-600">{t('bookings.when')}</dt>
              <dd className="flex flex-col items-start gap-2">
                <span>{formatEventTime(b.starts_at, b.timezone, locale)}</span>
                {ACTIVE.includes(b.status) && (
                  // The server writes the file (the same event as the mailed invite), in the reader's language.
                  <a href={bookingPaths.calendar(b.id, locale)} download={`booking-${b.id}.ics`} className={`${buttonClasses('outline', 'sm')} max-w-full whitespace-normal`} data-testid="add-to-calendar">
                    {t('bookings.addtocalendar')}
                  </a>
                )}
              </dd>
              <dt className="text-ink-600">{t('bookings.guests')}</dt>
              <dd>{b.guests}</dd>
              <dt className="text-ink-600">{t('booking.occasion')}</dt>
              <dd>{t(`booking.occasions.${b.occasion}`)}</dd>
              <dt className="text-ink-600">{t('bookings.where')}</dt>
              <dd>{b.at_chefs_place ? t('booking.place.chef') : [b.address?.street, `${b.address?.zip ?? ''} ${b.address?.city ?? ''}`.trim()].filter(Boolean).join(', ')}</dd>
              <dt className="text-ink-600">{view === 'customer' ? t('bookings.chef') : t('bookings.customer')}</dt>
              <dd>{view === 'customer' ? `${b.chef.firstname} ${b.chef.lastname}` : `${b.customer.firstname} ${b.customer.lastname}`}</dd>
              {view === 'chef' && b.customer.guest_rating && (
                <>
                  <dt className="text-ink-600">{t('bookings.guestrating.label')}</dt>
                  <dd data-testid="guest-rating">
                    {b.customer.guest_rating.count
                      ? t('bookings.guestrating.value', { avg: formatRating(b.customer.guest_rating.avg, locale), count: b.customer.guest_rating.count })
                      : t('bookings.guestrating.none')}
                  </dd>
                </>
              )}
              {contact && (
                <>
                  <dt className="text-ink-600">{t('bookings.contact')}</dt>
                  <dd className="flex flex-col">
                    <a href={`mailto:${contact.email}`} className="break-all text-brand-700 underline">
                      {contact.email}
                    </a>
                    {contact.phone && (
                      <a href={`tel:${contact.phone}`} className="text-brand-700 underline">
                        {contact.phone}
                      </a>
                    )}
                  </dd>
                </>
              )}
              {b.kitchen_notes && (
                <>
                  <dt className="text-ink-600">{t('booking.kitchennotes')}</dt>
                  <dd className="whitespace-pre-wrap">{b.kitchen_notes}</dd>
                </>
              )}
              {b.message && (
                <>
                  <dt className="text-ink-600">{t('booking.message')}</dt>
                  <dd className="whitespace-pre-wrap">{b.message}</dd>
                </>
              )}
              {b.reason && (
                <>
                  <dt className="text-ink-600">{t('bookings.reason')}</dt>
                  <dd>{b.reason}</dd>
                </>
              )}
            </dl>
            {b.dietary && <DietaryNeeds dietary={b.dietary} />}
            <BookingComplaint b={b} view={view} onChanged={() => void mutate()} />
            <GuestPassport b={b} view={view} onChanged={() => void mutate()} />
            <BookingReview b={b} view={view} onChanged={() => void mutate()} />
            <section aria-labelledby="timeline-title">
              <h2 id="timeline-title" className="text-xl font-semibold">
                {t('bookings.timeline')}
              </h2>
              <div className="mt-2">
                <Timeline events={b.timeline} timeZone={b.timezone} instant={b.instant} />
              </div>
            </section>
          </div>
          <aside className="flex flex-col gap-4">
            {view === 'chef' ? (
              <section aria-labelledby="earnings-title" className="rounded-2xl bg-white p-4 shadow">
                <h2 id="earnings-title" className="mb-2 text-lg font-semibold">
                  {t('bookings.earnings')}
                </h2>
                <ChefEarnings b={b} />
              </section>
            ) : (
              <section className="rounded-2xl bg-white p-4 shadow">
                <h2 className="mb-2 text-lg font-semibold">{t('booking.price.title')}</h2>
                <PriceTable price={b.price} />
              </section>
            )}
            {view === 'customer' && b.payment && (
              <section aria-labelledby="payment-title" className="rounded-2xl bg-white p-4 shadow" data-testid="booking-payment">
                <div className="mb-2 flex items-center justify-between gap-2">
                  <h2 id="payment-title" className="text-lg font-semibold">
                    {t('bookings.payments.title')}
                  </h2>
                  <PaymentStatus status={b.payment.status} />
                </div>
                <p className="font-bold tabular-nums">{b.payment.amount_formatted}</p>
                <RefundList refunds={b.payment.refunds} />
                {b.payment.paid_amount > 0 && (
                  <a href={bookingPaths.receipt(b.id)} download className={buttonClasses('outline', 'sm', 'mt-3 w-full')} data-testid="receipt-download">
                    {t('bookings.receipt')}
                  </a>
                )}
              </section>
            )}
            {view === 'customer' && ACTIVE.includes(b.status) && <CancellationPolicy dates={b.cancellation_policy} timeZone={b.timezone} paid={b.status === 'confirmed'} />}
            {view === 'customer' && b.status === 'completed' && (
              <Link href={routeUrl('account.bookings.rate', { bookingId: b.id })} className={buttonClasses('primary', 'md', 'w-full')}>
                {t('bookings.rate.link')}
              </Link>
            )}
            {b.actions.includes('pay') && (
              <Button onClick={pay} loading={busy === 'pay'} disabled={b.passport.ack_required} fullWidth>
                {t('bookings.pay')}
              </Button>
            )}
            {b.actions.includes('accept') && (
              <Button onClick={accept} loading={busy === 'accept'} disabled={b.passport.ack_required} fullWidth>
                {t('bookings.accept')}
              </Button>
            )}
            {b.chef_paused && b.status === 'requested' && (
              <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-100" data-testid="cannot-accept-paused">
                {t('bookings.cannotaccept.paused')}
              </p>
            )}
            {b.actions.includes('decline') && (
              <Button variant="outline" onClick={() => setDialog('decline')} fullWidth>
                {t('bookings.decline')}
              </Button>
            )}
            {b.actions.includes('cancel') && (
              <Button variant="danger" onClick={() => setDialog('cancel')} fullWidth>
                {t('bookings.cancel')}
              </Button>
            )}
            {actionError && (
              <p role="alert" className="rounded-xl bg-danger-50 px-4 py-3 text-sm text-danger-700 ring-1 ring-danger-100" data-testid="action-error">
                {actionError}
              </p>
            )}
          </aside>
        </div>
      )}
      {dialog === 'cancel' && <CancelDialog bookingId={b.id} view={view} timeZone={b.timezone} onClose={() => setDialog(null)} onDone={() => void mutate()} />}
      {dialog === 'decline' && <DeclineDialog bookingId={b.id} onClose={() => setDialog(null)} onDone={() => void mutate()} />}
    </div>
  );
}

/**
 * The booking machine barred one party (chef blocked or an account closed): said instead of the next step. While the
 * booking is still to take place only calling it off is left; once it is over (or called off), what the barred chef
 * can no longer write after it (messages, a reply to the review, the guest's rating) and what the other side meets.
 */
const BARRED_TEXT = {
  chef: { customer: tk('bookings.barred.chefforcustomer'), chef: tk('bookings.barred.chefforchef') },
  customer: { chef: tk('bookings.barred.customerforchef') },
};
const BARRED_DONE_TEXT = {
  chef: { customer: tk('bookings.barred.chefforcustomerdone'), chef: tk('bookings.barred.chefforchefdone') },
  customer: { chef: tk('bookings.barred.customerforchefdone') },
};

function BarredNotice({ b, view }: { b: Booking; view: View }) {
  const t = useT();
  const texts = ACTIVE.includes(b.status) ? BARRED_TEXT : BARRED_DONE_TEXT;
  const text = b.barred_party ? (texts[b.barred_party] as Partial<Record<View, string>>)[view] : undefined;
  if (!text) return null;
  return (
    <p role="status" className="rounded-2xl bg-danger-50 p-4 text-danger-700 ring-1 ring-danger-100" data-testid="booking-barred">
      {t(text)}
    </p>
  );
}

function NextStep({ b, view }: { b: Booking; view: View }) {
  const t = useT();
  const locale = useLocale();
  let text: string | null = null;
  if (b.status === 'requested')
    text =
      view === 'customer'
        ? t('bookings.next.customer.requested', { date: b.respond_by ? formatEventTime(b.respond_by, b.timezone, locale) : '' })
        : b.chef_paused
          ? t('bookings.cannotaccept.paused')
          : t('bookings.next.chef.requested', { time: formatLeft(b.respond_seconds_left ?? 0) });
  else if (b.status === 'accepted') {
    // An instant booking was accepted by the booking itself: nobody may read that the chef accepted it.
    const date = b.payment_due_by ? formatEventTime(b.payment_due_by, b.timezone, locale) : '';
    if (view === 'customer') text = b.instant ? t('bookings.next.customer.reserved', { date }) : t('bookings.next.customer.accepted', { date });
    else text = b.instant ? t('bookings.next.chef.reserved') : t('bookings.next.chef.accepted');
  }
  else if (b.status === 'confirmed') text = t(`bookings.next.${view}.confirmed`);
  // A banned chef's earnings are held, not released 48 hours after the event.
  else if (b.status === 'completed' && view === 'chef' && b.earnings?.held_reason === 'chef_banned') text = t('bookings.complaint.promise.chefheld');
  else if (b.status === 'completed') text = t(`bookings.next.${view}.completed`);
  if (!text) return null;
  return (
    <section aria-labelledby="next-title" className="rounded-2xl bg-white p-4 ring-1 ring-cream-200">
      <h2 id="next-title" className="font-semibold">
        {t('bookings.next.title')}
      </h2>
      <p className="mt-1">{text}</p>
    </section>
  );
}

/** Refund preview first (GET …/cancellation), then the cancellation with a reason (POST …/cancel). */
export function CancelDialog({ bookingId, view, timeZone, onClose, onDone }: { bookingId: number; view: View; timeZone: string; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const preview = useApi<Answer<typeof bookingCalls.cancellation.$get>>(bookingPaths.cancellation(bookingId), { revalidateOnMount: true });
  const p = preview.data?.data;
  // The schema lets the reason be empty; the preview says when this side must give one (the service checks it too).
  const { form, close } = useReasonForm(cancelBody, (body) => unwrap(bookingCalls.cancel.$post({ param: { id: String(bookingId) }, json: body })), {
    success: { title: t('bookings.cancelled'), text: t('bookings.notice.cancelled') },
    onDone,
    onClose,
    check: (reason) => (p?.reason_required && !reason.trim() ? { reason: [t('bookings.cancelreasonrequired')] } : {}),
  });

  return (
    <Modal
      open
      onClose={close}
      title={t('bookings.canceltitle')}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            {t('bookings.keep')}
          </Button>
          {p?.can_cancel && (
            <Button type="submit" form="booking-cancel-form" variant="danger" loading={form.busy}>
              {t('bookings.confirmcancel')}
            </Button>
          )}
        </div>
      }
    >
      {preview.error ? (
        <LoadError retry={() => preview.mutate()} />
      ) : !p ? (
        <Loading />
      ) : !p.can_cancel ? (
        <p>{p.message}</p>
      ) : (
        <form id="booking-cancel-form" {...form.props} className="flex flex-col gap-3" data-testid="refund-preview">
          <p>
            {p.refund_tier === 'none'
              ? t('bookings.refund.none', { paid: p.paid_formatted })
              : p.refund_tier === 'cooling_off'
                ? t('bookings.refund.coolingoff', { refund: p.refund_formatted })
                : t('bookings.refund.amount', { refund: p.refund_formatted, percent: p.refund_percent, paid: p.paid_formatted })}
          </p>
          {view === 'customer' && p.paid > 0 && (
            <div className="text-sm text-ink-600">
              <PolicySteps dates={p} timeZone={timeZone} paid />
            </div>
          )}
          {p.counts_against_you && <p className="text-sm font-semibold text-red-700">{t('bookings.countsagainst')}</p>}
          <TextAreaField {...form.field('reason')} label={p.reason_required ? t('bookings.reasonrequired') : t('bookings.reasonoptional')} rows={3} />
          <FormErrors errors={form.formErrors} />
        </form>
      )}
    </Modal>
  );
}

/**
 * A booking action that posts `{ reason }` (cancel, decline) as a schema form over the route's shared schema: the
 * reason checked before sending (plus `check`'s rule), the server's refusal at the field with the focus there, and
 * the success notification in the visitor's language (`success`: the server's message is the seed's English). `close`
 * (the close button, Escape, the backdrop, the back button) asks before a typed reason is thrown away, as the admin's
 * dialogs do.
 */
function useReasonForm<S extends v.GenericSchema>(
  schema: S,
  send: (body: v.InferOutput<S>) => Promise<unknown>,
  { success, onDone, onClose, check }: { success: { title: string; text: string }; onDone: () => void; onClose: () => void; check?: (reason: string) => Partial<FieldErrors> },
) {
  const form = useSchemaForm<{ reason: string }, S, unknown>(schema, send, {
    initial: { reason: '' },
    check: check && ((values) => check(values.reason)),
    onSuccess: () => {
      notify({ title: success.title, message: success.text, type: 'success' });
      onDone();
      onClose();
    },
  });
  const close = useUnsavedDialog(form.values.reason.trim() !== '', onClose);
  return { form, close };
}

function DeclineDialog({ bookingId, onClose, onDone }: { bookingId: number; onClose: () => void; onDone: () => void }) {
  const t = useT();
  // The decline's schema requires the reason, in the words the server uses for it.
  const { form, close } = useReasonForm(declineBody, (body) => unwrap(bookingCalls.decline.$post({ param: { id: String(bookingId) }, json: body })), { success: { title: t('bookings.declined'), text: t('bookings.notice.declined') }, onDone, onClose });
  return (
    <Modal
      open
      onClose={close}
      title={t('bookings.declinetitle')}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            {t('bookings.back')}
          </Button>
          <Button type="submit" form="booking-decline-form" variant="danger" loading={form.busy}>
            {t('bookings.decline')}
          </Button>
        </div>
      }
    >
      <form id="booking-decline-form" {...form.props} className="flex flex-col gap-3">
        <TextAreaField {...form.field('reason')} label={t('bookings.reasonrequired')} rows={3} />
        <FormErrors errors={form.formErrors} />
      </form>
    </Modal>
  );
}
