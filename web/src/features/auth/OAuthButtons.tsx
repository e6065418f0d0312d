// "Continue with Apple / Google / Meta" (seed §2): only the providers the server has credentials for. A click asks
// the API for the provider's URL and leaves for it (leaveTo: typing kept in storage, like the booking form's, comes
// back, so the leave guard lets it pass); where to come back to is kept for the return page. A local instance names
// the providers it has no credentials for, where their buttons would be.
import type { ReactElement } from 'react';
import { OAUTH_PROVIDERS } from '#shared/schemas/auth.schema';
import { Button } from '../../components/Button';
import { client, unwrap } from '../../lib/client';
import { tk, useLocale, useT } from '../../lib/i18n';
import { leaveTo } from '../../lib/unsaved-changes';
import { useSession } from '../../state/session';
import { rememberOAuthReturn } from './afterAuth';
import { LocalSetupNote, useLocalInstance } from './LocalSetupNote';

type Provider = (typeof OAUTH_PROVIDERS)[number];

const LABELS: Record<Provider, string> = {
  apple: tk('auth.oauth.apple'),
  google: tk('auth.oauth.google'),
  facebook: tk('auth.oauth.facebook'),
};

/** Brand names, the same in every language. */
const NAMES: Record<Provider, string> = { apple: 'Apple', google: 'Google', facebook: 'Meta' };

const LOGOS: Record<Provider, ReactElement> = {
  apple: (
    <path
      fill="currentColor"
      d="M16.4 12.6c0-2.5 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.1 2.5-1.8 3.1-.5 7.6 1.3 10.1.8 1.2 1.8 2.6 3.1 2.5 1.3-.1 1.7-.8 3.2-.8s1.9.8 3.2.8c1.4 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.5-1-2.4-4.2zM14 5.3c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z"
    />
  ),
  google: (
    <g>
      <path fill="#4285F4" d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z" />
      <path fill="#34A853" d="M12 22c2.7 0 5-.9 6.6-2.5l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22z" />
      <path fill="#FBBC05" d="M6.4 13.9a6 6 0 0 1 0-3.8V7.5H3.1a10 10 0 0 0 0 9z" />
      <path fill="#EA4335" d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.5l3.3 2.6C7.2 7.8 9.4 6 12 6z" />
    </g>
  ),
  facebook: (
    <path
      fill="#0866FF"
      d="M6.9 7.5c-1.9 0-3.4 2.6-3.4 5.5 0 2 .9 3.5 2.4 3.5 1.2 0 2-.9 3.9-4.1l.9-1.5.2-.3.2.3 1.2 2c1.3 2.2 2.3 3.6 3.9 3.6 1.6 0 2.5-1.4 2.5-3.6 0-3-1.5-5.4-3.5-5.4-1.1 0-2 .7-3 2.2-.9-1.4-1.8-2.2-3.3-2.2zm0 1.6c.9 0 1.6.6 2.5 2l-.8 1.3c-1.3 2.1-1.8 2.6-2.5 2.6s-1.1-.6-1.1-1.8c0-2.2 1-4.1 1.9-4.1zm7.3.1c1.1 0 2 1.6 2 3.7 0 .8-.3 1.3-.8 1.3s-.8-.3-1.8-1.9l-.9-1.6c.5-.9 1-1.5 1.5-1.5z"
    />
  ),
};

export function OAuthButtons({ returnTo }: { returnTo: string | null }) {
  const t = useT();
  const locale = useLocale();
  const { app } = useSession();
  const local = useLocalInstance();
  const providers = OAUTH_PROVIDERS.filter((p) => app?.oauth_providers.includes(p));
  const missing = local ? OAUTH_PROVIDERS.filter((p) => !providers.includes(p)) : [];
  const note = missing.length ? (
    <LocalSetupNote testId="oauth-not-configured">
      {t('auth.local.oauth', { providers: new Intl.ListFormat(locale, { type: 'conjunction' }).format(missing.map((p) => NAMES[p])) })}
    </LocalSetupNote>
  ) : null;
  if (!providers.length) return note;

  // Seed §8: a failed OAuth call is only logged.
  const start = async (provider: Provider) => {
    try {
      // A provider alone always answers with the provider's address (a code would complete a sign-in instead).
      const res = await unwrap(client.auth.oauth.$post({ json: { provider } }));
      if (!('redirect' in res)) return;
      rememberOAuthReturn(returnTo);
      leaveTo(res.redirect);
    } catch (err) {
      console.error('Could not start the sign-in with', provider, err);
    }
  };

  return (
    <div className="flex flex-col gap-2" data-testid="oauth-buttons">
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="outline"
          fullWidth
          className="!border-ink-400 !text-ink-900"
          icon={
            <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
              {LOGOS[provider]}
            </svg>
          }
          onClick={() => start(provider)}
        >
          {t(LABELS[provider])}
        </Button>
      ))}
      {note}
    </div>
  );
}
