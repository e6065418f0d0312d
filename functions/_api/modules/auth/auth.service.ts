// Accounts: sign-up, sign-in, password reset and change, e-mail and phone verification. Services take the
// per-request deps and plain input, never Hono's Context; routes set and clear cookies.
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { sessions, users, verificationTokens } from '../../db/schema/users';
import { ApiError, badRequest, conflict, fieldError } from '../../lib/errors';
import { randomDigits, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { translate } from '../../lib/i18n';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Deps } from '../../platform/deps';
import { enforce, hit } from '../../platform/rate-limit';
import { newSession, type IssuedSession, type SessionMeta } from './session';
import { toE164, type changePasswordBody, type confirmMobileBody, type forgotBody, type recoverBody, type sendMobileBody, type signinBody, type signupBody } from './auth.schema';

const MINUTE = 60_000;
export const RESET_TOKEN_TTL = 60 * MINUTE;
export const EMAIL_TOKEN_TTL = 24 * 60 * MINUTE;
export const MOBILE_CODE_TTL = 10 * MINUTE;
export const MOBILE_CODE_ATTEMPTS = 5;

export const LIMITS = {
  signinPerIp: { limit: 30, windowSeconds: 15 * 60 },
  signinPerAccount: { limit: 8, windowSeconds: 15 * 60 },
  signupPerIp: { limit: 10, windowSeconds: 60 * 60 },
  forgotPerIp: { limit: 10, windowSeconds: 60 * 60 },
  forgotPerEmail: { limit: 3, windowSeconds: 60 * 60 },
  verifyEmailPerUser: { limit: 5, windowSeconds: 60 * 60 },
  mobileSendPerUser: { limit: 5, windowSeconds: 60 * 60 },
  mobileConfirmPerUser: { limit: 20, windowSeconds: 60 * 60 },
};

export const SIGNIN_FAILED = 'These credentials do not match our records.';
export const ALREADY_LOGGED_IN = 'You are already logged in.';
export const FORGOT_SENT = "Alright! We've sent you an email with further instructions.";
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

// A fixed hash to verify against when the account does not exist, so both paths cost the same time.
let dummyHash: Promise<string> | null = null;
const timingDummy = () => (dummyHash ??= hashPassword('timing-equaliser-password'));

type Ctx = { deps: Deps; meta: SessionMeta; origin: string; locale: string };

export type AuthResult = { userId: number; session: IssuedSession };

