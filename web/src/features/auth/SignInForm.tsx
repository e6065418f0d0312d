// The sign-in form of the dialog and the /login page (seed §2, §4, §5, §8): e-mail, password, remember me, forgot
// password, Apple/Google/Meta and the way to sign-up.
import { useState, type FormEvent, type ReactNode } from 'react';
import { forgotBody, signinBody } from '#shared/schemas/auth.schema';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { client, unwrap } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { closeAlert, showAlert } from '../../state/ui';
import { browser } from './afterAuth';
import { CheckboxField, TextField } from '../../components/Field';
import { check, fieldErrorsOf, messageOf, splitErrors, type FieldErrors } from './form';
import { OAuthButtons } from './OAuthButtons';

const FIELDS = ['identifier', 'secret'] as const;

/**
 * Seed §8, in its order: 'already logged in' reloads the page; any other message shows under the password field;
 * otherwise the errors map shows per field — one or the other, never both. Our API always sends a message, so what it
 * is decides: a validation failure's message only summarises its field errors ("Please check the highlighted
 * fields."), so those show at their fields; every other failure (wrong credentials, too many attempts, a disabled
 * account, no connection) is its message alone, under the password. Decided by `code`, never by the text.
 */
export function signInFailure(err: unknown, fallback: string): 'reload' | FieldErrors {
  if (err instanceof ApiError && err.code === 'ALREADY_AUTHENTICATED') return 'reload';
  const { shown } = splitErrors(fieldErrorsOf(err), FIELDS);
  if (err instanceof ApiError && err.code === 'VALIDATION_FAILED' && Object.keys(shown).length) return shown;
  const message = err instanceof ApiError && err.status !== 0 ? messageOf(err) : '';
  return { secret: [message || fallback] };
}

type ForgotState = 'idle' | 'sending' | 'sent';

export function SignInForm({ onAuthenticated, signUpLink, oauthReturn }: { onAuthenticated: () => Promise<void>; signUpLink: ReactNode; oauthReturn: string | null }) {
  const t = useT();
  const [identifier, setIdentifier] = useState('');
  const [secret, setSecret] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState<ForgotState>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = check(signinBody, { identifier, secret, remember });
    if (!checked.ok) {
      setErrors(splitErrors(checked.errors, FIELDS).shown);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await unwrap(client.auth.signin.$post({ json: checked.output }));
    } catch (err) {
      setBusy(false);
      const failure = signInFailure(err, t('auth.errors.generic'));
      if (failure === 'reload') browser.reload();
      else setErrors(failure);
      return;
    }
    try {
      await onAuthenticated();
    } finally {
      setBusy(false);
    }
  };

  // Seed §4/§5: needs an e-mail; shows an info alert with a spinner, then the success alert; failures per field.
  const sendReset = async () => {
    if (forgot === 'sending') return;
    const checked = check(forgotBody, { email: identifier });
    if (!checked.ok) {
      setErrors({ identifier: [t('auth.forgot.emailrequired')] });
      return;
    }
    setErrors({});
    setForgot('sending');
    const alertId = showAlert({ message: t('auth.forgot.sending'), type: 'info', busy: true });
    try {
      await unwrap(client.auth.forgot.$post({ json: checked.output }));
      setForgot('sent');
      showAlert({ message: t('auth.forgot.sent'), type: 'success' });
    } catch (err) {
      setForgot('idle');
      closeAlert(alertId);
      const { shown, other } = splitErrors(fieldErrorsOf(err), ['email']);
      const messages = [...(shown.email ?? []), ...other];
      setErrors({ identifier: messages.length ? messages : [messageOf(err) || t('auth.errors.generic')] });
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="signin-form">
        <TextField
          name="identifier"
          type="email"
          label={t('auth.fields.email')}
          autoComplete="username"
          value={identifier}
          onChange={setIdentifier}
          errors={errors.identifier}
        />
        <TextField
          name="secret"
          type="password"
          label={t('auth.fields.password')}
          autoComplete="current-password"
          value={secret}
          onChange={setSecret}
          errors={errors.secret}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CheckboxField compact name="remember" label={t('auth.signin.remember')} checked={remember} onChange={setRemember} />
          <button type="button" onClick={() => void sendReset()} className="text-sm font-semibold text-brand-700 link-underline" aria-busy={forgot === 'sending' || undefined}>
            {t('auth.signin.forgot')}
          </button>
        </div>
        {forgot !== 'idle' ? (
          <p role="status" className="flex items-center gap-2 rounded-xl bg-cream-100 px-3 py-2 text-sm text-ink-800">
            {forgot === 'sending' ? <Spinner className="h-4 w-4 shrink-0" /> : null}
            {forgot === 'sending' ? t('auth.forgot.sending') : t('auth.forgot.sent')}
          </p>
        ) : null}
        <Button type="submit" fullWidth loading={busy}>
          {t('auth.signin.submit')}
        </Button>
      </form>
      <OAuthButtons returnTo={oauthReturn} />
      <p className="text-center text-sm text-ink-700">
        {t('auth.signin.noaccount')} {signUpLink}
      </p>
    </div>
  );
}
