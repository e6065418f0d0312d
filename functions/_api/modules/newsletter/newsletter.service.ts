// Newsletter sign-up: rate-limited per IP, bot-checked, idempotent. A repeat sign-up answers exactly like the
// first, so the call does not reveal whether an address is already on the list.
import { badRequest } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import type { DB } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/content';
import type { Clock } from '../../platform/clock';
import { enforce, type Limit } from '../../platform/rate-limit';
import type { Turnstile } from '../../platform/turnstile';
import { TURNSTILE_FIELD, type RegisterBody } from './newsletter.schema';

export const NEWSLETTER_LIMIT: Limit = { limit: 10, windowSeconds: 3600 };

const REGISTERED: Record<Locale, string> = {
  en: 'Thank you! You are now registered for our newsletter.',
  de: 'Danke! Du bist jetzt für unseren Newsletter angemeldet.',
  'de-ch': 'Danke! Du bist jetzt für unseren Newsletter angemeldet.',
  fr: 'Merci ! Vous êtes maintenant inscrit à notre newsletter.',
  it: 'Grazie! Ora sei iscritto alla nostra newsletter.',
};
const BOT = 'Please confirm that you are not a robot.';

export type RegisterMeta = { ip: string; hostname: string; locale: Locale };

export async function registerSubscriber(deps: { db: DB; turnstile: Turnstile; clock: Clock }, input: RegisterBody, meta: RegisterMeta) {
  const now = deps.clock.now();
  // Counted before the bot check, so a flood of bad tokens is throttled before it reaches siteverify.
  await enforce(deps.db, `newsletter:ip:${meta.ip}`, NEWSLETTER_LIMIT, now, 'Too many sign-ups from your network. Please try again later.');
  const bot = await deps.turnstile.verify(input[TURNSTILE_FIELD], { ip: meta.ip, action: 'newsletter', hostname: meta.hostname });
  if (!bot.success) throw badRequest(BOT, { [TURNSTILE_FIELD]: [BOT] }, 'BOT_CHECK_FAILED');
  // Signing up again re-activates an address that had unsubscribed; otherwise nothing changes.
  await deps.db
    .insert(newsletterSubscribers)
    .values({ email: input.email, locale: meta.locale, createdAt: now })
    .onConflictDoUpdate({ target: newsletterSubscribers.email, set: { unsubscribedAt: null } });
  return { message: REGISTERED[meta.locale] };
}
