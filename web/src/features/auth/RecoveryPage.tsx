// Password reset from the mailed link (route auth.recovery, query email and token; seed §2, §4, §5, §8): the e-mail,
// a disabled current-password field, the new password twice. States: idle, submitting, success (a full redirect to
// /, now signed in) and failure (the seed's "recovery fail" box, titled with a sentence in every locale).
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { newPassword } from '#shared/schemas/auth.schema';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { ApiError } from '../../lib/api';
import { client, unwrap } from '../../lib/client';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { browser } from './afterAuth';
import { AuthCard } from './AuthCard';
import { controlClass, TextField } from '../../components/Field';
import { check } from './form';

export type RecoveryStatus = 'idle' | 'submitting' | 'success' | 'failure';

/** Seed §5: the warning shows when both are filled, equally long and still different. */
export const passwordsMismatch = (password: string, confirm: string) => password !== '' && confirm !== '' && password.length === confirm.length && password !== confirm;

/** Seed §5: update is disabled while either is empty or they differ. */
export const canUpdatePassword = (password: string, confirm: string) => password !== '' && confirm !== '' && password === confirm;

/**
 * Seed §8: the password errors joined by line breaks when there are any, else the server's message. The link's own
 * fields (token, email) have no input on this page to highlight, so their errors are the message to show: a bad link
 * reads "This reset link is not valid.", never "Please check the highlighted fields".
 */
export function recoveryFailureText(err: unknown): string {
  if (err instanceof ApiError) {
    const password = err.errors.password ?? [];
    if (password.length) return password.join('\n');
    const link = [...(err.errors.token ?? []), ...(err.errors.email ?? [])];
    return link.length ? [...new Set(link)].join('\n') : err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

export default function RecoveryPage() {
  const t = useT();
  usePageHead({ title: t('screens.recovery') });
  const params = new URLSearchParams(useSearch());
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [status, setStatus] = useState<RecoveryStatus>('idle');
  const [failure, setFailure] = useState('');
  const linkComplete = email !== '' && token !== '';
  const mismatch = passwordsMismatch(password, confirm);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canUpdatePassword(password, confirm) || !linkComplete || status === 'submitting' || status === 'success') return;
    const checked = check(newPassword, password);
    if (!checked.ok) {
      setFailure(Object.values(checked.errors).flat().join('\n'));
      setStatus('failure');
      return;
    }
    setStatus('submitting');
    try {
      await unwrap(client.auth.recover.$post({ json: { email, token, password } }));
    } catch (err) {
      setFailure(recoveryFailureText(err));
      setStatus('failure');
      return;
    }
    setStatus('success');
    browser.assign('/');
  };

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
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="recovery-form">
        <TextField name="email" type="email" label={t('auth.fields.email')} value={email} onChange={() => undefined} readOnly autoComplete="username" />
        <div>
          <label htmlFor="recovery-current" className="field-label">
            {t('auth.recovery.current')}
          </label>
          <input id="recovery-current" name="current" type="password" disabled value="" autoComplete="off" className={controlClass(false, 'disabled:text-ink-600')} />
        </div>
        <TextField name="password" type="password" label={t('auth.recovery.new')} autoComplete="new-password" value={password} onChange={setPassword} />
        <TextField
          name="confirm"
          type="password"
          label={t('auth.recovery.confirm')}
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          aria-describedby={mismatch ? 'recovery-mismatch' : undefined}
        />
        {mismatch ? (
          <p id="recovery-mismatch" role="alert" className="flex items-center gap-2 text-sm font-medium text-danger-700" data-testid="recovery-mismatch">
            <Icon name="alert" className="h-4 w-4 shrink-0" />
            {t('auth.recovery.mismatch')}
          </p>
        ) : null}
        {status === 'failure' ? (
          <div role="alert" className="rounded-xl bg-danger-50 px-4 py-3 ring-1 ring-danger-100" data-testid="recovery-failure">
            <p className="font-semibold text-danger-700">{t('auth.recovery.failed')}</p>
            <p className="mt-1 whitespace-pre-line text-sm text-danger-700">{failure}</p>
          </div>
        ) : null}
        {status === 'success' ? (
          <p role="status" className="rounded-xl bg-herb-50 px-4 py-3 text-herb-700">
            {t('auth.recovery.success')}
          </p>
        ) : null}
        <Button type="submit" fullWidth disabled={!canUpdatePassword(password, confirm) || !linkComplete} loading={status === 'submitting' || status === 'success'}>
          {t('auth.recovery.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
