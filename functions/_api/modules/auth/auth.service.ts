// Accounts: sign-up, sign-in, password reset and change, e-mail and phone verification. Services take the
// per-request deps and plain input, never Hono's Context; routes set and clear cookies.
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { sessions, users, verificationTokens } from '../../db/schema/users';
import { ApiError, badRequest, conflict, fieldError, invalid } from '../../lib/errors';
import { randomDigits, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { translate } from '../../lib/i18n';
import { resetMail, verifyMail } from '../../lib/mail-templates';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Deps } from '../../platform/deps';
import { enforce, hit, type Limit } from '../../platform/rate-limit';
import { newSession, type IssuedSession, type SessionMeta } from '../session/session.middleware';
import { toE164, type changePasswordBody, type confirmMobileBody, type forgotBody, type recoverBody, type sendMobileBody, type signinBody, type signupBody } from '#shared/schemas/auth.schema';
import { MINUTE } from '#shared/time';

export const RESET_TOKEN_TTL = 60 * MINUTE;
export const EMAIL_TOKEN_TTL = 24 * 60 * MINUTE;
export const MOBILE_CODE_TTL = 10 * MINUTE;
export const MOBILE_CODE_ATTEMPTS = 5;

/**
 * Abuse limits (fixed windows, platform/rate-limit.ts). Sign-in is throttled per account *and source together*, so a
 * stranger guessing from one address locks out only that address, never the owner; the per-account ceiling across
 * all sources stops distributed guessing, and the owner always has the reset link, which signs in. Sign-up and
 * forgot share one per-source budget, since both tell whether an address has an account (sign-up keeps its field
 * error, which people need). Reset mails are counted per source and address, under a higher per-address ceiling, so
 * somebody else's requests cannot use up the owner's.
 */
export const LIMITS = {
  signinPerIp: { limit: 30, windowSeconds: 15 * 60 },
  signinPerAccountSource: { limit: 8, windowSeconds: 15 * 60 },
  signinPerAccount: { limit: 40, windowSeconds: 15 * 60 },
  /** The current password asked for on password change, per account. */
  passwordCheckPerUser: { limit: 8, windowSeconds: 15 * 60 },
  addressProbePerIp: { limit: 20, windowSeconds: 60 * 60 },
  forgotPerSourceAddress: { limit: 3, windowSeconds: 60 * 60 },
  forgotPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  verifyEmailPerUser: { limit: 5, windowSeconds: 60 * 60 },
  mobileSendPerUser: { limit: 5, windowSeconds: 60 * 60 },
  mobileSendPerNumber: { limit: 3, windowSeconds: 60 * 60 },
  mobileSendPerIp: { limit: 10, windowSeconds: 60 * 60 },
  mobileConfirmPerUser: { limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

export const SIGNIN_FAILED = 'These credentials do not match our records.';
export const ALREADY_LOGGED_IN = 'You are already logged in.';
export const FORGOT_SENT = "Alright! We've sent you an email with further instructions.";
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const WRONG_PASSWORD = 'Your current password is not correct.';

// A fixed hash to verify against when the account does not exist, so both paths cost the same time.
let dummyHash: Promise<string> | null = null;
const timingDummy = () => (dummyHash ??= hashPassword('timing-equaliser-password'));

/**
 * Counts a hit on each limit in turn and answers 429 on the form's field at the first one passed. The narrower
 * limits come first and a refused request counts no further, so one source hammering away cannot use up a shared
 * ceiling. The counts do not depend on whether an account exists, so a 429 tells nothing about it.
 */
async function enforceInTurn(db: Deps['db'], now: Date, rules: readonly (readonly [string, Limit])[], field: string) {
  for (const [key, rule] of rules) {
    const { count, resetAt } = await hit(db, key, rule, now);
    if (count > rule.limit) {
      throw new ApiError(429, TOO_MANY, 'RATE_LIMITED', { [field]: [TOO_MANY] }, { 'Retry-After': String(Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000))) });
    }
  }
}

