// The complaint window on a booking page (issue 18 §3): the promise (until when a problem can be reported, when the
// chef's payout is released, on the event's clocks), the customer's "Report a problem" form while the window is
// open, and the complaint afterwards: its state, the photos, the chef's answer (which the chef writes and edits here
// until the decision) and the administrator's decision. The window and the categories come from the server
// (GET /v1/bookings/{id}/complaint).
import { useState } from 'react';
import { ANSWER_MAX, COMPLAINT_PHOTOS_MAX, COMPLAINT_TEXT_MAX, answerBody, complaintBody } from '#shared/schemas/complaints.schema';
import { messageText } from '#shared/validation-messages';
import { Button } from '../../components/Button';
import { FieldErrorList, FormErrors, SelectField, TextAreaField } from '../../components/Field';
import { LoadError } from '../../components/LoadState';
import { ApiError } from '../../lib/api';
import { unwrap, type Answer } from '../../lib/client';
import { formatEventTime } from '../../lib/event-time';
import { tk, useLocale, useT, type TFunction } from '../../lib/i18n';
import { useApi } from '../../lib/swr';
import { failureOf, inOwnWords, useSchemaForm } from '../../lib/schema-form';
import { uploadAttachment, uploadCodes } from '../../lib/upload';
import { notify } from '../../state/ui';
import { bookingCalls, bookingPaths, type Booking } from './bookingsApi';

const complaintCall = bookingCalls.complaint;
type ComplaintView = Answer<typeof complaintCall.$get>;
/** A complaint as the API presents it (complaints.service presentComplaint). */
export type Complaint = NonNullable<ComplaintView['data']['complaint']>;
export type ComplaintOutcome = NonNullable<Complaint['outcome']>;

export const CATEGORY_LABEL: Record<string, string> = {
  no_show_or_late: tk('bookings.complaint.category.no_show_or_late'),
  food_quality: tk('bookings.complaint.category.food_quality'),
  dietary_not_respected: tk('bookings.complaint.category.dietary_not_respected'),
  hygiene: tk('bookings.complaint.category.hygiene'),
  behaviour: tk('bookings.complaint.category.behaviour'),
  other: tk('bookings.complaint.category.other'),
};

export const OUTCOME_LABEL: Record<ComplaintOutcome, string> = {
  no_refund: tk('bookings.complaint.outcome.no_refund'),
  partial_refund: tk('bookings.complaint.outcome.partial_refund'),
  full_refund: tk('bookings.complaint.outcome.full_refund'),
};

/** Statuses after the event: the complaint (or its form) is read from the server then. */
const TOOK_PLACE = ['completed', 'reviewed'];

export function BookingComplaint({ b, view, onChanged }: { b: Booking; view: 'customer' | 'chef'; onChanged: () => void }) {
  const t = useT();
  const locale = useLocale();
  const after = TOOK_PLACE.includes(b.status);
  const state = useApi<ComplaintView>(after ? bookingPaths.complaint(b.id) : null);
  const [open, setOpen] = useState(false);
  if (!b.complaint_until) return null;
  const until = formatEventTime(b.complaint_until, b.timezone, locale);
  const c = state.data?.data.complaint ?? null;
  const refresh = async () => {
    await state.mutate();
    onChanged();
  };
  const windowOpen = Date.parse(b.complaint_until) > Date.now();

  return (
    <section aria-labelledby="complaint-title" className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow" data-testid="booking-complaint">
      <h2 id="complaint-title" className="text-xl font-semibold">
        {t('bookings.complaint.title')}
      </h2>
      {c ? null : (
        <p data-testid="complaint-promise">
          {view === 'customer'
            ? t(windowOpen ? 'bookings.complaint.promise.customer' : 'bookings.complaint.promise.customerclosed', { date: until })
            : // A banned chef's earnings are not released after the window: only our team releases them.
              t(b.earnings?.held_reason === 'chef_banned' ? 'bookings.complaint.promise.chefheld' : windowOpen ? 'bookings.complaint.promise.chef' : 'bookings.complaint.promise.chefclosed', { date: until })}
        </p>
      )}
      {state.error ? <LoadError retry={() => state.mutate()} /> : null}
      {c ? <ComplaintState c={c} view={view} b={b} onAnswered={refresh} /> : null}
      {view === 'customer' && !c && state.data?.data.can_report ? (
        open ? (
          <ReportForm bookingId={b.id} categories={state.data.data.categories} onCancel={() => setOpen(false)} onSent={refresh} />
        ) : (
          <Button variant="outline" onClick={() => setOpen(true)} className="self-start">
            {t('bookings.complaint.report')}
          </Button>
        )
      ) : null}
    </section>
  );
}

