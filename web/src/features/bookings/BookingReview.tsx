// The review of a rated booking on the booking page: the rating and text for both sides, the chef's reply, and for
// the chef (while the server offers "reply") the one reply they may publish (POST /v1/bookings/{id}/review/reply).
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { TextAreaField } from '../../components/Field';
import { api, ApiError } from '../../lib/api';
import { formatDateTime, formatRating } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { notify } from '../../state/ui';
import { REVIEW_TEXT_MAX } from './RateBookingPage';
import type { Booking } from './types';

export function BookingReview({ b, view, onReplied }: { b: Booking; view: 'customer' | 'chef'; onReplied: () => void }) {
  const t = useT();
  const locale = useLocale();
  const review = b.review;
  if (!review) return null;
  const canReply = view === 'chef' && !review.reply && b.actions.includes('reply');
  return (
    <section aria-labelledby="review-title" className="flex flex-col gap-2" data-testid="booking-review">
      <h2 id="review-title" className="text-xl font-semibold">
        {view === 'chef' ? t('bookings.review.title') : t('bookings.review.yours')}
      </h2>
      <p className="font-semibold">
        <span aria-hidden="true" className="text-amber-500">
          ★{' '}
        </span>
        {t('bookings.review.rating', { rating: formatRating(review.rating, locale) })}
        {review.created_at ? <span className="font-normal text-ink-600"> · {formatDateTime(review.created_at, locale)}</span> : null}
      </p>
      {review.text ? <p className="whitespace-pre-wrap">{review.text}</p> : <p className="text-ink-600">{t('bookings.review.notext')}</p>}
      {review.reply ? (
        <div className="mt-2 rounded-xl bg-cream-100 p-3">
          <p className="text-sm font-semibold">{view === 'chef' ? t('bookings.review.yourreply') : t('bookings.review.chefreply', { name: b.chef.firstname })}</p>
          <p className="whitespace-pre-wrap">{review.reply}</p>
        </div>
      ) : canReply ? (
        <ReplyForm bookingId={b.id} onReplied={onReplied} />
      ) : null}
    </section>
  );
}

function ReplyForm({ bookingId, onReplied }: { bookingId: number; onReplied: () => void }) {
  const t = useT();
  const [text, setText] = useState('');
  // A reply typed and not sent is asked about before the page is left.
  useUnsavedChanges(text.trim() !== '');
  const [errors, setErrors] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setErrors([t('bookings.review.replyrequired')]);
      return;
    }
    setBusy(true);
    setErrors(undefined);
    try {
      const res = await api.post<{ message: string }>(`/v1/bookings/${bookingId}/review/reply`, { text });
      notify({ title: t('bookings.review.replied'), message: res.message, type: 'success' });
      onReplied();
    } catch (err) {
      setErrors(err instanceof ApiError ? (err.errors.text ?? [err.message]) : [t('booking.errors.generic')]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-2">
      <TextAreaField
        name="reply"
        label={t('bookings.review.replylabel')}
        hint={t('bookings.rate.texthint', { count: text.length, max: REVIEW_TEXT_MAX })}
        value={text}
        onChange={(v) => setText(v.slice(0, REVIEW_TEXT_MAX))}
        maxLength={REVIEW_TEXT_MAX}
        rows={4}
        errors={errors}
      />
      <Button type="submit" loading={busy} className="self-start">
        {t('bookings.review.send')}
      </Button>
    </form>
  );
}
