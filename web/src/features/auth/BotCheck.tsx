// The Turnstile widget of the sign-up form, or, without a configured site key (local runs), a note that the bot
// check is off.
import { useT } from '../../lib/i18n';
import type { TurnstileState } from '../../lib/turnstile';
import { FieldErrorList } from '../../components/Field';

export function BotCheck({ bot, errors }: { bot: TurnstileState; errors?: readonly string[] | undefined }) {
  const t = useT();
  if (!bot.enabled) {
    return (
      <p className="rounded-xl bg-cream-100 px-3 py-2 text-sm text-ink-700" data-testid="botcheck-disabled">
        {t('auth.botcheck.disabled')}
      </p>
    );
  }
  const messages = [...(bot.error ? [t('auth.botcheck.failed')] : []), ...(errors ?? [])];
  return (
    <div role="group" aria-label={t('auth.botcheck.label')} aria-describedby={messages.length ? 'botcheck-error' : undefined}>
      <div ref={bot.containerRef} className="min-h-[65px]" data-testid="turnstile" />
      <FieldErrorList id="botcheck-error" errors={messages} name="cftoken" />
    </div>
  );
}
