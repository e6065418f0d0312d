// The reviews on the booking page, both ways and blind (issue 18 §5). The customer's review of the booking
// (`review`) and the chef's review of the guest (`guest_review`): each author reads their own at once, with when it
// will be published (once the other side has written theirs, or when the 14 days are over); the other side reads it
// only once published. The chef replies once to a published review (POST /v1/bookings/{id}/review/reply) and rates
// the guest while the server offers "rate_guest" (POST /v1/bookings/{id}/guest-review).
import type { ReactNode } from 'react';
import { REVIEW_TEXT_MAX, guestRateBody, replyBody } from '#shared/schemas/reviews.schema';
import { Button } from '../../components/Button';
import { FormErrors, TextAreaField } from '../../components/Field';
import { unwrap } from '../../lib/client';
import { formatEventTime } from '../../lib/event-time';
import { formatRating } from '../../lib/format';
import { tk, useLocale, useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/schema-form';
import { notify } from '../../state/ui';
import { ReviewForm } from './ReviewForm';
import { bookingCalls, type Booking, type BookingReviewShape } from './bookingsApi';

/** The chef's ratings of the guest, in the order the form shows them, with their labels. */
const GUEST_RATING_LABELS = {
  rating_punctuality: tk('bookings.guestreview.fields.rating_punctuality'),
  rating_kitchen: tk('bookings.guestreview.fields.rating_kitchen'),
  rating_respect: tk('bookings.guestreview.fields.rating_respect'),
} as const;
export const GUEST_RATING_FIELDS = Object.keys(GUEST_RATING_LABELS) as (keyof typeof GUEST_RATING_LABELS)[];

export function BookingReview({ b, view, onChanged }: { b: Booking; view: 'customer' | 'chef'; onChanged: () => void }) {
  const t = useT();
  const locale = useLocale();
  const chefName = b.chef.firstname;
  const guestName = b.customer.firstname;
  const publishBy = b.rate_until ? formatEventTime(b.rate_until, b.timezone, locale) : '';
  const pending = (r: BookingReviewShape, text: string) => (r.published ? null : <p className="rounded-xl bg-cream-100 px-3 py-2 text-sm" data-testid="review-pending">{text}</p>);
  const customerReview = b.review ? (
    <ReviewCard
      testId="booking-review"
      title={view === 'chef' ? t('bookings.review.title') : t('bookings.review.yours')}
      review={b.review}
      timeZone={b.timezone}
      note={pending(b.review, t('bookings.review.pending.customer', { name: chefName, date: publishBy }))}
    >
      {b.review.reply ? (
        <div className="mt-2 rounded-xl bg-cream-100 p-3">
          <p className="text-sm font-semibold">{view === 'chef' ? t('bookings.review.yourreply') : t('bookings.review.chefreply', { name: chefName })}</p>
          <p className="whitespace-pre-wrap">{b.review.reply}</p>
        </div>
      ) : view === 'chef' && b.actions.includes('reply') ? (
        <ReplyForm bookingId={b.id} onReplied={onChanged} />
      ) : null}
    </ReviewCard>
  ) : null;
  const guestReview = b.guest_review ? (
    <ReviewCard
      testId="guest-review"
      title={view === 'chef' ? t('bookings.guestreview.yours', { name: guestName }) : t('bookings.guestreview.aboutyou', { name: chefName })}
      review={b.guest_review}
      timeZone={b.timezone}
      note={pending(b.guest_review, t('bookings.review.pending.chef', { name: guestName, date: publishBy }))}
    />
  ) : null;
  const rateGuest =
    view === 'chef' && b.actions.includes('rate_guest') ? (
      <section aria-labelledby="guest-review-title" className="flex flex-col gap-2" data-testid="guest-review-form">
        <h2 id="guest-review-title" className="text-xl font-semibold">
          {t('bookings.guestreview.title', { name: guestName })}
        </h2>
        <ReviewForm
          schema={guestRateBody}
          send={(body) => unwrap(bookingCalls['guest-review'].$post({ param: { id: String(b.id) }, json: body }))}
          fields={GUEST_RATING_FIELDS}
          legend={(field) => t(GUEST_RATING_LABELS[field])}
          intro={t('bookings.guestreview.intro', { name: guestName })}
          blind={t('bookings.guestreview.blind', { name: guestName, date: publishBy })}
          submitLabel={t('bookings.guestreview.submit')}
          allRequired={t('bookings.guestreview.allrequired')}
          done={{ title: t('bookings.guestreview.done'), text: t('bookings.notice.guestrated') }}
          onDone={onChanged}
        />
      </section>
    ) : null;
  if (!customerReview && !guestReview && !rateGuest) return null;
  return (
    <>
      {customerReview}
      {guestReview}
      {rateGuest}
    </>
  );
}

/**
 * One review: its heading, the mean rating and when it was written (on the event's clock, named when the viewer's
 * differs, like every time on the booking), the text, whether it is published yet, and what follows it.
 */
export function ReviewCard({ title, review, timeZone, note, testId, children }: { title: string; review: BookingReviewShape; timeZone: string; note?: ReactNode; testId: string; children?: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section className="flex flex-col gap-2" data-testid={testId}>
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="font-semibold">
        <span aria-hidden="true" className="text-amber-500">
          ★{' '}
        </span>
        {t('bookings.review.rating', { rating: formatRating(review.rating, locale) })}
        {review.created_at ? <span className="font-normal text-ink-600"> · {formatEventTime(review.created_at, timeZone, locale)}</span> : null}
      </p>
      {review.text ? <p className="whitespace-pre-wrap">{review.text}</p> : <p className="text-ink-600">{t('bookings.review.notext')}</p>}
      {note}
      {children}
    </section>
  );
}

function ReplyForm({ bookingId, onReplied }: { bookingId: number; onReplied: () => void }) {
  const t = useT();
  // A reply typed and not sent is asked about before the page is left (the form's draft).
  const form = useSchemaForm(replyBody, (body) => unwrap(bookingCalls.review.reply.$post({ param: { id: String(bookingId) }, json: body })), {
    initial: { text: '' },
    onSuccess: () => {
      notify({ title: t('bookings.review.replied'), message: t('bookings.notice.replied'), type: 'success' });
      onReplied();
    },
  });

  return (
    <form {...form.props} className="mt-2 flex flex-col gap-2">
      <TextAreaField
        {...form.field('text')}
        label={t('bookings.review.replylabel')}
        hint={t('bookings.rate.texthint', { count: form.values.text.length, max: REVIEW_TEXT_MAX })}
        maxLength={REVIEW_TEXT_MAX}
        rows={4}
      />
      <FormErrors errors={form.formErrors} />
      <Button type="submit" loading={form.busy} className="self-start">
        {t('bookings.review.send')}
      </Button>
    </form>
  );
}