function ComplaintState({ c, b, view, onAnswered }: { c: Complaint; b: Booking; view: 'customer' | 'chef'; onAnswered: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-3" data-testid="complaint-state" data-status={c.status}>
      <p className="rounded-xl bg-cream-100 p-3 font-semibold" role="status">
        {c.status === 'open'
          ? t(view === 'customer' ? 'bookings.complaint.state.opencustomer' : 'bookings.complaint.state.openchef')
          : t('bookings.complaint.state.decided', { outcome: t(OUTCOME_LABEL[c.outcome ?? 'no_refund']), refund: c.refund_formatted ?? '' })}
      </p>
      <ComplaintReport c={c} timezone={b.timezone} by={view === 'customer' ? t('bookings.complaint.yourreport') : t('bookings.complaint.customerreport', { name: b.customer.firstname })} />
      {view === 'chef' && c.status === 'open' ? (
        <AnswerForm bookingId={b.id} answer={c.chef_answer} onSaved={onAnswered} />
      ) : c.chef_answer ? (
        <div className="rounded-xl bg-cream-100 p-3" data-testid="complaint-answer">
          <p className="text-sm font-semibold">{view === 'chef' ? t('bookings.complaint.youranswer') : t('bookings.complaint.chefanswer', { name: b.chef.firstname })}</p>
          <p className="whitespace-pre-wrap">{c.chef_answer}</p>
        </div>
      ) : c.status === 'open' ? (
        <p className="text-sm text-ink-600">{t('bookings.complaint.noanswer')}</p>
      ) : null}
      {c.status === 'decided' && c.decision_note ? (
        <div className="rounded-xl bg-brand-50 p-3" data-testid="complaint-decision">
          <p className="text-sm font-semibold">{t('bookings.complaint.decisionnote', { date: c.decided_at ? formatEventTime(c.decided_at, b.timezone, locale) : '' })}</p>
          <p className="whitespace-pre-wrap">{c.decision_note}</p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The report as both parties and the admins read it: who wrote it (when the place does not say), its category and
 * when, on the event's clocks, the text, and the photos, each opening full size.
 */
export function ComplaintReport({ c, timezone, by }: { c: Pick<Complaint, 'category' | 'created_at' | 'text' | 'photos'>; timezone: string; by?: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="text-sm text-ink-600">
          {[by, t(CATEGORY_LABEL[c.category] ?? CATEGORY_LABEL.other!), formatEventTime(c.created_at, timezone, locale)].filter(Boolean).join(' · ')}
        </p>
        <p className="whitespace-pre-wrap">{c.text}</p>
      </div>
      {c.photos.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('bookings.complaint.photos')}>
          {c.photos.map((p, i) => (
            <li key={p.id}>
              <a href={p.url} target="_blank" rel="noreferrer">
                <img src={p.url} alt={t('bookings.complaint.photoalt', { n: i + 1 })} className="h-24 w-24 rounded-lg object-cover" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The report: the category and text as the server checks them, and the photos, uploaded once the check passed. */
function ReportForm({ bookingId, categories, onCancel, onSent }: { bookingId: number; categories: ComplaintView['data']['categories']; onCancel: () => void; onSent: () => void }) {
  const t = useT();
  const form = useSchemaForm(
    complaintBody,
    async (body): Promise<Answer<typeof complaintCall.$post>> => {
      const photo_ids = await uploadPhotos(form.values.files, t);
      return unwrap(complaintCall.$post({ param: { id: String(bookingId) }, json: { ...body, photo_ids } }));
    },
    {
      initial: { category: '', text: '', files: [] as File[] },
      // The photos are counted here and uploaded on sending; the schema's photo_ids are their ids then.
      body: ({ category, text }) => ({ category, text }),
      check: ({ files }) => (files.length > COMPLAINT_PHOTOS_MAX ? { photo_ids: [messageText('validation.complaint.photosmax', { max: COMPLAINT_PHOTOS_MAX })] } : {}),
      onSuccess: () => {
        notify({ type: 'success', title: t('bookings.complaint.sent'), message: t('bookings.notice.complaintsent') });
        onSent();
      },
    },
  );
  const photoErrors = form.errors.photo_ids;

  return (
    <form {...form.props} className="flex flex-col gap-3" data-testid="complaint-form">
      <SelectField
        {...form.field('category')}
        label={t('bookings.complaint.category.label')}
        options={[{ value: '', label: t('bookings.complaint.category.choose') }, ...categories.map((c) => ({ value: c, label: t(CATEGORY_LABEL[c] ?? CATEGORY_LABEL.other!) }))]}
      />
      <TextAreaField {...form.field('text')} label={t('bookings.complaint.text')} hint={t('bookings.complaint.texthint')} maxLength={COMPLAINT_TEXT_MAX} rows={5} />
      <div className="flex flex-col gap-1">
        <label htmlFor="complaint-photos" className="font-semibold">
          {t('bookings.complaint.photoslabel', { max: COMPLAINT_PHOTOS_MAX })}
        </label>
        <input
          id="complaint-photos"
          name="photo_ids"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          aria-describedby={photoErrors?.length ? 'complaint-photos-error' : undefined}
          aria-invalid={photoErrors?.length ? true : undefined}
          onChange={(e) => form.set('files', [...(e.target.files ?? [])])}
        />
        <FieldErrorList id="complaint-photos-error" name="photo_ids" errors={photoErrors} />
      </div>
      <FormErrors errors={form.formErrors} testId="complaint-error" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={form.busy}>
          {t('bookings.complaint.send')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('bookings.complaint.cancel')}
        </Button>
      </div>
    </form>
  );
}

const PHOTO_CODES = uploadCodes('photo');

/**
 * The photos as attachments of kind complaint_photo; the server's refusal of one is an error of the photos field, in
 * the visitor's words.
 */
async function uploadPhotos(files: File[], t: TFunction): Promise<number[]> {
  try {
    return (await Promise.all(files.map((f) => uploadAttachment('complaint_photo', f)))).map((a) => a.id);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0) throw err;
    const f = inOwnWords(failureOf(err), PHOTO_CODES, t);
    const messages = Object.values(f.errors).flat();
    throw new ApiError(f.status, f.message, f.code, { photo_ids: messages.length ? messages : [f.message] });
  }
}

function AnswerForm({ bookingId, answer, onSaved }: { bookingId: number; answer: string | null; onSaved: () => void }) {
  const t = useT();
  const form = useSchemaForm(answerBody, (body) => unwrap(complaintCall.answer.$put({ param: { id: String(bookingId) }, json: body })), {
    initial: { text: answer ?? '' },
    onSuccess: () => {
      notify({ type: 'success', title: t('bookings.complaint.answersaved'), message: t('bookings.notice.answersaved') });
      onSaved();
    },
  });

  return (
    <form {...form.props} className="flex flex-col gap-2" data-testid="complaint-answer-form">
      <TextAreaField
        {...form.field('text')}
        label={answer ? t('bookings.complaint.editanswer') : t('bookings.complaint.answerlabel')}
        hint={t('bookings.complaint.answerhint')}
        maxLength={ANSWER_MAX}
        rows={4}
      />
      <FormErrors errors={form.formErrors} />
      <Button type="submit" loading={form.busy} className="self-start">
        {answer ? t('bookings.complaint.saveanswer') : t('bookings.complaint.sendanswer')}
      </Button>
    </form>
  );
}
