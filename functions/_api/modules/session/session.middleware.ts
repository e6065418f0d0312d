// Sessions: a jose-signed cookie carries a random session id; the database keeps only its SHA-256 and is checked
// on every request, so logout, password changes and admin revocation take effect at once.
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { DB } from '../../db/client';
import { asJoined } from '../../db/columns-alias';
import { chefs } from '../../db/schema/chefs';
import { images } from '../../db/schema/files';
import { sessions, users } from '../../db/schema/users';
import type { AppEnv } from '../../env';
import { ApiError, forbidden, unauthorized } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/crypto';
import { DAY, HOUR, MINUTE } from '#shared/time';

export const SESSION_COOKIE = 'ylc_session';
/** Remembered sessions last 30 days and end after 7 idle days; others last 12 hours and end after 2 idle hours. */
export const SESSION_LIMITS = {
  remembered: { absolute: 30 * DAY, idle: 7 * DAY },
  browser: { absolute: 12 * HOUR, idle: 2 * HOUR },
};
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY = 5 * MINUTE;

const key = (secret: string) => new TextEncoder().encode(secret);

/** The signing secret of sessions and of links that carry no stored token. */
export function secretOf(c: Context<AppEnv>): string {
  const secret = c.env.SESSION_SECRET;
  if (!secret || secret.length < 32) throw new Error('SESSION_SECRET must be configured (32+ characters).');
  return secret;
}

/** Secure everywhere except plain-http localhost, where browsers would drop a Secure cookie. */
export function secureCookie(c: Context): boolean {
  const url = new URL(c.req.url);
  return !(url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
}

export type SessionUser = {
  sessionHash: string;
  userId: number;
  email: string;
  firstname: string;
  lastname: string;
  isSu: boolean;
  earlyAccess: boolean;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
  locale: string;
  chefId: number | null;
  chefUri: string | null;
  chefStatus: number | null;
  avatarId: number | null;
  avatarStatus: string | null;
  avatarStacks: Record<string, string> | null;
  unseenOrderMessageCount: number;
  lastSeenAt: Date;
};

/** The session + user query; usable alone or inside db.batch next to other reads. */
export function sessionUserQuery(db: DB, sessionHash: string, now: Date) {
  return db
    .select({
      sessionHash: sessions.idHash,
      userId: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      isSu: users.isSu,
      earlyAccess: users.earlyAccess,
      emailVerifiedAt: users.emailVerifiedAt,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      locale: users.locale,
      chefId: asJoined(chefs.id, 'chef_id'),
      chefUri: chefs.uri,
      chefStatus: asJoined(chefs.status, 'chef_status'),
      avatarId: asJoined(images.id, 'avatar_id'),
      avatarStatus: asJoined(images.status, 'avatar_status'),
      avatarStacks: images.stacks,
      lastSeenAt: sessions.lastSeenAt,
      rememberMe: sessions.rememberMe,
      unseen: sql<number>`(select coalesce(sum(unseen_count), 0) from thread_participants tp where tp.user_id = ${users.id})`.as('unseen'),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(chefs, eq(chefs.userId, users.id))
    .leftJoin(images, eq(images.id, users.avatarImageId))
    .where(and(eq(sessions.idHash, sessionHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), isNull(users.disabledAt)))
    .limit(1);
}

type SessionRow = Awaited<ReturnType<typeof sessionUserQuery>>[number];

function toSessionUser(row: SessionRow, now: Date): SessionUser | null {
  const idle = row.rememberMe ? SESSION_LIMITS.remembered.idle : SESSION_LIMITS.browser.idle;
  if (now.getTime() - row.lastSeenAt.getTime() > idle) return null;
  return {
    sessionHash: row.sessionHash,
    userId: row.userId,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    isSu: row.isSu,
    earlyAccess: row.earlyAccess,
    emailVerified: row.emailVerifiedAt != null,
    phone: row.phone,
    phoneVerified: row.phoneVerifiedAt != null,
    locale: row.locale,
    chefId: row.chefId,
    chefUri: row.chefUri,
    chefStatus: row.chefStatus,
    avatarId: row.avatarId,
    avatarStatus: row.avatarStatus,
    avatarStacks: row.avatarStacks,
    unseenOrderMessageCount: Number(row.unseen),
    lastSeenAt: row.lastSeenAt,
  };
}

/** The session hash from a valid signed cookie, or null for a missing, tampered or expired cookie. */
export async function sessionHashFromCookie(c: Context<AppEnv>): Promise<string | null> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key(secretOf(c)), { algorithms: ['HS256'], currentDate: c.get('deps').clock.now() });
    return typeof payload.sid === 'string' ? await sha256(payload.sid) : null;
  } catch {
    return null;
  }
}

