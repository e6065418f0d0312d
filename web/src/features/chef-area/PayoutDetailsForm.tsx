// Payout details: account holder and IBAN (live checksum hint), confirmed with the account password every time.
// Saved details are only ever shown masked. Used by the application's payout step and the payouts screen. Typed
// holder and IBAN are guarded as unsaved work and kept across the application's steps; the password never is.
import { useState } from 'react';
import { payoutDetailsBody } from '#shared/schemas/chef-area.schema';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { unwrap } from '../../lib/client';
import { formatDate } from '../../lib/format';
import { useHasDraft } from '../../lib/form-draft';
import { useLocale, useT, type TFunction } from '../../lib/i18n';
import { CHEF_PATHS, chefMe, useRefresh, usePayoutDetails, type PayoutDetails } from './chefApi';
import { FormErrors, TextField } from '../../components/Field';
import { useSchemaForm } from '../../lib/schema-form';
import { ibanHint, type IbanHint } from './ibanHint';
import { FormMessage, LoadError, Loading } from './states';

const PAYOUT_DRAFT = 'payout-details';

/** What the live hint says is wrong with an IBAN while it is typed (on submit the shared schema's check speaks). */
function ibanProblem(hint: Extract<IbanHint, { state: 'invalid' }>, t: TFunction): string {
  if (hint.reason === 'format') return t('chefarea.payout.iban.format');
  if (hint.reason === 'length') return t('chefarea.payout.iban.length', { length: hint.length, expected: hint.expected ?? 34 });
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
  const refresh = useRefresh();
  const form = useSchemaForm(payoutDetailsBody, (body) => unwrap(chefMe['payout-details'].$put({ json: body })), {
    initial: { account_holder: initialHolder, iban: '', password: '' },
    name: PAYOUT_DRAFT,
    transient: ['password'],
    onSuccess: async (res, sent) => {
      // Saved: nothing to guard or keep, and the IBAN is not shown again in full.
      form.setBase({ account_holder: sent.account_holder, iban: '', password: '' });
      await refresh(CHEF_PATHS.payoutDetails, CHEF_PATHS.onboarding);
      onSaved?.(res.data);
    },
    // A refused password is typed again, as every other try.
    onFailure: () => {
      form.set('password', '');
    },
  });
  const { iban } = form.values;

  return (
    <form {...form.props} className="flex flex-col gap-4" data-testid="payout-details-form">
      <FormErrors errors={form.formErrors} />
      <TextField errorIcon {...form.field('account_holder')} label={t('chefarea.payout.holder')} autoComplete="name" maxLength={100} />
      <TextField
        errorIcon
        {...form.field('iban')}
        label={t('chefarea.payout.iban.label')}
        onChange={(value) => {
          form.set('iban', value);
          // The live hint speaks again once the IBAN the error was about is edited.
          if (form.errors.iban) {
            const { iban: _, ...rest } = form.errors;
            form.setErrors(rest);
          }
        }}
        // One message at a time: the error replaces the live hint, which said the same words.
        hint={form.errors.iban?.length ? undefined : <IbanHintText value={iban} />}
        autoComplete="off"
        spellCheck={false}
        inputMode="text"
        inputClassName="font-mono"
        placeholder="CH93 0076 2011 6238 5295 7"
        maxLength={64}
      />
      <TextField errorIcon {...form.field('password')} type="password" label={t('chefarea.payout.password')} hint={t('chefarea.payout.passwordhint')} autoComplete="current-password" />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={form.busy}>
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