type Ctx = { deps: Deps; meta: SessionMeta; origin: string; locale: string };

export type AuthResult = { userId: number; session: IssuedSession };

export async function signup(ctx: Ctx, input: v.InferOutput<typeof signupBody>): Promise<AuthResult> {
  const { db, clock, turnstile } = ctx.deps;
  const now = clock.now();
  await enforce(db, `probe:ip:${ctx.meta.ip}`, LIMITS.addressProbePerIp, now, TOO_MANY);
  const bot = await turnstile.verify(input.cftoken, { ip: ctx.meta.ip, action: 'signup', hostname: new URL(ctx.origin).hostname });
  if (!bot.success) throw badRequest('Please confirm that you are not a robot.', { cftoken: ['Please confirm that you are not a robot.'] }, 'BOT_CHECK_FAILED');

  const existing = await db.query.users.findFirst({ where: eq(users.email, input.email), columns: { id: true } });
  if (existing) throw new ApiError(409, 'An account with this e-mail address already exists.', 'EMAIL_TAKEN', { email: ['An account with this e-mail address already exists.'] });

  const passwordHash = await hashPassword(input.password);
  const inserted = await db
    .insert(users)
    .values({ email: input.email, firstname: input.firstname, lastname: input.lastname, passwordHash, locale: ctx.locale, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const userId = inserted[0]?.id;
  // Two sign-ups racing for one address: the unique index lets exactly one through.
  if (!userId) throw new ApiError(409, 'An account with this e-mail address already exists.', 'EMAIL_TAKEN', { email: ['An account with this e-mail address already exists.'] });
  const session = await newSession(db, now, userId, true, ctx.meta);
  const verify = await emailVerification(ctx, userId, input.email, now);
  await db.batch([session.insert, verify.insert]);
  await mailOrLog(ctx.deps, 'email_verify', verify.send);
  return { userId, session };
}

export async function signin(ctx: Ctx, input: v.InferOutput<typeof signinBody>): Promise<AuthResult> {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  // Every attempt counts, the right password too: the counters are bumped before the password is checked, so
  // parallel guesses cannot slip past a limit. The account's ceiling counts only what its source was allowed.
  await enforceInTurn(db, now, [
    [`signin:ip:${ctx.meta.ip}`, LIMITS.signinPerIp],
    [`signin:account-source:${input.identifier}|${ctx.meta.ip}`, LIMITS.signinPerAccountSource],
    [`signin:account:${input.identifier}`, LIMITS.signinPerAccount],
  ], 'secret');
  const user = await db.query.users.findFirst({ where: eq(users.email, input.identifier), columns: { id: true, passwordHash: true, disabledAt: true } });
  const ok = await verifyPassword(input.secret, user?.passwordHash ?? (await timingDummy()));
  if (!user || !user.passwordHash || !ok) throw new ApiError(401, SIGNIN_FAILED, 'INVALID_CREDENTIALS', { secret: [SIGNIN_FAILED] });
  // Only said to someone who knows the password, as the OAuth sign-in does.
  if (user.disabledAt) throw new ApiError(403, 'This account is disabled.', 'ACCOUNT_DISABLED');
  const session = await newSession(db, now, user.id, input.remember, ctx.meta);
  await session.insert;
  return { userId: user.id, session };
}

export async function revokeSession(deps: Deps, sessionHash: string) {
  await deps.db.update(sessions).set({ revokedAt: deps.clock.now() }).where(eq(sessions.idHash, sessionHash));
}

/**
 * Same answer, in the same time, whether or not the address is known: both run the same limits and the same one
 * batch (the token is inserted from a select that finds no user for an unknown address), and the mail, which only a
 * known address gets, goes out after the answer. A new link ends the older ones.
 */
export async function forgot(ctx: Ctx, input: v.InferOutput<typeof forgotBody>): Promise<void> {
  const { db, clock, mail } = ctx.deps;
  const now = clock.now();
  await enforceInTurn(db, now, [
    [`probe:ip:${ctx.meta.ip}`, LIMITS.addressProbePerIp],
    [`forgot:source-address:${ctx.meta.ip}|${input.email}`, LIMITS.forgotPerSourceAddress],
    [`forgot:address:${input.email}`, LIMITS.forgotPerAddress],
  ], 'email');
  const token = randomToken(32);
  const account = and(eq(users.email, input.email), isNull(users.disabledAt));
  const [, inserted, found] = await db.batch([
    db
      .update(verificationTokens)
      .set({ usedAt: now })
      .where(and(eq(verificationTokens.kind, 'password_reset'), isNull(verificationTokens.usedAt), inArray(verificationTokens.userId, db.select({ id: users.id }).from(users).where(account)))),
    db
      .insert(verificationTokens)
      .select(
        db
          // Insert-select names every column, in the table's order.
          .select({
            id: sql<null>`null`.as('id'),
            userId: users.id,
            kind: sql<string>`'password_reset'`.as('kind'),
            tokenHash: sql<string>`${await sha256(token)}`.as('token_hash'),
            target: users.email,
            attempts: sql<number>`0`.as('attempts'),
            expiresAt: sql<number>`${now.getTime() + RESET_TOKEN_TTL}`.as('expires_at'),
            usedAt: sql<null>`null`.as('used_at'),
            createdAt: sql<number>`${now.getTime()}`.as('created_at'),
          })
          .from(users)
          .where(account),
      )
      .returning({ id: verificationTokens.id }),
    db.select({ locale: users.locale, firstname: users.firstname }).from(users).where(account),
  ]);
  const user = found[0];
  if (!inserted[0] || !user) return;
  const link = `${ctx.origin}/auth/recovery?email=${encodeURIComponent(input.email)}&token=${encodeURIComponent(token)}`;
  ctx.deps.afterResponse(() =>
    mailOrLog(ctx.deps, 'password_reset', () =>
      mail.send({ to: input.email, ...resetMail(user.locale, ctx.origin, { name: user.firstname || input.email, link }), template: 'password_reset', locale: user.locale }),
    ),
  );
}

/**
 * Mail after a write that stands on its own (an account, a reset token): a mail API failure is logged, not a 500,
 * since the write is done and the user can ask for the mail again.
 */
async function mailOrLog(deps: Deps, template: string, send: () => Promise<unknown>) {
  try {
    await send();
  } catch (err) {
    deps.log.error('auth.mail_failed', { template, error: String(err) });
  }
}

const INVALID_RESET = 'This password reset link is invalid or has expired. Please request a new one.';

/** Sets a new password from a reset token (single use, 1 hour), ends every session and signs the user in. */
export async function recover(ctx: Ctx, input: v.InferOutput<typeof recoverBody>): Promise<AuthResult> {
  const { db, clock } = ctx.deps;
  const now = clock.now();
  const tokenHash = await sha256(input.token);
  // Claiming the token is one conditional update: of two parallel resets, exactly one gets the row back.
  const [claimed] = await db
    .update(verificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(verificationTokens.kind, 'password_reset'),
        eq(verificationTokens.tokenHash, tokenHash),
        eq(verificationTokens.target, input.email),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, now),
        // A link sent before the account was disabled no longer works.
        inArray(verificationTokens.userId, db.select({ id: users.id }).from(users).where(isNull(users.disabledAt))),
      ),
    )
    .returning({ userId: verificationTokens.userId });
  if (!claimed?.userId) throw badRequest(INVALID_RESET, { token: [INVALID_RESET] }, 'INVALID_TOKEN');
  const passwordHash = await hashPassword(input.password);
  const session = await newSession(db, now, claimed.userId, true, ctx.meta);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: now, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})` }).where(eq(users.id, claimed.userId)),
    db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, claimed.userId), isNull(sessions.revokedAt))),
    db.update(verificationTokens).set({ usedAt: now }).where(and(eq(verificationTokens.userId, claimed.userId), eq(verificationTokens.kind, 'password_reset'), isNull(verificationTokens.usedAt))),
    session.insert,
  ]);
  return { userId: claimed.userId, session };
}

export async function changePassword(deps: Deps, userId: number, currentSessionHash: string, input: v.InferOutput<typeof changePasswordBody>) {
  const { db, clock } = deps;
  const now = clock.now();
  await enforce(db, `password:user:${userId}`, LIMITS.passwordCheckPerUser, now, TOO_MANY);
  const user = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { passwordHash: true } });
  if (!user?.passwordHash || !(await verifyPassword(input.old_password, user.passwordHash))) {
    // A code of its own, so the form can say it in the visitor's language (the text stays the seed's English).
    throw new ApiError(400, WRONG_PASSWORD, 'WRONG_PASSWORD', { old_password: [WRONG_PASSWORD] });
  }
  const passwordHash = await hashPassword(input.password);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId)),
    db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), ne(sessions.idHash, currentSessionHash), isNull(sessions.revokedAt))),
  ]);
}

/** Builds the token insert and the mail for an e-mail verification; the caller runs the insert. */
async function emailVerification(ctx: Ctx, userId: number, email: string, now: Date) {
  const token = randomToken(32);
  const insert = ctx.deps.db.insert(verificationTokens).values({
    userId,
    kind: 'email_verify',
    tokenHash: await sha256(token),
    target: email,
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL),
    createdAt: now,
  });
  const link = `${ctx.origin}/v1/auth/verify/email?token=${encodeURIComponent(token)}`;
  const send = () =>
    ctx.deps.mail.send({ to: email, ...verifyMail(ctx.locale, ctx.origin, { link }), template: 'email_verify', locale: ctx.locale });
  return { insert, send };
}

export async function sendEmailVerification(ctx: Ctx, userId: number, email: string, alreadyVerified: boolean) {
  if (alreadyVerified) throw conflict('Your e-mail address is already verified.', 'ALREADY_VERIFIED');
  const now = ctx.deps.clock.now();
  await enforce(ctx.deps.db, `verify-email:${userId}`, LIMITS.verifyEmailPerUser, now, TOO_MANY);
  const v = await emailVerification(ctx, userId, email, now);
  await v.insert;
  await v.send();
}

/** Marks the address verified when the token is valid; returns whether it was. */
export async function confirmEmail(deps: Deps, token: string): Promise<boolean> {
  const now = deps.clock.now();
  const [claimed] = await deps.db
    .update(verificationTokens)
    .set({ usedAt: now })
    .where(and(eq(verificationTokens.kind, 'email_verify'), eq(verificationTokens.tokenHash, await sha256(token)), isNull(verificationTokens.usedAt), gt(verificationTokens.expiresAt, now)))
    .returning({ userId: verificationTokens.userId, target: verificationTokens.target });
  if (!claimed?.userId) return false;
  await deps.db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, claimed.userId), eq(users.email, claimed.target ?? '')));
  return true;
}

/**
 * Sends a 6-digit code to a mobile number of a served country (the schema refuses any other). Counted per account,
 * per number and per source address, so neither one account nor many can pump SMS to one number.
 */
export async function sendMobileCode(deps: Deps, user: { userId: number; locale: string; ip: string }, input: v.InferOutput<typeof sendMobileBody>) {
  const { userId, locale } = user;
  const e164 = toE164(input.phone, input.country);
  if (!e164.ok) throw fieldError('phone', 'validation.phone.invalid');
  const phone = e164.phone;
  const now = deps.clock.now();
  await enforce(deps.db, `mobile-send:${userId}`, LIMITS.mobileSendPerUser, now, TOO_MANY);
  await enforce(deps.db, `mobile-send:number:${phone}`, LIMITS.mobileSendPerNumber, now, TOO_MANY);
  await enforce(deps.db, `mobile-send:ip:${user.ip}`, LIMITS.mobileSendPerIp, now, TOO_MANY);
  const code = randomDigits(6);
  await deps.db.batch([
    // Only the newest code is valid.
    deps.db.update(verificationTokens).set({ usedAt: now }).where(and(eq(verificationTokens.userId, userId), eq(verificationTokens.kind, 'mobile_code'), isNull(verificationTokens.usedAt))),
    deps.db.insert(verificationTokens).values({
      userId,
      kind: 'mobile_code',
      tokenHash: await sha256(`${userId}:${code}`),
      target: `${phone}|${input.country}`,
      expiresAt: new Date(now.getTime() + MOBILE_CODE_TTL),
      createdAt: now,
    }),
  ]);
  try {
    await deps.sms.send({ to: phone, text: translate(locale, 'sms.verify', { code }), template: 'mobile_code', locale });
  } catch (err) {
    // The code stays stored; the person waits for it, so they learn at once that it did not go out and may ask again.
    deps.log.error('auth.sms_failed', { error: String(err) });
    throw new ApiError(502, SMS_NOT_SENT, 'SMS_NOT_SENT', { phone: [SMS_NOT_SENT] });
  }
  return { phone };
}

const SMS_NOT_SENT = 'We could not send the SMS just now. Please try again in a few minutes.';

/** A refused SMS code, at the code field, with a code of its own so the screens say it in the visitor's language. */
const codeRefused = (code: 'WRONG_CODE' | 'CODE_ATTEMPTS_USED') =>
  invalid({ code: [{ key: code === 'WRONG_CODE' ? 'validation.rule.wrongcode' : 'validation.rule.codetries' }] }, { code });

/** The newest SMS code of a user that is still open (unused, not expired); only the newest counts. */
const openMobileCode = (db: Deps['db'], userId: number, now: Date) =>
  db.query.verificationTokens.findFirst({
    where: and(eq(verificationTokens.userId, userId), eq(verificationTokens.kind, 'mobile_code'), isNull(verificationTokens.usedAt), gt(verificationTokens.expiresAt, now)),
    orderBy: desc(verificationTokens.id),
  });

/**
 * GET /v1/auth/confirm/mobile: the code waiting to be confirmed (number, country, expiry, tries left), or null. The
 * screens read it on load, so a reload during verification shows the code field again.
 */
export async function pendingMobileCode(deps: Deps, userId: number) {
  const token = await openMobileCode(deps.db, userId, deps.clock.now());
  if (!token || token.attempts >= MOBILE_CODE_ATTEMPTS) return null;
  const [phone, country] = (token.target ?? '').split('|');
  return { phone: phone ?? '', country: country ?? '', expires_at: token.expiresAt.toISOString(), attempts_left: MOBILE_CODE_ATTEMPTS - token.attempts };
}

export async function confirmMobileCode(deps: Deps, userId: number, input: v.InferOutput<typeof confirmMobileBody>) {
  const { db, clock } = deps;
  const now = clock.now();
  await enforce(db, `mobile-confirm:${userId}`, LIMITS.mobileConfirmPerUser, now, TOO_MANY);
  const token = await openMobileCode(db, userId, now);
  if (!token) throw codeRefused('WRONG_CODE');
  // Count the attempt first, atomically; a code dies after MOBILE_CODE_ATTEMPTS wrong tries.
  const [counted] = await db
    .update(verificationTokens)
    .set({ attempts: sql`${verificationTokens.attempts} + 1` })
    .where(and(eq(verificationTokens.id, token.id), isNull(verificationTokens.usedAt), sql`${verificationTokens.attempts} < ${MOBILE_CODE_ATTEMPTS}`))
    .returning({ attempts: verificationTokens.attempts });
  if (!counted) throw codeRefused('CODE_ATTEMPTS_USED');
  if (!safeEqual(await sha256(`${userId}:${input.code}`), token.tokenHash)) throw codeRefused('WRONG_CODE');
  const [claimed] = await db.update(verificationTokens).set({ usedAt: now }).where(and(eq(verificationTokens.id, token.id), isNull(verificationTokens.usedAt))).returning({ id: verificationTokens.id });
  if (!claimed) throw codeRefused('WRONG_CODE');
  const [phone, country] = (token.target ?? '').split('|');
  await db.update(users).set({ phone, phoneCountry: country, phoneVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
  return { phone };
}
