// A review form with star ratings 1–5 and a text, posted once: the customer's rating of a booking (RateBookingPage,
// the seed's five ratings) and the chef's rating of the guest (GuestReview: punctuality, kitchen, respect). Both are
// blind (issue 18 §5): the form says the other side reads it only once both are written or the 14 days are over.
// Leaving with unsaved ratings or text asks first; the shared schema's and the server's field errors show under
// their fields.
import type * as v from 'valibot';
import { REVIEW_TEXT_MAX } from '#shared/schemas/reviews.schema';
import { Button } from '../../components/Button';
import { FieldNotes, FormErrors, TextAreaField, useFieldIds } from '../../components/Field';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/schema-form';
import { notify } from '../../state/ui';
import type { Booking } from './bookingsApi';

const STARS = [1, 2, 3, 4, 5] as const;

type Review<F extends string> = Record<F, number> & { text: string };

export function ReviewForm<F extends string>({
  schema,
  send,
  fields,
  legend,
  intro,
  blind,
  submitLabel,
  allRequired,
  done,
  onDone,
  className = '',
}: {
  /** The shared schema the rating's route checks (rateBody, guestRateBody). */
  schema: v.GenericSchema<unknown, Review<F>>;
  /** Posts the ratings and the text (the typed client's call of the rating's route, unwrapped). */
  send: (body: Review<F>) => Promise<{ data: Booking }>;
  fields: readonly F[];
  legend: (field: F) => string;
  intro: string;
  /** Who reads the review and when (the blind rule). */
  blind: string;
  submitLabel: string;
  /** Said next to the button until every rating is chosen. */
  allRequired: string;
  /** The notice after sending, in the visitor's language (the server's message is English). */
  done: { title: string; text: string };
  onDone: (b: Booking) => void;
  className?: string;
}) {
  const t = useT();
  const form = useSchemaForm(schema, send, {
    initial: () => ({ ...(Object.fromEntries(fields.map((f) => [f, null])) as Record<F, number | null>), text: '' }),
    onSuccess: (res) => {
      notify({ title: done.title, message: done.text, type: 'success' });
      onDone(res.data);
    },
  });
  const ratings = form.values as Record<F, number | null>;
  const complete = fields.every((f) => ratings[f] !== null);

  return (
    <form {...form.props} className={`flex flex-col gap-6 ${className}`}>
      <p className="text-ink-700">{intro}</p>
      <p className="rounded-xl bg-cream-100 px-4 py-3 text-sm" data-testid="review-blind">
        {blind}
      </p>
      <FormErrors errors={form.formErrors} testId="rate-problem" />
      {fields.map((field) => (
        <StarRating key={field} name={field} legend={legend(field)} value={ratings[field]} onChange={(n) => form.update({ [field]: n } as Partial<typeof form.values>)} errors={form.errors[field]} />
      ))}
      <TextAreaField
        name="text"
        value={form.values.text}
        // A generic F could name "text", so the field's setter is typed by hand.
        onChange={(text) => form.update({ text } as Partial<typeof form.values>)}
        errors={form.errors.text}
        label={t('bookings.rate.text')}
        hint={t('bookings.rate.texthint', { count: form.values.text.length, max: REVIEW_TEXT_MAX })}
        maxLength={REVIEW_TEXT_MAX}
        rows={6}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!complete} loading={form.busy}>
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
