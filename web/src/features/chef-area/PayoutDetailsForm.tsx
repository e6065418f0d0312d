// Payout details: account holder and IBAN (live checksum hint), confirmed with the account password every time.
// Saved details are only ever shown masked. Used by the application's payout step and the payouts screen. Typed
// holder and IBAN are guarded as unsaved work and kept across the application's steps; the password never is.
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { unwrap } from '../../lib/client';
import { formatDate } from '../../lib/format';
import { useFormDraft, useHasDraft } from '../../lib/form-draft';
import { useLocale, useT, type TFunction } from '../../lib/i18n';
import { CHEF_PATHS, chefMe, useRefresh, usePayoutDetails, type PayoutDetails } from './chefApi';
import { failureOf, unplacedErrors, type FieldErrors } from './errors';
import { TextField } from '../../components/Field';
import { useBusy } from '../../lib/use-busy';
import { ibanHint } from './ibanHint';
import { FormMessage, LoadError, Loading } from './states';

const FIELDS = ['account_holder', 'iban', 'password'];
const PAYOUT_DRAFT = 'payout-details';

/** What is wrong with an IBAN that is not valid: the live hint's words, and the field's error on submit. */
function ibanProblem(hint: ReturnType<typeof ibanHint>, t: TFunction): string {
  if (hint.state === 'empty') return t('chefarea.payout.errors.iban');
  if (hint.state === 'invalid' && hint.reason === 'format') return t('chefarea.payout.iban.format');
  if (hint.state === 'invalid' && hint.reason === 'length') return t('chefarea.payout.iban.length', { length: hint.length, expected: hint.expected ?? 34 });
  return t('chefarea.payout.iban.checksum');
}

export function IbanHintText({ value, id }: { value: string; id?: string }) {
  const t = useT();
  const hint = ibanHint(value);
  let text = t('chefarea.payout.iban.hint');
  let tone = 'text-ink-600';
  if (hint.state === 'typing') text = hint.expected ? t('chefarea.payout.iban.typing', { length: hint.length, expected: hint.expected }) : t('chefarea.payout.iban.hint');
  if (hint.state === 'valid') {
    text = t('chefarea.payout.iban.valid', { country: hint.country });
    tone = 'text-herb-700 font-semibold';
  }
  if (hint.state === 'invalid') {
    tone = 'text-danger-700 font-semibold';
    text = ibanProblem(hint, t);
  }
  return (
    <span id={id} className={`flex items-center gap-1 ${tone}`} data-testid="iban-hint" data-state={hint.state}>
      {hint.state === 'valid' ? <Icon name="check" className="h-4 w-4" /> : hint.state === 'invalid' ? <Icon name="alert" className="h-4 w-4" /> : null}
      {text}
    </span>
  );
}

export function PayoutDetailsSummary({ details }: { details: PayoutDetails }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-2" data-testid="payout-details-summary">
        <div>
          <dt className="text-sm text-ink-600">{t('chefarea.payout.holder')}</dt>
          <dd className="font-semibold text-ink-900">{details.account_holder}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-600">{t('chefarea.payout.iban.label')}</dt>
          <dd className="font-mono font-semibold tracking-wide text-ink-900" data-testid="iban-masked">
            {details.iban_masked}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-ink-600">{t('chefarea.payout.updated', { date: formatDate(details.updated_at, locale) })}</p>
      {details.failed_payout ? (
        <p role="alert" className="mt-3 rounded-xl bg-danger-50 px-4 py-3 text-sm text-danger-700 ring-1 ring-danger-100" data-testid="payout-details-failed">
          {t('chefarea.payout.failed', { iban: details.failed_payout.iban_masked, reason: details.failed_payout.failed_reason ?? '–' })}
        </p>
      ) : null}
    </>
  );
}

