// Password reset from the mailed link (route auth.recovery, query email and token; seed §2, §4, §5, §8): the e-mail,
// a disabled current-password field, the new password twice. States: idle, submitting, success (a full redirect to
// /, now signed in) and failure (the seed's "recovery fail" box, titled with a sentence in every locale).
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { recoverBody } from '#shared/schemas/auth.schema';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { client, unwrap } from '../../lib/client';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { useSchemaForm, type FieldErrors } from '../../lib/schema-form';
import { leaveTo } from '../../lib/unsaved-changes';
import { AuthCard } from './AuthCard';
import { AUTH_CODES } from './codes';
import { controlClass, TextField } from '../../components/Field';

/** Seed §5: the warning shows when both are filled, equally long and still different. */
export const passwordsMismatch = (password: string, confirm: string) => password !== '' && confirm !== '' && password.length === confirm.length && password !== confirm;

/** Seed §5: update is disabled while either is empty or they differ. */
export const canUpdatePassword = (password: string, confirm: string) => password !== '' && confirm !== '' && password === confirm;

/**
 * Seed §8: the password errors joined by line breaks when there are any, else the rest of what the form has to say.
 * The link's own fields (token, email) have no input on this page to highlight, so their errors are the message: a bad
 * link reads "This reset link is not valid.", never "Please check the highlighted fields".
 */
const recoveryFailureText = (errors: FieldErrors, formErrors: readonly string[]): string => (errors.password ?? [...new Set(formErrors)]).join('\n');

export default function RecoveryPage() {
  const t = useT();
  usePageHead({ title: t('screens.recovery') });
  const params = new URLSearchParams(useSearch());
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const form = useSchemaForm(recoverBody, (body) => unwrap(client.auth.recover.$post({ json: body })), {
    initial: { password: '', confirm: '' },
    guard: false,
    codes: AUTH_CODES,
    body: ({ password }) => ({ email, token, password }),
    onSuccess: () => {
      setDone(true);
      leaveTo('/');
    },
  });
  const { password, confirm } = form.values;
  const linkComplete = email !== '' && token !== '';
  const mismatch = passwordsMismatch(password, confirm);
  const canSubmit = canUpdatePassword(password, confirm) && linkComplete && !done;
  const failure = recoveryFailureText(form.errors, form.formErrors);

  return (
    <AuthCard title={t('auth.recovery.title')}>
      {!linkComplete ? (
        <div role="alert" className="mb-4 rounded-xl bg-danger-50 px-4 py-3 text-danger-700 ring-1 ring-danger-100">
          {t('auth.recovery.invalidlink')}{' '}
          <Link href={routeUrl('auth.login')} className="font-semibold link-underline">
            {t('auth.signin.title')}
          </Link>
        </div>
      ) : null}
      <form {...form.props} onSubmit={(event) => (canSubmit ? form.props.onSubmit(event) : event.preventDefault())} className="flex flex-col gap-4" data-testid="recovery-form">
        <TextField name="email" type="email" label={t('auth.fields.email')} value={email} onChange={() => undefined} readOnly autoComplete="username" />
        <div>
          <label htmlFor="recovery-current" className="field-label">
            {t('auth.recovery.current')}
          </label>
          <input id="recovery-current" name="current" type="password" disabled value="" autoComplete="off" className={controlClass(false, 'disabled:text-ink-600')} />
        </div>
        <TextField name="password" type="password" label={t('auth.recovery.new')} autoComplete="new-password" value={password} onChange={(value) => form.set('password', value)} />
        <TextField
          name="confirm"
          type="password"
          label={t('auth.recovery.confirm')}
          autoComplete="new-password"
          value={confirm}
          onChange={(value) => form.set('confirm', value)}
          aria-describedby={mismatch ? 'recovery-mismatch' : undefined}
        />
        {mismatch ? (
          <p id="recovery-mismatch" role="alert" className="flex items-center gap-2 text-sm font-medium text-danger-700" data-testid="recovery-mismatch">
            <Icon name="alert" className="h-4 w-4 shrink-0" />
            {t('auth.recovery.mismatch')}
          </p>
        ) : null}
        {failure ? (
          <div role="alert" className="rounded-xl bg-danger-50 px-4 py-3 ring-1 ring-danger-100" data-testid="recovery-failure">
            <p className="font-semibold text-danger-700">{t('auth.recovery.failed')}</p>
            <p className="mt-1 whitespace-pre-line text-sm text-danger-700">{failure}</p>
          </div>
        ) : null}
        {done ? (
          <p role="status" className="rounded-xl bg-herb-50 px-4 py-3 text-herb-700">
            {t('auth.recovery.success')}
          </p>
        ) : null}
        <Button type="submit" fullWidth disabled={!canUpdatePassword(password, confirm) || !linkComplete} loading={form.busy || done}>
          {t('auth.recovery.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
