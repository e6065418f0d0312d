// Global middleware of the /v1 app: request context, security headers, CSRF and content-type rules, body limits,
// plus JSON body reading that turns malformed input into a field error.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../env';
import { buildDeps, type Platform, type WaitUntil } from '../platform/deps';
import { ApiError, badRequest, forbidden } from './errors';
import { continueTrace } from '#shared/sentry';
import { API_CSP, COMMON_SECURITY_HEADERS } from './security-headers';

/** The pattern of the route that answered (`/v1/bookings/:id`), never the path with its values. */
export function routePattern(c: Context): string {
  return matchedRoutes(c).findLast((r) => r.method !== 'ALL')?.path ?? 'unmatched';
}

/**
 * Cloudflare's ray id names the request in Cloudflare's logs too, so it becomes ours when it has a ray's shape (16
 * hex digits and a data-centre code). Only Cloudflare can set it there; the Node server drops a client's cf-* headers
 * before the API sees them (scripts/lib/node-platform.ts), and anything else gets a fresh id.
 */
const RAY_ID = /^[0-9a-f]{16}(-[A-Z]{3})?$/;
export const requestIdOf = (ray: string | undefined): string => (ray && RAY_ID.test(ray) ? ray : crypto.randomUUID());

export function requestContext(platform: Platform): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = requestIdOf(c.req.header('cf-ray'));
    c.set('requestId', requestId);
    const deps = buildDeps(c.env, platform, requestId, waitUntilOf(c));
    c.set('deps', deps);
    const { log, errors, afterResponse } = deps;
    // The browser's trace (its 10% sample carries sentry-trace and baggage) goes on here. Only the error reporter reads
    // it, so without one no trace is made: its two random ids were about a tenth of /v1/ping's own CPU on Node.
    const trace = errors.enabled ? continueTrace(c.req.header('sentry-trace'), c.req.header('baggage')) : undefined;
    c.set('trace', trace);
    const started = Date.now();
    await next();
    if (!wholeAnswers.has(c.res)) setAnswerHeader(c, 'X-Request-Id', requestId);
    log.info('request', { method: c.req.method, path: c.req.path, status: c.res.status, ms: Date.now() - started });
    if (trace?.sampled) {
      const end = Date.now();
      afterResponse(() => errors.requestSpan({ requestId, method: c.req.method, route: routePattern(c), trace, status: c.res.status, start: started, end }));
    }
  };
}

/**
 * The execution context's waitUntil on Workers (and in the test harnesses); the Node server has none. Looked up only
 * when work is handed to it: where there is none, Hono's executionCtx throws, and an Error with its stack on every
 * request cost about 0.06 ms of CPU on Node.
 */
function waitUntilOf(c: Context): WaitUntil {
  return (p) => {
    let ctx: Context['executionCtx'];
    try {
      ctx = c.executionCtx;
    } catch {
      return;
    }
    ctx.waitUntil(p);
  };
}

/** Answers made by wholeAnswer(): they already carry every header the two middleware above add. */
const wholeAnswers = new WeakSet<Response>();

/**
 * A 200 answer of ready bytes with every header this module's middleware adds (the security headers, the API's CSP,
 * X-Request-Id) given at once, as one plain record. The Node server (@hono/node-server) writes such a record to the
 * socket as it is; a header set on the answer after the handler makes it build a Headers object of Node's fetch
 * (undici) and copy every header through it (the eight headers cost a menus near call 0.05 to 0.14 ms that way, 0.02
 * to 0.04 ms more than given at once; README, Performance). Workers take either alike. The middleware leaves these
 * answers as they are (wholeAnswers); any other answer gets its headers from them as before. A header set with
 * c.header() earlier in the request is not carried over: Hono adds those only to the answers it makes itself (c.json,
 * c.body), so a route that sets one (a cookie, Cache-Control) must answer through Hono.
 */
export function wholeAnswer(c: Context<AppEnv>, body: Uint8Array<ArrayBuffer>, contentType: string): Response {
  const res = new Response(body, {
    status: 200,
    headers: { 'Content-Type': contentType, ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': API_CSP, 'X-Request-Id': c.get('requestId') },
  });
  wholeAnswers.add(res);
  return res;
}

/**
 * Sets a header of the answer the handler gave: on its own headers, or on a copy when they cannot be changed (a
 * response from fetch()). c.header() after the handler copies the whole response for every header it sets.
 */
function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (wholeAnswers.has(c.res)) return;
  for (const [k, v] of Object.entries(COMMON_SECURITY_HEADERS)) setAnswerHeader(c, k, v);
  if (!c.res.headers.has('Content-Security-Policy')) setAnswerHeader(c, 'Content-Security-Policy', API_CSP);
};

