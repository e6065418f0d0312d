// A review form with star ratings 1–5 and a text, posted once: the customer's rating of a booking (RateBookingPage,
// the seed's five ratings) and the chef's rating of the guest (GuestReview: punctuality, kitchen, respect). Both are
// blind (issue 18 §5): the form says the other side reads it only once both are written or the 14 days are over.
// Leaving with unsaved ratings or text asks first; the server's field errors show under their fields.
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { FieldNotes, TextAreaField, useFieldIds } from '../../components/Field';
import { ApiError, type FieldErrors } from '../../lib/api';
import { useFormDraft } from '../../lib/form-draft';
import { useT } from '../../lib/i18n';
import { notify } from '../../state/ui';
import type { Booking } from './bookingsApi';

/** The server's limit for the review text (functions/_api/modules/reviews/reviews.schema.ts). */
export const REVIEW_TEXT_MAX = 2000;

const STARS = [1, 2, 3, 4, 5] as const;

export function ReviewForm<F extends string>({
  send,
  fields,
  legend,
  intro,
  blind,
  submitLabel,
  allRequired,
  doneTitle,
  onDone,
  className = '',
}: {
  /** Posts the ratings and the text (the typed client's call of the rating's route, unwrapped). */
  send: (body: Record<F, number> & { text: string }) => Promise<{ message: string; data: Booking }>;
  fields: readonly F[];
  legend: (field: F) => string;
  intro: string;
  /** Who reads the review and when (the blind rule). */
  blind: string;
  submitLabel: string;
  /** Said next to the button until every rating is chosen. */
  allRequired: string;
  doneTitle: string;
  onDone: (b: Booking) => void;
  className?: string;
}) {
  const t = useT();
  const form = useFormDraft(() => ({ ratings: Object.fromEntries(fields.map((f) => [f, null])) as Record<F, number | null>, text: '' }));
  const { ratings, text } = form.values;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const complete = fields.every((f) => ratings[f] !== null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    setErrors({});
    setProblem(null);
    try {
      // Every rating is chosen (`complete`).
      const res = await send({ ...(ratings as Record<F, number>), text });
      notify({ title: doneTitle, message: res.message, type: 'success' });
      form.saved();
      onDone(res.data);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setProblem(t('bookings.actionfailed'));
      } else if (err.status === 400 && Object.keys(err.errors).length) {
        setErrors(err.errors);
        const placed = new Set<string>([...fields, 'text']);
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
    <form onSubmit={submit} noValidate className={`flex flex-col gap-6 ${className}`}>
      <p className="text-ink-700">{intro}</p>
      <p className="rounded-xl bg-cream-100 px-4 py-3 text-sm" data-testid="review-blind">
        {blind}
      </p>
      {problem && (
        <div role="alert" className="rounded-xl bg-danger-50 px-4 py-3 text-danger-700 ring-1 ring-danger-100" data-testid="rate-problem">
          {problem}
        </div>
      )}
      {fields.map((field) => (
        <StarRating
          key={field}
          name={field}
          legend={legend(field)}
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
          {submitLabel}
        </Button>
        {!complete && <p className="text-sm text-ink-600">{allRequired}</p>}
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
