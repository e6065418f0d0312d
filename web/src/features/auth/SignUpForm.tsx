// The sign-up form of the dialog and the /register page (seed §2, §4, §8): Apple/Google/Meta, first and last name,
// e-mail, password, the bot check, and the way back to sign-in.
import type { ReactNode } from 'react';
import { PASSWORD_MIN, signupBody } from '#shared/schemas/auth.schema';
import { Button } from '../../components/Button';
import { client, unwrap } from '../../lib/client';
import { useLocale, useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/schema-form';
import { useTurnstile } from '../../lib/turnstile';
import { useSession } from '../../state/session';
import { notify } from '../../state/ui';
import { BotCheck } from './BotCheck';
import { TextField } from '../../components/Field';
import { OAuthButtons } from './OAuthButtons';
import { AUTH_CODES } from './codes';

export function SignUpForm({ onAuthenticated, signInLink, oauthReturn }: { onAuthenticated: () => Promise<void>; signInLink: ReactNode; oauthReturn: string | null }) {
  const t = useT();
  const locale = useLocale();
  const { app } = useSession();
  // Turnstile knows languages, not our regional variants (de-ch → de).
  const bot = useTurnstile(app?.turnstile_site_key, 'signup', locale.slice(0, 2));
  // Without a site key the bot check is skipped and the token is empty.
  const cftoken = bot.enabled ? bot.token : '';
  const form = useSchemaForm(signupBody, (body) => unwrap(client.auth.signup.$post({ json: body })), {
    initial: { firstname: '', lastname: '', email: '', password: '' },
    guard: false,
    codes: AUTH_CODES,
    body: (values) => ({ ...values, cftoken }),
    // Without a token: ask for the check, or, when Turnstile failed to load, say that again rather than ask for a
    // check nobody can see.
    check: () => (bot.enabled && !cftoken ? { cftoken: [t(bot.error ? 'auth.botcheck.failed' : 'auth.botcheck.required')] } : {}),
    onSuccess: async () => {
      await onAuthenticated();
      notify({ type: 'success', title: t('auth.signup.welcome'), message: t('auth.signup.welcometext') });
    },
    // Seed §8: the errors per field, and the message in a notification.
    onFailure: (failure) => {
      notify({ title: t('auth.signup.failed'), message: failure.message });
      // The token was spent on this attempt.
      if (bot.enabled) bot.reset();
    },
  });

  return (
    <div className="flex flex-col gap-5">
      <OAuthButtons returnTo={oauthReturn} />
      <form {...form.props} className="flex flex-col gap-4" data-testid="signup-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...form.field('firstname')} label={t('auth.fields.firstname')} autoComplete="given-name" />
          <TextField {...form.field('lastname')} label={t('auth.fields.lastname')} autoComplete="family-name" />
        </div>
        <TextField {...form.field('email')} type="email" label={t('auth.fields.email')} autoComplete="email" />
        <TextField {...form.field('password')} type="password" label={t('auth.fields.password')} autoComplete="new-password" hint={t('auth.signup.passwordhint', { min: PASSWORD_MIN })} />
        <BotCheck bot={bot} errors={form.errors.cftoken} />
        <Button type="submit" fullWidth loading={form.busy}>
          {t('auth.signup.submit')}
        </Button>
      </form>
      <p className="text-center text-sm text-ink-700">
        {t('auth.signup.haveaccount')} {signInLink}
      </p>
    </div>
  );
}
