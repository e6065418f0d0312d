// The guests' allergy passport on a booking, for both parties (and, read-only, the admins): the summary ("3
// vegetarian, 1 severe nut allergy") held against the menu's courses, each guest's answer, and the chef's written
// answer to severe allergies. The customer shares invite links from here; the chef answers severe allergies here
// before accepting (the server refuses accept and payment until then, ALLERGY_ACK_REQUIRED).
import { useState } from 'react';
import { ACK_MAX, allergyAckBody } from '#shared/schemas/allergy-ack.schema';
import { Button } from '../../components/Button';
import { FormErrors, TextAreaField } from '../../components/Field';
import { ApiError } from '../../lib/api';
import { unwrap } from '../../lib/client';
import { formatEventTime } from '../../lib/event-time';
import { tk, useLocale, useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/schema-form';
import { bookingCalls, type AllergyLevel, type Booking, type Passport } from './bookingsApi';

const LEVEL = { preference: tk('passport.levels.preference'), intolerance: tk('passport.levels.intolerance'), severe: tk('passport.levels.severe') } satisfies Record<AllergyLevel, string>;
const LINE = { preference: tk('passport.summary.preference'), intolerance: tk('passport.summary.intolerance'), severe: tk('passport.summary.severe') } satisfies Record<AllergyLevel, string>;

const ACTIVE = ['requested', 'accepted', 'confirmed'];

/** Whether guests can still answer: the booking takes place and has not started (the server's rule for invites). */
const answerable = (b: Pick<Booking, 'status' | 'starts_at'>) => ACTIVE.includes(b.status) && new Date(b.starts_at).getTime() > Date.now();

/** What is said when nobody answered: while guests can still answer, "not yet" (and to the customer, how to ask them). */
const NONE = { open: { customer: tk('passport.noneyetcustomer'), chef: tk('passport.noneyet'), admin: tk('passport.noneyet') }, closed: tk('passport.none') };
const CONFLICT = 'font-semibold text-danger-700';

/** One summary line per diet and per allergy level, plural forms by count. */
export function PassportSummary({ summary }: { summary: Passport['summary'] }) {
  const t = useT();
  return (
    <ul className="mt-2 flex flex-col gap-1" data-testid="passport-summary">
      {summary.diets.map((d) => (
        <li key={`diet-${d.key}`} className={d.menu_has_diet ? '' : CONFLICT} data-conflict={!d.menu_has_diet || undefined}>
          {t('passport.summary.diet', { count: d.count, name: d.name })}
          {!d.menu_has_diet && ` – ${t('passport.summary.menunotmarked')}`}
        </li>
      ))}
      {summary.allergies.map((a) => (
        <li key={`${a.level}-${a.key}`} className={a.conflict || a.level === 'severe' ? CONFLICT : ''} data-conflict={a.conflict || undefined} data-level={a.level}>
          {t(LINE[a.level], { count: a.count, name: a.name })}
          {a.conflict && ` – ${t('bookings.conflictin', { courses: a.courses.map((c) => c.name).join(', ') })}`}
        </li>
      ))}
    </ul>
  );
}

/**
 * What both parties and the admins read of the passport: how many guests answered, the summary, each guest's answer,
 * the chef's written answer, and whether one is still awaited (said to the customer and the admins; the chef gets
 * the form instead).
 */
export function PassportFacts({ b, view }: { b: Pick<Booking, 'passport' | 'guests' | 'status' | 'starts_at'> & { chef: { firstname: string } }; view: 'customer' | 'chef' | 'admin' }) {
  const t = useT();
  const p = b.passport;
  return (
    <>
      {p.summary.answered === 0 ? (
        <p className="mt-1 text-ink-600">{t(answerable(b) ? NONE.open[view] : NONE.closed)}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-600">{t('passport.answered', { count: p.summary.answered, guests: b.guests })}</p>
          <PassportSummary summary={p.summary} />
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-semibold text-brand-700">{t('passport.each')}</summary>
            <ul className="mt-2 flex flex-col gap-2 text-sm" data-testid="passport-answers">
              {p.answers.map((a) => (
                <li key={a.id}>
                  <span className="font-semibold">{a.name}</span>
                  {': '}
                  {[...a.diets.map((d) => d.name), ...a.allergies.map((al) => `${al.name} (${t(LEVEL[al.level])})`)].join(', ') || t('passport.nothing')}
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
      {p.ack && (
        <div className="mt-4 rounded-xl bg-cream-100 p-3" data-testid="passport-ack">
          <p className="text-sm font-semibold">{t('passport.ack.title', { chef: b.chef.firstname })}</p>
          <p className="mt-1 whitespace-pre-wrap">{p.ack.text}</p>
        </div>
      )}
      {p.ack_required && view !== 'chef' && (
        <p className="mt-3 text-sm font-semibold text-danger-700" data-testid="passport-waiting">
          {t('passport.ack.waiting')}
        </p>
      )}
    </>
  );
}

export function GuestPassport({ b, view, onChanged }: { b: Booking; view: 'customer' | 'chef'; onChanged: () => void }) {
  const t = useT();
  const open = answerable(b);
  return (
    <section aria-labelledby="passport-title" className="rounded-2xl bg-white p-4 shadow" data-testid="guest-passport">
      <h2 id="passport-title" className="text-xl font-semibold">
        {t('passport.title')}
      </h2>
      <PassportFacts b={b} view={view} />
      {b.passport.ack_required && view === 'chef' && open && <AckForm b={b} onDone={onChanged} />}
      {view === 'customer' && open && <InviteLink bookingId={b.id} />}
    </section>
  );
}

function InviteLink({ bookingId }: { bookingId: number }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      setUrl((await unwrap(bookingCalls['guest-invites'].$post({ param: { id: String(bookingId) }, json: {} }))).data.url);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('booking.errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url!);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="mt-4 border-t border-cream-300 pt-3">
      <p className="text-sm">{t('passport.invite.text')}</p>
      {url ? (
        <div className="mt-2 flex flex-col gap-2">
          <label className="field-label" htmlFor="passport-invite-url">
            {t('passport.invite.label')}
          </label>
          <input id="passport-invite-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="block w-full rounded-xl border border-ink-400 bg-cream-50 px-3 py-2 text-sm" data-testid="passport-invite-url" />
          <Button variant="outline" onClick={copy} fullWidth>
            {copied ? t('passport.invite.copied') : t('passport.invite.copy')}
          </Button>
        </div>
      ) : (
        <Button variant="outline" onClick={create} loading={busy} fullWidth className="mt-2" data-testid="passport-invite">
          {t('passport.invite.create')}
        </Button>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger-700">
          {error}
        </p>
      )}
      <p className="mt-2 text-xs text-ink-600">{t('passport.invite.privacy')}</p>
    </div>
  );
}

function AckForm({ b, onDone }: { b: Booking; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const form = useSchemaForm(allergyAckBody, (body) => unwrap(bookingCalls['allergy-ack'].$post({ param: { id: String(b.id) }, json: body })), {
    initial: { text: '' },
    body: ({ text }) => ({ text, seen: b.passport.severe_version }),
    clear: true,
    onSuccess: onDone,
    // A guest answered since the chef read the passport: the booking is read again, so the new answer shows.
    onFailure: (failure) => {
      if (failure.code === 'PASSPORT_CHANGED') onDone();
    },
  });
  const severe = b.passport.summary.allergies.filter((a) => a.level === 'severe');
  return (
    <form {...form.props} className="mt-4 rounded-xl bg-danger-50 p-3 ring-1 ring-danger-100" data-testid="passport-ack-form">
      <p className="font-semibold text-danger-700">{t('passport.ack.needed', { allergens: severe.map((a) => a.name).join(', ') })}</p>
      <p className="mt-1 text-sm">{t(b.status === 'requested' ? 'passport.ack.beforeaccept' : 'passport.ack.beforepay', { when: formatEventTime(b.starts_at, b.timezone, locale) })}</p>
      <TextAreaField {...form.field('text')} label={t('passport.ack.label')} rows={4} className="mt-3" maxLength={ACK_MAX} />
      <FormErrors errors={form.formErrors} className="mt-2" />
      <Button type="submit" loading={form.busy} fullWidth className="mt-2">
        {t('passport.ack.submit')}
      </Button>
    </form>
  );
}
