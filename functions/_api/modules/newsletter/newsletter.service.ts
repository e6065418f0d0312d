// Newsletter sign-up as double opt-in (the norm in Switzerland and Germany): signing up only mails a confirmation
// link, and an address is on the list once that link is used. Every sign-up answers the same, in the same time, so
// the call tells nothing about who is subscribed; the mail goes out after the answer. Unsubscribe links are signed
// (HMAC of the address), so they need no stored token and work in every mail for good.
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { newsletterSubscribers } from '../../db/schema/content';
import { verificationTokens } from '../../db/schema/users';
import { ApiError, badRequest } from '../../lib/errors';
import { hmacToken, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { translate } from '../../lib/i18n';
import { newsletterMail } from '../../lib/mail-templates';
import type { Locale } from '#shared/locales';
import type { Deps } from '../../platform/deps';
import { enforce, hit, type Limit } from '../../platform/rate-limit';
import { TURNSTILE_FIELD, type RegisterBody } from './newsletter.schema';
import { DAY } from '#shared/time';

/** Sign-ups per source address and hour. */
export const NEWSLETTER_LIMIT: Limit = { limit: 10, windowSeconds: 3600 };
/** Confirmation mails per address and day, so the sign-up cannot be used to flood somebody's inbox. */
export const NEWSLETTER_ADDRESS_LIMIT: Limit = { limit: 3, windowSeconds: 24 * 3600 };
/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 7 * DAY;

const KIND = 'newsletter_confirm';
const BOT = 'Please confirm that you are not a robot.';
const INVALID_LINK = 'This link is not valid or has expired.';
const invalidLink = () => badRequest(INVALID_LINK, { token: [INVALID_LINK] }, 'INVALID_TOKEN');

export type LinkMeta = { locale: Locale; origin: string; secret: string };
export type RegisterMeta = LinkMeta & { ip: string; hostname: string };

const unsubscribeToken = (secret: string, email: string) => hmacToken(secret, `newsletter-unsubscribe:${email}`);

export async function unsubscribeLink(meta: Pick<LinkMeta, 'origin' | 'secret'>, email: string) {
  return `${meta.origin}/newsletter/unsubscribe?email=${encodeURIComponent(email)}&token=${encodeURIComponent(await unsubscribeToken(meta.secret, email))}`;
}

/** POST /v1/newsletter/register: throttled, bot-checked, then a confirmation mail; nothing is subscribed yet. */
export async function registerSubscriber(deps: Deps, input: RegisterBody, meta: RegisterMeta) {
  const { db, clock, turnstile, mail } = deps;
  const now = clock.now();
  // Counted before the bot check, so a flood of bad tokens is throttled before it reaches siteverify.
  await enforce(db, `newsletter:ip:${meta.ip}`, NEWSLETTER_LIMIT, now, 'Too many sign-ups from your network. Please try again later.');
  const bot = await turnstile.verify(input[TURNSTILE_FIELD], { ip: meta.ip, action: 'newsletter', hostname: meta.hostname });
  if (!bot.success) throw badRequest(BOT, { [TURNSTILE_FIELD]: [BOT] }, 'BOT_CHECK_FAILED');
  // Counted whatever the address's state, so a 429 says nothing about it.
  const perAddress = await hit(db, `newsletter:address:${input.email}`, NEWSLETTER_ADDRESS_LIMIT, now);
  if (perAddress.count > NEWSLETTER_ADDRESS_LIMIT.limit) {
    // Its own code, so the form says this rather than the network's limit (both are 429).
    const message = 'We have already sent this address a confirmation link. Please look for it in your inbox.';
    throw new ApiError(429, message, 'CONFIRMATION_ALREADY_SENT', { email: [message] }, { 'Retry-After': String(Math.ceil((perAddress.resetAt - now.getTime()) / 1000)) });
  }
  const token = randomToken(32);
  await db.insert(verificationTokens).values({ kind: KIND, tokenHash: await sha256(token), target: input.email, expiresAt: new Date(now.getTime() + CONFIRM_TTL_MS), createdAt: now });
  const confirm = `${meta.origin}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  const unsubscribe = await unsubscribeLink(meta, input.email);
  deps.afterResponse(() =>
    mail.send({ to: input.email, ...newsletterMail(meta.locale, meta.origin, { confirm, unsubscribe }), template: 'newsletter_confirm', locale: meta.locale }),
  );
  return { message: translate(meta.locale, 'notify.newsletter.pending') };
}

/**
 * POST /v1/newsletter/confirm: the link from the confirmation mail puts the address on the list (in the locale of
 * the browser that confirms). A link works once; opening it again answers the same while the address is still on
 * the list, and an unsubscribe ends every link sent before it.
 */
export async function confirmSubscriber(deps: Pick<Deps, 'db' | 'clock'>, token: string, meta: Pick<LinkMeta, 'locale' | 'origin' | 'secret'>) {
  const { db, clock } = deps;
  const now = clock.now();
  const tokenHash = await sha256(token);
  const thisToken = and(eq(verificationTokens.kind, KIND), eq(verificationTokens.tokenHash, tokenHash));
  const open = and(thisToken, isNull(verificationTokens.usedAt), gt(verificationTokens.expiresAt, now));
  // One batch, in this order: subscribe from the token while it is open, then claim it. A second request sees it
  // claimed and changes nothing.
  const [, claimed] = await db.batch([
    db
      .insert(newsletterSubscribers)
      .select(
        db
          .select({
            id: sql<null>`null`.as('id'),
            email: sql<string>`${verificationTokens.target}`.as('email'),
            locale: sql<string>`${meta.locale}`.as('locale'),
            createdAt: sql<number>`${now.getTime()}`.as('created_at'),
            unsubscribedAt: sql<null>`null`.as('unsubscribed_at'),
          })
          .from(verificationTokens)
          .where(open),
      )
      .onConflictDoUpdate({ target: newsletterSubscribers.email, set: { unsubscribedAt: null, locale: meta.locale } }),
    db.update(verificationTokens).set({ usedAt: now }).where(open).returning({ email: verificationTokens.target }),
  ]);
  let email = claimed[0]?.email ?? null;
  if (!email) {
    // The same link a second time: fine while the address is still on the list.
    const [again] = await db
      .select({ email: newsletterSubscribers.email })
      .from(verificationTokens)
      .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.email, verificationTokens.target))
      .where(and(thisToken, isNotNull(verificationTokens.usedAt), gt(verificationTokens.expiresAt, now), isNull(newsletterSubscribers.unsubscribedAt)));
    email = again?.email ?? null;
  }
  if (!email) throw invalidLink();
  return { message: 'You are now subscribed to our newsletter.', email, unsubscribe_url: await unsubscribeLink(meta, email) };
}

/** POST /v1/newsletter/unsubscribe: takes the address off the list and ends its open confirmation links. */
export async function unsubscribe(deps: Pick<Deps, 'db' | 'clock'>, input: { email: string; token: string }, secret: string) {
  if (!safeEqual(await unsubscribeToken(secret, input.email), input.token)) throw invalidLink();
  const now = deps.clock.now();
  await deps.db.batch([
    deps.db.update(newsletterSubscribers).set({ unsubscribedAt: now }).where(and(eq(newsletterSubscribers.email, input.email), isNull(newsletterSubscribers.unsubscribedAt))),
    deps.db
      .update(verificationTokens)
      .set({ usedAt: now })
      .where(and(eq(verificationTokens.kind, KIND), eq(verificationTokens.target, input.email), isNull(verificationTokens.usedAt))),
  ]);
  return { message: 'You are unsubscribed from our newsletter.' };
}