export async function signup(ctx: Ctx, input: v.InferOutput<typeof signupBody>): Promise<AuthResult> {
  const { db, clock, turnstile } = ctx.deps;
  const now = clock.now();
  await enforce(db, `signup:ip:${ctx.meta.ip}`, LIMITS.signupPerIp, now, TOO_MANY);
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
  const [ipHits, accountHits] = await Promise.all([
    hit(db, `signin:ip:${ctx.meta.ip}`, LIMITS.signinPerIp, now),
    hit(db, `signin:account:${input.identifier}`, LIMITS.signinPerAccount, now),
  ]);
  for (const [h, rule] of [
    [ipHits, LIMITS.signinPerIp],
    [accountHits, LIMITS.signinPerAccount],
  ] as const) {
    if (h.count > rule.limit) throw new ApiError(429, TOO_MANY, 'RATE_LIMITED', { secret: [TOO_MANY] }, { 'Retry-After': String(Math.ceil((h.resetAt - now.getTime()) / 1000)) });
  }
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

/** Same answer whether or not the address is known; the mail goes out only when it is. */
export async function forgot(ctx: Ctx, input: v.InferOutput<typeof forgotBody>): Promise<void> {
  const { db, clock, mail } = ctx.deps;
  const now = clock.now();
  await enforce(db, `forgot:ip:${ctx.meta.ip}`, LIMITS.forgotPerIp, now, TOO_MANY);
  const perEmail = await hit(db, `forgot:email:${input.email}`, LIMITS.forgotPerEmail, now);
  if (perEmail.count > LIMITS.forgotPerEmail.limit) return; // silently: do not reveal or spam
  const user = await db.query.users.findFirst({ where: and(eq(users.email, input.email), isNull(users.disabledAt)), columns: { id: true, locale: true, firstname: true } });
  if (!user) return;
  const token = randomToken(32);
  await db.insert(verificationTokens).values({
    userId: user.id,
    kind: 'password_reset',
    tokenHash: await sha256(token),
    target: input.email,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL),
    createdAt: now,
  });
  const link = `${ctx.origin}/auth/recovery?email=${encodeURIComponent(input.email)}&token=${encodeURIComponent(token)}`;
  // The answer is the same whether or not the mail went out, so it never tells whether the address has an account.
  await mailOrLog(ctx.deps, 'password_reset', () =>
    mail.send({
      to: input.email,
      subject: translate(user.locale, 'mail.reset.subject'),
      text: translate(user.locale, 'mail.reset.body', { name: user.firstname || input.email, link }),
      template: 'password_reset',
      locale: user.locale,
    }),
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
  await enforce(db, `password:user:${userId}`, LIMITS.signinPerAccount, now, TOO_MANY);
  const user = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { passwordHash: true } });
  if (!user?.passwordHash || !(await verifyPassword(input.old_password, user.passwordHash))) {
    throw fieldError('old_password', 'Your current password is not correct.');
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
    ctx.deps.mail.send({
      to: email,
      subject: translate(ctx.locale, 'mail.verify.subject'),
      text: translate(ctx.locale, 'mail.verify.body', { link }),
      template: 'email_verify',
      locale: ctx.locale,
    });
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

export async function sendMobileCode(deps: Deps, userId: number, locale: string, input: v.InferOutput<typeof sendMobileBody>) {
  const phone = toE164(input.phone, input.country);
  if (!phone) throw fieldError('phone', 'Please enter a valid mobile number.');
  const now = deps.clock.now();
  await enforce(deps.db, `mobile-send:${userId}`, LIMITS.mobileSendPerUser, now, TOO_MANY);
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
  await deps.sms.send({ to: phone, text: translate(locale, 'sms.verify', { code }), template: 'mobile_code', locale });
  return { phone };
}

const WRONG_CODE = 'This code is not correct or has expired.';

export async function confirmMobileCode(deps: Deps, userId: number, input: v.InferOutput<typeof confirmMobileBody>) {
  const { db, clock } = deps;
  const now = clock.now();
  await enforce(db, `mobile-confirm:${userId}`, LIMITS.mobileConfirmPerUser, now, TOO_MANY);
  const token = await db.query.verificationTokens.findFirst({
    where: and(eq(verificationTokens.userId, userId), eq(verificationTokens.kind, 'mobile_code'), isNull(verificationTokens.usedAt), gt(verificationTokens.expiresAt, now)),
    orderBy: desc(verificationTokens.id),
  });
  if (!token) throw fieldError('code', WRONG_CODE);
  // Count the attempt first, atomically; a code dies after MOBILE_CODE_ATTEMPTS wrong tries.
  const [counted] = await db
    .update(verificationTokens)
    .set({ attempts: sql`${verificationTokens.attempts} + 1` })
    .where(and(eq(verificationTokens.id, token.id), isNull(verificationTokens.usedAt), sql`${verificationTokens.attempts} < ${MOBILE_CODE_ATTEMPTS}`))
    .returning({ attempts: verificationTokens.attempts });
  if (!counted) throw fieldError('code', 'Too many wrong codes. Please request a new code.');
  if (!safeEqual(await sha256(`${userId}:${input.code}`), token.tokenHash)) throw fieldError('code', WRONG_CODE);
  const [claimed] = await db.update(verificationTokens).set({ usedAt: now }).where(and(eq(verificationTokens.id, token.id), isNull(verificationTokens.usedAt))).returning({ id: verificationTokens.id });
  if (!claimed) throw fieldError('code', WRONG_CODE);
  const [phone, country] = (token.target ?? '').split('|');
  await db.update(users).set({ phone, phoneCountry: country, phoneVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
  return { phone };
}
