// The sign-up form of the dialog and the /register page (seed §2, §4, §8): Apple/Google/Meta, first and last name,
// e-mail, password, the bot check, and the way back to sign-in.
import { useState, type FormEvent, type ReactNode } from 'react';
import { PASSWORD_MIN, signupBody } from '#shared/schemas/auth.schema';
import { Button } from '../../components/Button';
import { client, unwrap } from '../../lib/client';
import { useLocale, useT } from '../../lib/i18n';
import { useTurnstile } from '../../lib/turnstile';
import { useSession } from '../../state/session';
import { notify } from '../../state/ui';
import { BotCheck } from './BotCheck';
import { TextField } from '../../components/Field';
import { check, fieldErrorsOf, messageOf, type FieldErrors } from './form';
import { OAuthButtons } from './OAuthButtons';

export function SignUpForm({ onAuthenticated, signInLink, oauthReturn }: { onAuthenticated: () => Promise<void>; signInLink: ReactNode; oauthReturn: string | null }) {
  const t = useT();
  const locale = useLocale();
  const { app } = useSession();
  // Turnstile knows languages, not our regional variants (de-ch → de).
  const bot = useTurnstile(app?.turnstile_site_key, 'signup', locale.slice(0, 2));
  const [values, setValues] = useState({ firstname: '', lastname: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // Without a site key the bot check is skipped and the token is empty.
    const cftoken = bot.enabled ? bot.token : '';
    const checked = check(signupBody, { ...values, cftoken });
    const found: FieldErrors = checked.ok ? {} : { ...checked.errors };
    // Without a token: ask for the check, or, when Turnstile failed to load, say that again rather than ask for a
    // check nobody can see.
    if (bot.enabled && !cftoken) found.cftoken = [t(bot.error ? 'auth.botcheck.failed' : 'auth.botcheck.required')];
    if (!checked.ok || Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await unwrap(client.auth.signup.$post({ json: checked.output }));
    } catch (err) {
      setBusy(false);
      setErrors(fieldErrorsOf(err));
      const message = messageOf(err);
      if (message) notify({ title: t('auth.signup.failed'), message });
      // The token was spent on this attempt.
      if (bot.enabled) bot.reset();
      return;
    }
    try {
      await onAuthenticated();
      notify({ type: 'success', title: t('auth.signup.welcome'), message: t('auth.signup.welcometext') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <OAuthButtons returnTo={oauthReturn} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="signup-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="firstname" label={t('auth.fields.firstname')} autoComplete="given-name" value={values.firstname} onChange={set('firstname')} errors={errors.firstname} />
          <TextField name="lastname" label={t('auth.fields.lastname')} autoComplete="family-name" value={values.lastname} onChange={set('lastname')} errors={errors.lastname} />
        </div>
        <TextField name="email" type="email" label={t('auth.fields.email')} autoComplete="email" value={values.email} onChange={set('email')} errors={errors.email} />
        <TextField
          name="password"
          type="password"
          label={t('auth.fields.password')}
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          errors={errors.password}
          hint={t('auth.signup.passwordhint', { min: PASSWORD_MIN })}
        />
        <BotCheck bot={bot} errors={errors.cftoken} />
        <Button type="submit" fullWidth loading={busy}>
          {t('auth.signup.submit')}
        </Button>
      </form>
      <p className="text-center text-sm text-ink-700">
        {t('auth.signup.haveaccount')} {signInLink}
      </p>
    </div>
  );
}