export function PayoutDetailsForm({ initialHolder = '', onSaved, onCancel }: { initialHolder?: string; onSaved?: (d: PayoutDetails) => void; onCancel?: () => void }) {
  const t = useT();
  const form = useFormDraft({ holder: initialHolder, iban: '' }, { name: PAYOUT_DRAFT });
  const { holder, iban } = form.values;
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  const [busy, run] = useBusy();
  const refresh = useRefresh();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(save);
  };

  async function save() {
    setMessage(null);
    const local: FieldErrors = {};
    if (holder.trim().length < 2) local.account_holder = [t('chefarea.payout.errors.holder')];
    const hint = ibanHint(iban);
    if (hint.state !== 'valid') local.iban = [ibanProblem(hint, t)];
    if (!password) local.password = [t('chefarea.payout.errors.password')];
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const res = await unwrap(chefMe['payout-details'].$put({ json: { account_holder: holder.trim(), iban, password } }));
      setPassword('');
      // Saved: nothing to guard or keep, and the IBAN is not shown again in full.
      form.saved();
      form.setBase({ holder: holder.trim(), iban: '' });
      await refresh(CHEF_PATHS.payoutDetails, CHEF_PATHS.onboarding);
      onSaved?.(res.data);
    } catch (err) {
      const f = failureOf(err, t('chefarea.common.networkerror'));
      setErrors(f.fields);
      setPassword('');
      const stray = unplacedErrors(f.fields, (k) => FIELDS.includes(k));
      if (!Object.keys(f.fields).length || stray.length) setMessage([f.message, ...stray].join(' '));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="payout-details-form">
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <TextField errorIcon name="account_holder" label={t('chefarea.payout.holder')} value={holder} onChange={(value) => form.set('holder', value)} errors={errors.account_holder} autoComplete="name" maxLength={100} />
      <TextField
        errorIcon
        name="iban"
        label={t('chefarea.payout.iban.label')}
        value={iban}
        onChange={(value) => {
          form.set('iban', value);
          // The live hint speaks again once the IBAN the error was about is edited.
          setErrors(({ iban: _, ...rest }) => rest);
        }}
        errors={errors.iban}
        // One message at a time: the error replaces the live hint, which said the same words.
        hint={errors.iban?.length ? undefined : <IbanHintText value={iban} />}
        autoComplete="off"
        spellCheck={false}
        inputMode="text"
        className="font-mono"
        placeholder="CH93 0076 2011 6238 5295 7"
        maxLength={64}
      />
      <TextField
        errorIcon
        name="password"
        type="password"
        label={t('chefarea.payout.password')}
        hint={t('chefarea.payout.passwordhint')}
        value={password}
        onChange={setPassword}
        errors={errors.password}
        autoComplete="current-password"
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy}>
          {t('chefarea.payout.save')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={() => (form.reset(), onCancel())}>
            {t('chefarea.common.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Saved details masked with a "change" button, or the form when there are none yet. */
export function PayoutDetailsSection({ onSaved }: { onSaved?: () => void }) {
  const t = useT();
  const details = usePayoutDetails();
  const [changing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  // New details typed on an earlier visit of the application's step open the form again.
  const kept = useHasDraft();
  const editing = changing || kept(PAYOUT_DRAFT);
  if (details.error) return <LoadError retry={() => details.mutate()} />;
  if (!details.data) return <Loading />;
  const current = details.data.data;
  if (current && !editing) {
    return (
      <div className="flex flex-col gap-4">
        {saved ? <FormMessage tone="success">{t('chefarea.payout.saved')}</FormMessage> : null}
        <PayoutDetailsSummary details={current} />
        <div>
          <Button variant="outline" size="sm" onClick={() => (setEditing(true), setSaved(false))}>
            {t('chefarea.payout.change')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <PayoutDetailsForm
      initialHolder={current?.account_holder ?? ''}
      onCancel={current ? () => setEditing(false) : undefined}
      onSaved={() => {
        setEditing(false);
        setSaved(true);
        onSaved?.();
      }}
    />
  );
}
