// Newsletter sign-up (seed §2, §5, §7, §8): e-mail and the bot check, sent as POST /v1/newsletter/register
// { email, 'cf-turnstile-response' } only when the e-mail is not empty, checked first with the server's schema.
// Success shows a "Newsletter" notification with the server's message (or a default text); a failure shows its
// message (the code's text in the visitor's language, else the server's, or a default error text) and the e-mail's
// error under the field. Without a configured Turnstile site key (local runs) there is no widget and the token is empty.
import { registerBody } from '#shared/schemas/newsletter.schema';
import { TURNSTILE_FIELD } from '#shared/schemas/fields';
import { client, unwrap } from '../lib/client';
import { useLocale, useT } from '../lib/i18n';
import { useSchemaForm } from '../lib/schema-form';
import { useTurnstile } from '../lib/turnstile';
import { useSession } from '../state/session';
import { notify } from '../state/ui';
import { Button } from './Button';
import { FieldErrorList, FieldNotes, controlClass, useFieldIds } from './Field';
import { Icon } from './Icon';

/** The sign-up's failures by code, in the visitor's language. */
const NEWSLETTER_CODES = {
  BOT_CHECK_FAILED: 'newsletter.errors.botcheck',
  RATE_LIMITED: 'newsletter.errors.toomany',
  CONFIRMATION_ALREADY_SENT: 'newsletter.errors.alreadysent',
};

export function NewsletterForm({ onDone }: { onDone?: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { app } = useSession();
  const bot = useTurnstile(app?.turnstile_site_key, 'newsletter', locale);
  const form = useSchemaForm(registerBody, (body) => unwrap(client.newsletter.register.$post({ json: body })), {
    initial: { email: '' },
    guard: false,
    clear: true,
    codes: NEWSLETTER_CODES,
    body: (values) => ({ ...values, [TURNSTILE_FIELD]: bot.token }),
    onSuccess: (res) => {
      notify({ title: t('newsletter.title'), message: res?.message || t('newsletter.registered'), type: 'success' });
      onDone?.();
    },
    onFailure: (failure) => {
      // A bare status (a proxy's error page) has no message of ours to show.
      notify({ title: t('newsletter.title'), message: failure.code.startsWith('HTTP_') ? t('newsletter.error') : failure.message });
      // The token was spent on this attempt.
      bot.reset();
    },
  });
  const email = form.field('email');
  const { id, invalid, describedBy } = useFieldIds(email.errors, undefined);

  return (
    <form {...form.props} data-testid="newsletter-form">
      <label htmlFor={id} className="field-label">
        {t('newsletter.email')}
      </label>
      {/* The error sits under the input, also where the button wraps below it (a phone). */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <input
            id={id}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email.value}
            onChange={(e) => email.onChange(e.target.value)}
            placeholder={t('newsletter.placeholder')}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={controlClass(invalid)}
            data-testid="newsletter-email"
          />
          <FieldNotes id={id} name="email" errors={email.errors} />
        </div>
        {/* Seed §5: sends only when the e-mail is not empty (Enter in the empty field meets the schema's "enter your e-mail"). */}
        <Button type="submit" loading={form.busy} disabled={email.value.trim() === ''} icon={<Icon name="mail" className="h-4 w-4" />} data-testid="newsletter-submit">
          {t('newsletter.submit')}
        </Button>
      </div>
      {bot.enabled ? (
        <div className="mt-3" role="group" aria-label={t('newsletter.botcheck')}>
          <div ref={bot.containerRef} className="min-h-[65px]" data-testid="newsletter-turnstile" />
          <FieldErrorList name={TURNSTILE_FIELD} errors={form.errors[TURNSTILE_FIELD] ?? (bot.error ? [t('newsletter.botcheckfailed')] : undefined)} />
        </div>
      ) : null}
      <p className="mt-3 text-xs text-ink-600">{t('newsletter.privacy')}</p>
    </form>
  );
}
