// The Turnstile widget of the sign-up form, only with a configured site key. Without one (a local instance) a note
// says that the bot check is not set up there.
import { useT } from '../../lib/i18n';
import type { TurnstileState } from '../../lib/turnstile';
import { FieldErrorList } from '../../components/Field';
import { LocalSetupNote, useLocalInstance } from './LocalSetupNote';

export function BotCheck({ bot, errors }: { bot: TurnstileState; errors?: readonly string[] | undefined }) {
  const t = useT();
  const local = useLocalInstance();
  if (!bot.enabled) return local ? <LocalSetupNote testId="botcheck-disabled">{t('auth.botcheck.disabled')}</LocalSetupNote> : null;
  const messages = [...new Set([...(bot.error ? [t('auth.botcheck.failed')] : []), ...(errors ?? [])])];
  return (
    <div role="group" aria-label={t('auth.botcheck.label')} aria-describedby={messages.length ? 'botcheck-error' : undefined}>
      {/* The widget's height is kept for it while it loads; a widget that failed leaves no empty gap. */}
      <div ref={bot.containerRef} className={bot.error ? undefined : 'min-h-[65px]'} data-testid="turnstile" />
      <FieldErrorList id="botcheck-error" errors={messages} name="cftoken" />
    </div>
  );
}