/** The methods that write: the app mounts writeGuard and limitBody for these alone. */
export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Paths whose writes are not JSON: uploads (multipart) and callbacks from third parties (checked by signature or state). */
export type WriteRule = 'json' | 'multipart' | 'external';
export type WriteRules = (path: string) => WriteRule;

/**
 * CSRF and content-type guard. Browsers send Origin and Sec-Fetch-Site on writes; a cross-site write is refused
 * whatever its content type (this also blocks cross-origin JSON sent with no-cors tricks). Writes must then be
 * JSON, so a classic HTML form post gets 415 even from a same-site page. The app mounts it for WRITE_METHODS only.
 */
export function writeGuard(rules: WriteRules): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const rule = rules(c.req.path);
    if (rule === 'external') return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    // Same-site means the configured public origin, never whatever the request's Host header claims.
    if ((site && site !== 'same-origin' && site !== 'none') || (origin && !c.get('deps').config.writeOrigins.has(origin))) {
      throw forbidden('Cross-site requests are not allowed.');
    }
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    const hasBody = c.req.header('content-length') !== undefined ? c.req.header('content-length') !== '0' : c.req.header('transfer-encoding') !== undefined;
    if (c.req.method === 'DELETE' && !hasBody && !type) return next();
    const ok = rule === 'multipart' ? type.startsWith('multipart/form-data') : type.startsWith('application/json');
    if (!ok) throw new ApiError(415, rule === 'multipart' ? 'Send the file as multipart/form-data.' : 'Send the request body as JSON (Content-Type: application/json).', 'UNSUPPORTED_MEDIA_TYPE');
    return next();
  };
}

export const JSON_BODY_LIMIT = 64 * 1024;

export function limitBody(rules: WriteRules, uploadLimit: number): MiddlewareHandler<AppEnv> {
  const tooLarge = () => {
    throw new ApiError(413, 'The request is too large.', 'PAYLOAD_TOO_LARGE');
  };
  const small = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
  const large = bodyLimit({ maxSize: uploadLimit, onError: tooLarge });
  // Mounted for writes only (WRITE_METHODS): no route reads the body of a read, and looking (bodyLimit reads the
  // request's body) made @hono/node-server build the full Request it otherwise leaves unmade, on every read under
  // `npm start`.
  return (c, next) => (rules(c.req.path) === 'multipart' ? large(c, next) : small(c, next));
}

/**
 * Reads a JSON body; malformed JSON is a 400 with the error on `body`, never a 500. Every body of this API is an
 * object, and anything else is refused here: valibot's strictObject lets an empty array through.
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.', { body: ['The request body is not valid JSON.'] }, 'MALFORMED_JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object.', { body: ['The request body must be a JSON object.'] });
  }
  return body;
}

/** More fields than any form of this API has (an upload is a kind and at most three files; Apple posts five). */
export const MAX_FORM_PARTS = 8;

/** Occurrences of `needle` in `bytes`, counting only up to `stopAfter`: a plain byte scan, far cheaper than parsing. */
function countOccurrences(bytes: Uint8Array, needle: Uint8Array, stopAfter: number): number {
  let found = 0;
  const first = needle[0];
  const last = bytes.length - needle.length;
  outer: for (let i = 0; i <= last; i++) {
    if (bytes[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    if (++found > stopAfter) return found;
    i += needle.length - 1;
  }
  return found;
}

/**
 * Reads a multipart or URL-encoded form. Parsing costs CPU per field (100,000 fields in 6 MB took over a second and
 * blocked every other request), so the fields are counted first with a byte scan (multipart boundaries, `&`
 * separators) and a form with more than `maxParts` is refused unparsed. A malformed body is a 400, never a 500.
 */
export async function readForm(c: Context, field: string, maxParts = MAX_FORM_PARTS): Promise<FormData> {
  const unreadable = () => badRequest('The form could not be read.', { [field]: ['The form could not be read.'] }, 'MALFORMED_FORM');
  const type = c.req.header('content-type') ?? '';
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await c.req.arrayBuffer());
  } catch {
    throw unreadable();
  }
  const boundary = /^multipart\/form-data\s*;.*?\bboundary="?([^";]+)"?/i.exec(type)?.[1];
  let parts: number;
  if (boundary) parts = countOccurrences(bytes, new TextEncoder().encode(`--${boundary}`), maxParts + 1) - 1;
  else if (/^application\/x-www-form-urlencoded/i.test(type)) parts = countOccurrences(bytes, new Uint8Array([0x26]), maxParts) + 1;
  else if (/^multipart\//i.test(type)) throw unreadable();
  else return new FormData(); // not a form at all: no fields (uploads never get here, the write guard wants multipart)
  if (parts > maxParts) {
    const message = `A form here has at most ${maxParts} fields.`;
    throw badRequest(message, { [field]: [message] }, 'TOO_MANY_FIELDS');
  }
  try {
    return await c.req.formData();
  } catch {
    throw unreadable();
  }
}
