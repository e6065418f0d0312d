// Rating a completed booking (me/bookings/:bookingId/rate): the seed's five ratings 1–5 as star radio groups plus a
// text, sent once with POST /v1/users/me/orders/{id}/rate; leaving with unsaved ratings or text asks first. A booking
// that cannot be rated (not completed, already rated, or past the 14 days) gets an explanation and a link back
// instead of the form.
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/Button';
import { FieldNotes, TextAreaField, useFieldIds } from '../../components/Field';
import { LoadError, Loading } from '../../components/LoadState';
import { api, ApiError, type FieldErrors } from '../../lib/api';
import { useFormDraft } from '../../lib/form-draft';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl, type PageProps } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import { notify } from '../../state/ui';
import type { Booking } from './types';

/** The seed's rating fields, in the order the form shows them. */
export const RATING_FIELDS = ['rating_food', 'rating_service', 'rating_hygiene', 'rating_value', 'rating_communication'] as const;
export type RatingField = (typeof RATING_FIELDS)[number];
/** The server's limit for the review text (functions/_api/modules/reviews/reviews.schema.ts). */
export const REVIEW_TEXT_MAX = 2000;

const STARS = [1, 2, 3, 4, 5] as const;

type Ratings = Record<RatingField, number | null>;
const noRatings = (): Ratings => ({ rating_food: null, rating_service: null, rating_hygiene: null, rating_value: null, rating_communication: null });

/** Why a booking cannot be rated, or null when the form may be shown. */
export function notRateableReason(b: Booking): 'reviewed' | 'expired' | 'status' | null {
  if (b.status === 'reviewed' || b.review) return 'reviewed';
  if (b.status !== 'completed') return 'status';
  if (!b.actions.includes('rate')) return 'expired';
  return null;
}

export default function RateBookingPage({ params }: PageProps) {
  const t = useT();
  const bookingId = params.bookingId ?? '';
  const path = `/v1/users/me/orders/${bookingId}`;
  const { data, error, mutate } = useApi<{ data: Booking }>(/^\d+$/.test(bookingId) ? path : null);
  usePageHead({ title: t('bookings.rate.title') });

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Link href={routeUrl('account.bookings.detail', { bookingId })} className="text-sm text-brand-700 underline">
        {t('bookings.rate.back')}
      </Link>
      <h1 className="mt-2 text-3xl font-bold">{t('bookings.rate.title')}</h1>
      {error ? (
        <LoadError retry={() => mutate()} text={error.status === 404 ? t('bookings.notfound') : undefined} />
      ) : !data ? (
        <Loading />
      ) : (
        <RateBody booking={data.data} onRated={(b) => void mutate({ data: b }, { revalidate: false })} />
      )}
    </div>
  );
}

function RateBody({ booking: b, onRated }: { booking: Booking; onRated: (b: Booking) => void }) {
  const t = useT();
  const [, navigate] = useLocation();
  const form = useFormDraft(() => ({ ratings: noRatings(), text: '' }));
  const { ratings, text } = form.values;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const detail = routeUrl('account.bookings.detail', { bookingId: b.id });

  const reason = notRateableReason(b);
  if (reason) {
    return (
      <div className="mt-4 rounded-2xl bg-cream-100 p-4" data-testid="not-rateable">
        <p>{t(`bookings.rate.notrateable.${reason}`)}</p>
        <Link href={detail} className="mt-3 inline-block font-semibold text-brand-700 underline">
          {t('bookings.rate.tobooking')}
        </Link>
      </div>
    );
  }

  const complete = RATING_FIELDS.every((f) => ratings[f] !== null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    setErrors({});
    setProblem(null);
    try {
      const body = {
        rating_food: ratings.rating_food,
        rating_service: ratings.rating_service,
        rating_hygiene: ratings.rating_hygiene,
        rating_value: ratings.rating_value,
        rating_communication: ratings.rating_communication,
        text,
      };
      const res = await api.post<{ message: string; data: Booking }>(`/v1/users/me/orders/${b.id}/rate`, body);
      notify({ title: t('bookings.rate.done'), message: res.message, type: 'success' });
      form.saved();
      if (res.data) onRated(res.data);
      navigate(detail);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setProblem(t('bookings.actionfailed'));
      } else if (err.status === 400 && Object.keys(err.errors).length) {
        setErrors(err.errors);
        const placed = new Set<string>([...RATING_FIELDS, 'text']);
        const other = Object.entries(err.errors).filter(([field]) => !placed.has(field));
        setProblem(other.length ? other.flatMap(([, m]) => m).join(' ') : null);
      } else {
        setProblem(err.message);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-6">
      <p className="text-ink-700">{t('bookings.rate.intro', { menu: b.menu.name, chef: b.chef.firstname })}</p>
      {problem && (
        <div role="alert" className="rounded-xl bg-danger-50 px-4 py-3 text-danger-700 ring-1 ring-danger-100" data-testid="rate-problem">
          {problem}
        </div>
      )}
      {RATING_FIELDS.map((field) => (
        <StarRating
          key={field}
          name={field}
          legend={t(`bookings.rate.fields.${field}`)}
          value={ratings[field]}
          onChange={(v) => form.update((current) => ({ ratings: { ...current.ratings, [field]: v } }))}
          errors={errors[field]}
        />
      ))}
      <TextAreaField
        name="text"
        label={t('bookings.rate.text')}
        hint={t('bookings.rate.texthint', { count: text.length, max: REVIEW_TEXT_MAX })}
        value={text}
        onChange={(v) => form.set('text', v.slice(0, REVIEW_TEXT_MAX))}
        maxLength={REVIEW_TEXT_MAX}
        rows={6}
        errors={errors.text}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!complete} loading={busy}>
          {t('bookings.rate.submit')}
        </Button>
        {!complete && <p className="text-sm text-ink-600">{t('bookings.rate.allrequired')}</p>}
      </div>
    </form>
  );
}

/** One rating 1–5 as a radio group drawn as stars: arrow keys move between the stars, as with any radio group. */
export function StarRating({
  name,
  legend,
  value,
  onChange,
  errors,
}: {
  name: string;
  legend: string;
  value: number | null;
  onChange: (value: number) => void;
  errors?: readonly string[] | undefined;
}) {
  const t = useT();
  const { id, invalid, describedBy } = useFieldIds(errors, undefined);
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={invalid || undefined} data-field={name}>
      <legend className="field-label">{legend}</legend>
      <div className="flex items-center gap-1">
        {STARS.map((n) => {
          const inputId = `${id}-${n}`;
          const lit = value !== null && n <= value;
          return (
            <span key={n}>
              <input
                id={inputId}
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-label={t('bookings.rate.stars', { count: n })}
                className="peer sr-only"
              />
              <label
                htmlFor={inputId}
                title={t('bookings.rate.stars', { count: n })}
                className={`inline-flex cursor-pointer select-none rounded-md px-0.5 text-3xl leading-none peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-brand-700 peer-focus-visible:outline-offset-2 ${lit ? 'text-amber-500' : 'text-ink-400 hover:text-amber-400'}`}
              >
                <span aria-hidden="true">{lit ? '★' : '☆'}</span>
              </label>
            </span>
          );
        })}
        <span className="ml-2 text-sm text-ink-600" aria-hidden="true">
          {value !== null ? `${value}/5` : ''}
        </span>
      </div>
      <FieldNotes id={id} name={name} errors={errors} />
    </fieldset>
  );
}