const memo = new WeakMap<Context, Promise<SessionUser | null>>();

/**
 * The signed-in user of this request, or null. Loaded once per request; keeps last_seen_at fresh (at most every
 * five minutes) for the idle expiry.
 */
export function currentUser(c: Context<AppEnv>, preloaded?: { hash: string | null; row: SessionRow | undefined }): Promise<SessionUser | null> {
  let p = memo.get(c);
  if (!p) {
    p = (async () => {
      const { db, clock } = c.get('deps');
      const now = clock.now();
      const hash = preloaded ? preloaded.hash : await sessionHashFromCookie(c);
      if (!hash) return null;
      const row = preloaded ? preloaded.row : (await sessionUserQuery(db, hash, now))[0];
      const user = row ? toSessionUser(row, now) : null;
      if (!user) {
        deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secureCookie(c) });
        return null;
      }
      if (now.getTime() - user.lastSeenAt.getTime() > TOUCH_EVERY) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, hash));
      }
      return user;
    })();
    memo.set(c, p);
  }
  return p;
}

export async function requireUser(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await currentUser(c);
  if (!user) throw unauthorized();
  return user;
}

/**
 * requireUser as a middleware, placed before a route's validators: a visitor gets 401 before any input is read, as
 * when the handler checked first. The handler's own requireUser(c) then reads the same memoised user.
 */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireUser(c);
  await next();
};

/** The signed-in user's chef; a user without a chef profile gets 404 with a code the client can act on. */
export async function requireChefUser(c: Context<AppEnv>): Promise<{ user: SessionUser; chefId: number }> {
  const user = await requireUser(c);
  if (user.chefId == null) throw new ApiError(404, 'You have no chef profile yet. Start your application first.', 'NOT_A_CHEF');
  return { user, chefId: user.chefId };
}

/**
 * requireChefUser as a middleware, placed before a route's validators: a visitor gets 401 and a user without a chef
 * profile NOT_A_CHEF before any input is read, whatever the input.
 */
export const asChef: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireChefUser(c);
  await next();
};

export async function requireSuperUser(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await requireUser(c);
  if (!user.isSu) throw forbidden('Only administrators can do this.');
  return user;
}

export type SessionMeta = { userAgent: string | null; ip: string };

export function sessionMeta(c: Context): SessionMeta {
  return { userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null, ip: clientIp(c) };
}

/** The insert of a new session row plus the raw id for the cookie; the caller runs the insert (often in a batch). */
export async function newSession(db: DB, now: Date, userId: number, rememberMe: boolean, meta: SessionMeta) {
  const raw = randomToken(32);
  const idHash = await sha256(raw);
  const limits = rememberMe ? SESSION_LIMITS.remembered : SESSION_LIMITS.browser;
  const expiresAt = new Date(now.getTime() + limits.absolute);
  const insert = db.insert(sessions).values({ idHash, userId, createdAt: now, lastSeenAt: now, expiresAt, rememberMe, userAgent: meta.userAgent, ip: meta.ip });
  return { insert, raw, idHash, expiresAt, rememberMe };
}

export type IssuedSession = { raw: string; expiresAt: Date; rememberMe: boolean };

export async function setSessionCookie(c: Context<AppEnv>, s: IssuedSession) {
  const now = c.get('deps').clock.now();
  const token = await new SignJWT({ sid: s.raw })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(s.expiresAt.getTime() / 1000))
    .sign(key(secretOf(c)));
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: secureCookie(c),
    sameSite: 'Lax',
    path: '/',
    ...(s.rememberMe ? { expires: s.expiresAt } : {}),
  });
  memo.delete(c);
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secureCookie(c) });
  memo.delete(c);
}

export function clientIp(c: Context): string {
  // Cloudflare sets cf-connecting-ip; the Node server overwrites x-real-ip with the socket address. Nothing else is trusted.
  return c.req.header('cf-connecting-ip') ?? c.req.header('x-real-ip') ?? 'unknown';
}
