// /v1/auth: the session endpoint, sign-up, sign-in, logout, password reset, verification and OAuth.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import type { AppEnv } from '../../env';
import { ApiError, badRequest } from '../../lib/errors';
import { readForm } from '../../lib/http';
import { LOCALE_INFO, LOCALES, DEFAULT_CURRENCY, DEFAULT_LOCALE } from '#shared/locales';
import { browserObservability, observabilityOf } from '../../lib/observability';
import { requestLocale } from '../../lib/request-prefs';
import { valid } from '../../lib/validator';
import type { OAuthProvider } from '../../platform/config';
import { isPublicChef } from '../../db/visibility';
import { imageResource } from '../images/images.service';
import { settingsQuery, supportedCurrencies, toSettings } from '../settings/settings.service';
import * as schema from '#shared/schemas/auth.schema';
import { emptyBody } from '#shared/schemas/fields';
import * as auth from './auth.service';
import { assignGroups } from './experiments';
import { generateCodeVerifier, generateState, oauthClient } from './oauth';
import { assertConfigured, completeOAuth, OAUTH_FAILED } from './oauth.service';
import {
  clearSessionCookie,
  currentUser,
  requireUser,
  secureCookie,
  sessionHashFromCookie,
  authenticate,
  clientIp,
  sessionMeta,
  sessionUserQuery,
  setSessionCookie,
  type SessionUser,
} from '../session/session.middleware';

export const SITE_NAME = 'YourLocalChef';
const VISITOR_COOKIE = 'ylc_vid';
const OAUTH_COOKIE = 'ylc_oauth';

// Links in mail and OAuth redirect URIs start with the configured public origin, never the request's Host.
const ctxOf = (c: Context<AppEnv>) => ({ deps: c.get('deps'), meta: sessionMeta(c), origin: c.get('deps').config.publicOrigin, locale: requestLocale(c) });

function presentUser(u: SessionUser) {
  return {
    id: u.userId,
    firstname: u.firstname,
    lastname: u.lastname,
    email: u.email,
    email_verified: u.emailVerified,
    phone: u.phone,
    phone_verified: u.phoneVerified,
    locale: u.locale,
    avatar: imageResource({ id: u.avatarId, status: u.avatarStatus, stacks: u.avatarStacks }, undefined, { own: true }),
    is_chef: u.chefId != null,
    is_su: u.isSu,
    // is_public: whether the public profile (/chefs/{uri}) shows, so "My chef profile" can open it.
    chef: u.chefId != null ? { data: { id: u.chefId, uri: u.chefUri, status: u.chefStatus, is_public: isPublicChef(u.chefStatus) } } : null,
    unseen_order_message_count: u.unseenOrderMessageCount,
  };
}

function visitorGroups(c: Context<AppEnv>) {
  let visitorId = getCookie(c, VISITOR_COOKIE);
  if (!visitorId || !/^[0-9a-f-]{36}$/.test(visitorId)) {
    visitorId = crypto.randomUUID();
    setCookie(c, VISITOR_COOKIE, visitorId, { httpOnly: true, sameSite: 'Lax', path: '/', secure: secureCookie(c), maxAge: 60 * 60 * 24 * 365 });
  }
  return assignGroups(visitorId);
}

async function signedIn(c: Context<AppEnv>, result: auth.AuthResult) {
  await setSessionCookie(c, result.session);
  return c.json({ message: 'Signed in.', authenticated: true });
}

/** Sign-up and sign-in refuse a signed-in browser before reading the form. */
const signedOut: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (await currentUser(c)) throw new ApiError(400, auth.ALREADY_LOGGED_IN, 'ALREADY_AUTHENTICATED');
  await next();
};

