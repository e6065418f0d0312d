// Newsletter sign-up (seed §2, §5, §7, §8): e-mail and the bot check, sent as POST /v1/newsletter/register
// { email, 'cf-turnstile-response' } only when the e-mail is not empty. Success shows a "Newsletter" notification with
// the server's message (or a default text); a failure shows the server's message (or a default error text). Without a
// configured Turnstile site key (local runs) there is no widget and the token is empty.
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api';
import { client, unwrap } from '../lib/client';
import { useLocale, useT } from '../lib/i18n';
import { useTurnstile } from '../lib/turnstile';
import { useSession } from '../state/session';
import { notify } from '../state/ui';
import { Button } from './Button';
import { Icon } from './Icon';

export const TURNSTILE_FIELD = 'cf-turnstile-response';

/** The server's own message, or null for transport failures and bare status texts. */
function serverMessage(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status === 0 || err.code.startsWith('HTTP_')) return null;
  return err.message || null;
}

export function NewsletterForm({ onDone, tone = 'light', autoFocus = false }: { onDone?: () => void; tone?: 'light' | 'dark'; autoFocus?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const { app } = useSession();
  const bot = useTurnstile(app?.turnstile_site_key, 'newsletter', locale);
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const empty = email.trim() === '';

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (empty || busy) return; // seed §5: sends only when the e-mail is non-empty
    setBusy(true);
    setFieldError(null);
    try {
      const res = await unwrap(client.newsletter.register.$post({ json: { email: email.trim(), [TURNSTILE_FIELD]: bot.token } }));
      notify({ title: t('newsletter.title'), message: res?.message || t('newsletter.registered'), type: 'success' });
      setEmail('');
      onDone?.();
    } catch (err) {
      const message = serverMessage(err);
      if (err instanceof ApiError && err.errors.email?.length) setFieldError(err.errors.email.join(' '));
      notify({ title: t('newsletter.title'), message: message ?? t('newsletter.error') });
      bot.reset();
    } finally {
      setBusy(false);
    }
  };

  const dark = tone === 'dark';
  return (
    <form onSubmit={submit} noValidate data-testid="newsletter-form">
      <label htmlFor={inputId} className={`field-label ${dark ? 'text-cream-100' : ''}`}>
        {t('newsletter.email')}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={autoFocus}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('newsletter.placeholder')}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
          className="block min-w-0 flex-1 rounded-xl border border-ink-400 bg-white px-3 py-2.5 text-ink-900"
          data-testid="newsletter-email"
        />
        <Button type="submit" loading={busy} disabled={empty} icon={<Icon name="mail" className="h-4 w-4" />} data-testid="newsletter-submit">
          {t('newsletter.submit')}
        </Button>
      </div>
      {fieldError ? (
        <p id={errorId} className={`mt-2 text-sm font-medium ${dark ? 'text-saffron-300' : 'text-danger-700'}`}>
          {fieldError}
        </p>
      ) : null}
      {bot.enabled ? (
        <div className="mt-3" role="group" aria-label={t('newsletter.botcheck')}>
          <div ref={bot.containerRef} className="min-h-[65px]" data-testid="newsletter-turnstile" />
          {bot.error ? <p className="mt-1 text-sm text-danger-700">{t('newsletter.botcheckfailed')}</p> : null}
        </div>
      ) : null}
      <p className={`mt-3 text-xs ${dark ? 'text-cream-200' : 'text-ink-600'}`}>{t('newsletter.privacy')}</p>
    </form>
  );
}
