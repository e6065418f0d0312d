// The sign-in form of the dialog and the /login page (seed §2, §4, §5, §8): e-mail, password, remember me, forgot
// password, Apple/Google/Meta and the way to sign-up.
import { useState, type ReactNode } from 'react';
import * as v from 'valibot';
import { forgotBody, signinBody } from '#shared/schemas/auth.schema';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { client, unwrap } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { failureOf, useSchemaForm, type Failure, type FieldErrors } from '../../lib/schema-form';
import { reloadPage } from '../../lib/unsaved-changes';
import { closeAlert, showAlert } from '../../state/ui';
import { CheckboxField, TextField } from '../../components/Field';
import { AUTH_CODES } from './codes';
import { OAuthButtons } from './OAuthButtons';

/**
 * Seed §8, in its order: 'already logged in' reloads the page; any other message shows under the password field;
 * otherwise the errors map shows per field — one or the other, never both. Our API always sends a message, so what it
 * is decides: a validation failure's message only summarises its field errors ("Please check the highlighted
 * fields."), so those show at their fields; every other failure (wrong credentials, too many attempts, a disabled
 * account, no connection) is its message alone, under the password. Decided by `code`, never by the text.
 */
function signInFailure(failure: Failure): FieldErrors | void {
  if (failure.code === 'ALREADY_AUTHENTICATED') reloadPage();
  else if (failure.code === 'VALIDATION_FAILED' && (failure.errors.identifier || failure.errors.secret)) return;
  return { secret: [failure.message] };
}

type ForgotState = 'idle' | 'sending' | 'sent';

export function SignInForm({ onAuthenticated, signUpLink, oauthReturn }: { onAuthenticated: () => Promise<void>; signUpLink: ReactNode; oauthReturn: string | null }) {
  const t = useT();
  const form = useSchemaForm(signinBody, (body) => unwrap(client.auth.signin.$post({ json: body })), {
    initial: { identifier: '', secret: '', remember: false },
    guard: false,
    codes: AUTH_CODES,
    onSuccess: onAuthenticated,
    onFailure: signInFailure,
  });
  const [forgot, setForgot] = useState<ForgotState>('idle');

  // Seed §4/§5: needs an e-mail; shows an info alert with a spinner, then the success alert; failures per field.
  const sendReset = async () => {
    if (forgot === 'sending') return;
    const checked = v.safeParse(forgotBody, { email: form.values.identifier });
    if (!checked.success) {
      form.setErrors({ identifier: [t('auth.forgot.emailrequired')] });
      return;
    }
    form.setErrors({});
    setForgot('sending');
    const alertId = showAlert({ message: t('auth.forgot.sending'), type: 'info', busy: true });
    try {
      await unwrap(client.auth.forgot.$post({ json: checked.output }));
      setForgot('sent');
      showAlert({ message: t('auth.forgot.sent'), type: 'success' });
    } catch (err) {
      setForgot('idle');
      closeAlert(alertId);
      const failure = failureOf(err);
      const messages = Object.values(failure.errors).flat();
      form.setErrors({ identifier: messages.length ? messages : [failure.message] });
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <form {...form.props} className="flex flex-col gap-4" data-testid="signin-form">
        <TextField {...form.field('identifier')} type="email" label={t('auth.fields.email')} autoComplete="username" />
        {/* Seed §8: what has no field of its own shows under the password. */}
        <TextField {...form.field('secret')} errors={form.errors.secret ?? (form.formErrors.length ? form.formErrors : undefined)} type="password" label={t('auth.fields.password')} autoComplete="current-password" />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CheckboxField compact {...form.checkbox('remember')} label={t('auth.signin.remember')} />
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
        <Button type="submit" fullWidth loading={form.busy}>
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