export const authRoutes = new Hono<AppEnv>()
  /** One round trip: the session row with its user and the settings come back in one batch. */
  .get('/session/user', async (c) => {
    const { db, clock, config } = c.get('deps');
    const now = clock.now();
    const hash = await sessionHashFromCookie(c);
    let settingRows;
    let user: SessionUser | null = null;
    if (hash) {
      const [rows, s] = await db.batch([sessionUserQuery(db, hash, now), settingsQuery(db)]);
      settingRows = s;
      user = await currentUser(c, { hash, row: rows[0] });
    } else {
      settingRows = await settingsQuery(db);
    }
    const settings = toSettings(settingRows, config.launchModeOverride);
    c.header('Cache-Control', 'no-store');
    return c.json({
      authenticated: user != null,
      early_access: user?.earlyAccess ?? false,
      data: user ? presentUser(user) : null,
      app: {
        site_name: SITE_NAME,
        supported_currencies: supportedCurrencies(settings),
        default_currency: DEFAULT_CURRENCY,
        locales: LOCALES.map((code) => ({ code, label: LOCALE_INFO[code].label, country: LOCALE_INFO[code].country })),
        default_locale: DEFAULT_LOCALE,
        turnstile_site_key: config.turnstileSiteKey,
        oauth_providers: config.oauthProviders,
        launch_mode: settings.launch_mode,
        app_env: config.appEnv,
        service_fee_bp: settings.service_fee_bp,
        commission_bp: settings.commission_bp,
        // error_reporting (the DSN and the 10% trace sample) and analytics (Plausible), null while not configured.
        ...browserObservability(observabilityOf(c.env), config.appEnv),
      },
      test_groups: visitorGroups(c),
    });
  })

  .post('/signup', signedOut, valid('json', schema.signupBody), async (c) => {
    const input = c.req.valid('json');
    const result = await auth.signup(ctxOf(c), input);
    await setSessionCookie(c, result.session);
    return c.json({ message: 'Welcome!', authenticated: true }, 201);
  })

  .post('/signin', signedOut, valid('json', schema.signinBody), async (c) => {
    const input = c.req.valid('json');
    return signedIn(c, await auth.signin(ctxOf(c), input));
  })

  .post('/logout', valid('json', emptyBody), async (c) => {
    const user = await currentUser(c);
    if (user) await auth.revokeSession(c.get('deps'), user.sessionHash);
    clearSessionCookie(c);
    return c.json({ message: 'Signed out.' });
  })

  .post('/forgot', valid('json', schema.forgotBody), async (c) => {
    const input = c.req.valid('json');
    await auth.forgot(ctxOf(c), input);
    return c.json({ message: auth.FORGOT_SENT });
  })

  .post('/recover', valid('json', schema.recoverBody), async (c) => {
    const input = c.req.valid('json');
    return signedIn(c, await auth.recover(ctxOf(c), input));
  })

  .post('/send-verify', authenticate, valid('json', emptyBody), async (c) => {
    const user = await requireUser(c);
    await auth.sendEmailVerification(ctxOf(c), user.userId, user.email, user.emailVerified);
    return c.json({ message: 'We have sent you an e-mail with a confirmation link.' });
  })

  /** The link in the verification mail: confirms and returns to the account page with the outcome. */
  .get('/verify/email', async (c) => {
    const token = c.req.query('token') ?? '';
    const ok = token.length >= 10 && token.length <= 200 && (await auth.confirmEmail(c.get('deps'), token));
    return c.redirect(`/account/me/personal-details?email_verified=${ok ? '1' : '0'}`, 303);
  })

  .post('/send-verify/mobile', authenticate, valid('json', schema.sendMobileBody), async (c) => {
    const user = await requireUser(c);
    const input = c.req.valid('json');
    const { phone } = await auth.sendMobileCode(c.get('deps'), { userId: user.userId, locale: user.locale, ip: clientIp(c) }, input);
    return c.json({ message: 'We have sent you a code by SMS.', phone });
  })

  .get('/confirm/mobile', async (c) => {
    const user = await requireUser(c);
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await auth.pendingMobileCode(c.get('deps'), user.userId) });
  })

  .post('/confirm/mobile', authenticate, valid('json', schema.confirmMobileBody), async (c) => {
    const user = await requireUser(c);
    const input = c.req.valid('json');
    const { phone } = await auth.confirmMobileCode(c.get('deps'), user.userId, input);
    return c.json({ message: 'Your mobile number is verified.', phone });
  })

  /** A provider alone returns the redirect; provider plus code (and the state) completes the sign-in. */
  .post('/oauth', valid('json', schema.oauthBody), async (c) => {
    const input = c.req.valid('json');
    const deps = c.get('deps');
    assertConfigured(deps, input.provider);
    const client = oauthClient(c.env, input.provider, deps.config.publicOrigin, deps.fetch);
    const key = new TextEncoder().encode(c.env.SESSION_SECRET ?? '');

    if (!input.code) {
      const state = generateState();
      const verifier = generateCodeVerifier();
      const now = Math.floor(deps.clock.now().getTime() / 1000);
      const cookie = await new SignJWT({ state, verifier, provider: input.provider }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 600).sign(key);
      setCookie(c, OAUTH_COOKIE, cookie, { httpOnly: true, secure: secureCookie(c), sameSite: 'Lax', path: '/v1/auth', maxAge: 600 });
      return c.json({ redirect: client.authorizationUrl(state, verifier).toString() });
    }

    const stateError = badRequest('The sign-in request expired or did not come from this browser. Please try again.', { state: ['Invalid sign-in state.'] }, 'OAUTH_STATE_MISMATCH');
    if (!input.state) throw stateError;
    const cookie = getCookie(c, OAUTH_COOKIE);
    if (!cookie) throw stateError;
    let stored: Record<string, unknown>;
    try {
      stored = (await jwtVerify(cookie, key, { algorithms: ['HS256'], currentDate: deps.clock.now() })).payload;
    } catch {
      throw stateError;
    }
    if (stored.state !== input.state || stored.provider !== input.provider || typeof stored.verifier !== 'string') throw stateError;
    deleteCookie(c, OAUTH_COOKIE, { path: '/v1/auth', secure: secureCookie(c) });

    let identity;
    try {
      identity = await client.identify(input.code, stored.verifier, { user: input.user });
    } catch (err) {
      deps.log.warn('oauth.identify_failed', { provider: input.provider, error: String(err) });
      throw new ApiError(400, OAUTH_FAILED, 'OAUTH_FAILED');
    }
    const existing = await currentUser(c);
    if (existing) await auth.revokeSession(deps, existing.sessionHash);
    const result = await completeOAuth(deps, input.provider as OAuthProvider, identity, sessionMeta(c), requestLocale(c));
    await setSessionCookie(c, result.session);
    return c.json({ message: 'Signed in.', authenticated: true, created: result.created });
  })

  /** Apple posts the code as a form (response_mode=form_post); hand it to the client route, which completes it. */
  .post('/oauth/apple/callback', async (c) => {
    const form = await readForm(c, 'body');
    const params = new URLSearchParams({ provider: 'apple' });
    for (const k of ['code', 'state', 'user', 'error']) {
      const value = form.get(k);
      if (typeof value === 'string' && value.length < 4096) params.set(k, value);
    }
    return c.redirect(`/auth/external?${params}`, 303);
  });
