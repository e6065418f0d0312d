// Issue 8: every mutating endpoint is fed a fuzz corpus — wrong types, missing and extra fields, huge strings and
// arrays, nested junk, prototype-pollution keys, non-object bodies, malformed JSON, wrong content types and junk path
// parameters. Each input must get a 4xx with the error shape, never a 5xx, and the whole database (every table,
// traffic counters included) and the R2 bucket must be as they were. Unicode in otherwise valid strings must never
// cause a 5xx (it may be accepted, so the database may change for those).
//
// Each endpoint is called by the actor the matrix lets in (so validation, not the door, answers), with the valid
// request of its matrix row as the starting point. DELETE handlers read no body: they get the content-type and path
// corpus. The Stripe webhook and Apple's form-post callback are "external" writes (checked by signature or state,
// not by origin) and have their own tests at the end.
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../functions/_api/app';
import { signStripePayload } from '../../functions/_api/platform/stripe-payments';
import { TEST_ORIGIN } from '../support/harness';
import { createHarness } from '#harness';
import type { Agent } from '../support/agent';
import { blob, cookieOf, pdf, png } from '../support/chef-fixtures';
import { appRoutes, mutatingRoutes, ownerCall, send, type Target } from './matrix';
import { agentFor, changedTables, databaseDigest, expectErrorShape, useWorld } from './support';

const w = useWorld();

/** Fields a valid body may leave out (from the modules' schemas); every other field is required. */
const OPTIONAL: Record<string, readonly string[]> = {
  'POST /v1/auth/signup': ['cftoken'],
  'PUT /v1/chefs/me': ['display_location'],
  'POST /v1/chefs/me/menus': ['description', 'image_id', 'currency', 'price_tiers', 'cuisines', 'diets'],
  'PUT /v1/chefs/me/menus/:id': ['description', 'image_id', 'currency', 'price_tiers', 'cuisines', 'diets'],
  'PUT /v1/chefs/me/availability/:day': ['note'],
  'POST /v1/bookings': ['address', 'diets', 'allergens', 'kitchen_notes', 'message'],
  'POST /v1/bookings/:id{[0-9]{1,12}}/cancel': ['reason'],
  'POST /v1/users/me/orders/:id{[0-9]{1,12}}/rate': ['text'],
  'POST /v1/bookings/:id{[0-9]{1,12}}/guest-review': ['text'],
};

// ---- the corpus ----

/** One input: a content type and body, or (with `path`) the valid request sent to a junk path. */
type Entry = { label: string; init: { contentType?: string | null; body: BodyInit | null }; path?: string };

const jsonEntry = (label: string, value: unknown): Entry => ({ label, init: { contentType: 'application/json', body: JSON.stringify(value) } });
const rawJson = (label: string, text: string): Entry => ({ label, init: { contentType: 'application/json', body: text } });

const kind = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);
const deep = (levels: number, leaf: unknown = 'x'): unknown => Array.from({ length: levels }).reduce<unknown>((inner) => ({ a: inner }), leaf);
const deepArray = (levels: number): unknown => Array.from({ length: levels }).reduce<unknown>((inner) => [inner], 1);

function wrongTypes(value: unknown): unknown[] {
  return ['text', 12345, true, { nested: 'object' }, ['list']].filter((x) => kind(x) !== kind(value));
}

const UNICODE = ['\u0000\u0001\u001f', '\ud800 lone surrogate', 'RTL \u202eevil\u202c', '👩🏽‍🍳 Z̷̛̖a̸l̵g̶o 𝕏 ﷽'];

/** Body inputs that must all be refused: built from the valid body of the endpoint. */
function invalidBodies(route: string, valid: Record<string, unknown>, admin: boolean): Entry[] {
  const text = JSON.stringify(valid);
  const withExtra = (extra: string) => rawJson(`extra ${extra}`, text === '{}' ? `{${extra}}` : `{${extra},${text.slice(1)}`);
  const out: Entry[] = [
    // not an object at all
    ...[null, [], 'a string', 42, true, [valid]].map((v) => jsonEntry(`body ${JSON.stringify(v).slice(0, 20)}`, v)),
    rawJson('malformed JSON', '{"a": '),
    rawJson('trailing garbage', `${text}garbage`),
    rawJson('NaN literal', text === '{}' ? '{"x": NaN}' : `{"x": NaN,${text.slice(1)}`),
    // unknown fields, prototype pollution probes and unicode keys
    withExtra('"zz_unexpected": 1'),
    withExtra('"__proto__": {"is_su": true, "isSu": true}'),
    withExtra('"constructor": {"prototype": {"polluted": true}}'),
    // Mass-assignment probes; an admin body's own fields are unknown here (the base body is {}), so not for admin routes.
    ...(admin ? [] : [withExtra('"is_su": true'), withExtra('"id": 1')]),
    withExtra('"\u202e\u0000ключ👩‍🍳": "值"'),
    jsonEntry('deeply nested body', deep(400)),
    jsonEntry('deeply nested array', deepArray(400)),
  ];
  const optional = new Set(OPTIONAL[route] ?? []);
  for (const [key, value] of Object.entries(valid)) {
    const withValue = (label: string, v: unknown) => jsonEntry(`${key}: ${label}`, { ...valid, [key]: v });
    if (!optional.has(key)) {
      const { [key]: _gone, ...rest } = valid;
      out.push(jsonEntry(`${key}: missing`, rest));
    }
    // A null in the valid body marks a nullable field whose type the corpus cannot know.
    if (value !== null) for (const w of wrongTypes(value)) out.push(withValue(`wrong type ${JSON.stringify(w).slice(0, 20)}`, w));
    out.push(withValue('nested junk', deep(200, value)), withValue('nested arrays', deepArray(200)));
    if (typeof value === 'number') out.push(withValue('huge number', 1e300));
    if (typeof value === 'string') out.push(withValue('huge string (20 000 chars)', 'x'.repeat(20_000)), withValue('huge unicode string', '😀'.repeat(10_000)));
    if (Array.isArray(value)) out.push(withValue('huge array (5 000 items)', Array.from({ length: 5_000 }, () => value[0] ?? 'x')));
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      out.push(withValue('extra nested field', { ...(value as object), zz_unexpected: 1 }));
    }
  }
  const firstString = Object.entries(valid).find(([, v]) => typeof v === 'string')?.[0] ?? 'padding';
  out.push(jsonEntry('body over 64 KB', { ...valid, [firstString]: 'x'.repeat(70 * 1024) }));
  return out;
}

/** Content types a JSON endpoint must refuse (415), whatever the body says. */
function wrongContentTypes(valid: unknown): Entry[] {
  const text = JSON.stringify(valid);
  const form = new FormData();
  form.append('payload', text);
  return [
    { label: 'text/plain', init: { contentType: 'text/plain', body: text } },
    { label: 'form post', init: { contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2' } },
    { label: 'multipart', init: { contentType: undefined, body: form } },
    { label: 'no content type', init: { contentType: null, body: new TextEncoder().encode(text) } },
    { label: 'xml', init: { contentType: 'application/xml', body: '<a>1</a>' } },
  ];
}

const JUNK_PARAMS = ['abc', '-1', '0', '1.5', '99999999999999999999', '%00', '%2e%2e%2f%2e%2e%2f', '%F0%9F%98%80', "1'%20or%20'1'%3D'1", 'x'.repeat(300)];

/** The valid path with each parameter in turn replaced by junk. */
function junkPaths(pattern: string, path: string): string[] {
  const p = pattern.split('/');
  const actual = path.split('?')[0]!.split('/');
  const out: string[] = [];
  p.forEach((seg, i) => {
    if (!seg.startsWith(':')) return;
    for (const junk of JUNK_PARAMS) out.push(actual.map((a, j) => (j === i ? junk : a)).join('/'));
  });
  return out;
}

function multipartCorpus(path: string): Entry[] {
  const form = (fields: [string, string | Blob, string?][]) => {
    const f = new FormData();
    for (const [name, value, filename] of fields) {
      if (typeof value === 'string') f.append(name, value);
      else f.append(name, value, filename);
    }
    return { contentType: undefined, body: f };
  };
  const doc = path.endsWith('/attachments');
  const fileField: [string, Blob, string] = doc ? ['file', blob(pdf(), 'application/pdf'), 'a.pdf'] : ['t256x256', blob(png(256, 256), 'image/png'), 'a.png'];
  const goodKind = doc ? 'other' : 'avatar';
  return [
    { label: 'JSON instead of multipart', init: { contentType: 'application/json', body: '{}' } },
    { label: 'text/plain', init: { contentType: 'text/plain', body: 'hello' } },
    { label: 'form post', init: { contentType: 'application/x-www-form-urlencoded', body: 'kind=other' } },
    { label: 'multipart without boundary', init: { contentType: 'multipart/form-data', body: 'junk' } },
    { label: 'multipart with a broken body', init: { contentType: 'multipart/form-data; boundary=zz', body: '--zz\r\nContent-Disposition: form-data; name="kind"\r\n\r\nother' } },
    { label: 'no file', init: form([['kind', goodKind]]) },
    { label: 'no kind', init: form([fileField]) },
    { label: 'unknown kind', init: form([['kind', 'passport'], fileField]) },
    { label: 'huge kind', init: form([['kind', 'x'.repeat(20_000)], fileField]) },
    { label: 'unicode kind', init: form([['kind', UNICODE[2]!], fileField]) },
    { label: 'kind twice', init: form([['kind', goodKind], ['kind', goodKind], fileField]) },
    { label: 'file twice', init: form([['kind', goodKind], fileField, fileField]) },
    { label: 'unknown field', init: form([['kind', goodKind], fileField, ['zz_unexpected', '1']]) },
    { label: 'kind as a file', init: form([['kind', blob(pdf(), 'application/pdf'), 'kind.pdf'], fileField]) },
    { label: 'file as text', init: form([['kind', goodKind], [fileField[0], 'not a file']]) },
    { label: 'HTML named .pdf', init: form([['kind', goodKind], [fileField[0], new Blob(['<script>alert(1)</script>'], { type: 'application/pdf' }), 'x.pdf']]) },
    { label: 'empty file', init: form([['kind', goodKind], [fileField[0], new Blob([]), 'empty.pdf']]) },
    ...(doc ? [] : [{ label: 'wrong pixel size', init: form([['kind', goodKind], ['t256x256', blob(png(255, 256), 'image/png'), 'a.png']]) }]),
    { label: 'file over 10 MB', init: form([['kind', goodKind], [fileField[0], new Blob([pdf(), new Uint8Array(11 * 1024 * 1024)], { type: 'application/pdf' }), 'big.pdf']]) },
  ];
}

// ---- sending ----

function sendRaw(a: Agent, method: string, path: string, init: Entry['init']): Promise<Response> {
  const headers: Record<string, string> = { 'x-real-ip': a.ip, origin: TEST_ORIGIN, ...(a.jar.size ? { cookie: cookieOf(a) } : {}) };
  if (init.contentType) headers['content-type'] = init.contentType;
  // Real clients announce a body's length; Request objects built in-process do not.
  if (typeof init.body === 'string') headers['content-length'] = String(new TextEncoder().encode(init.body).length);
  else if (init.body instanceof Uint8Array) headers['content-length'] = String(init.body.length);
  return w.h.request(path, { method, headers, body: init.body });
}

async function r2Count(): Promise<number> {
  return (await w.h.env.FILES.list()).objects.length;
}

async function fuzz(t: Target) {
  const a = await agentFor(w.s, t.actor, t.party);
  const entries: Entry[] = [];
  if (t.req.multipart) entries.push(...multipartCorpus(t.req.path));
  else {
    const valid = (t.req.body ?? {}) as Record<string, unknown>;
    entries.push(...wrongContentTypes(valid));
    if (t.method !== 'DELETE') entries.push(...invalidBodies(t.route, valid, t.admin));
  }
  const validInit = (): Entry['init'] => {
    if (!t.req.multipart) return { contentType: 'application/json', body: JSON.stringify(t.req.body ?? {}) };
    const form = new FormData();
    for (const [name, value] of Object.entries(t.req.multipart)) {
      if (Array.isArray(value)) form.append(name, value[0], value[1]);
      else form.append(name, value);
    }
    return { contentType: undefined, body: form };
  };
  for (const path of junkPaths(t.pattern, t.req.path)) entries.push({ label: `path ${path.slice(0, 120)}`, init: { body: null }, path });

  const before = await databaseDigest(w.h);
  const filesBefore = await r2Count();
  const problems: string[] = [];
  for (const e of entries) {
    const res = await sendRaw(a, t.method, e.path ?? t.req.path, e.path ? validInit() : e.init);
    const text = await res.text();
    if (res.status < 400 || res.status >= 500) {
      problems.push(`${e.label}: ${res.status} ${text.slice(0, 160)}`);
      continue;
    }
    try {
      expectErrorShape(res.status, JSON.parse(text), e.label);
    } catch (err) {
      problems.push(`${e.label}: ${res.status} not the error shape: ${(err as Error).message.split('\n')[0]} ${text.slice(0, 120)}`);
    }
  }
  const changed = changedTables(before, await databaseDigest(w.h));
  if (changed.length) problems.push(`database changed in ${changed.join(', ')}`);
  if ((await r2Count()) !== filesBefore) problems.push('R2 objects changed');
  expect(({} as Record<string, unknown>).is_su ?? ({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
  return { problems, count: entries.length };
}

/** Unicode in every string field of a valid body: accepted or refused, never a 5xx. */
async function unicode(t: Target) {
  const valid = t.req.body as Record<string, unknown> | undefined;
  if (!valid || t.req.multipart || t.method === 'DELETE') return [];
  const a = await agentFor(w.s, t.actor, t.party);
  const problems: string[] = [];
  for (const [key, value] of Object.entries(valid)) {
    if (typeof value !== 'string') continue;
    for (const u of UNICODE) {
      const res = await send(w.s, a, t.method, { ...t.req, body: { ...valid, [key]: `${value}${u}` } });
      const text = await res.text();
      if (res.status >= 500) problems.push(`${key} + ${JSON.stringify(u)}: ${res.status} ${text.slice(0, 160)}`);
      else if (res.status >= 400) {
        try {
          expectErrorShape(res.status, JSON.parse(text), `${key} unicode`);
        } catch (err) {
          problems.push(`${key} + ${JSON.stringify(u)}: ${(err as Error).message.split('\n')[0]}`);
        }
      }
    }
  }
  return problems;
}

const targets = mutatingRoutes(createApp().routes);

describe('fuzzing every mutating endpoint', () => {
  it('covers every mutating route outside the two external callbacks', () => {
    expect(targets.length).toBeGreaterThan(40);
  });

  for (const { route, method, pattern } of targets) {
    it(`${route} refuses the corpus with 4xx and the error shape, and writes nothing`, async () => {
      const t = await ownerCall(w.s, route, method, pattern);
      const { problems, count } = await fuzz(t);
      expect(count).toBeGreaterThan(4);
      expect(problems).toEqual([]);
      expect(await unicode(t)).toEqual([]);
    });
  }
});

// ---- control characters (issue 15 L3) ----

/** C0 controls (NUL, SOH, backspace, ESC), DEL and C1 controls (NEL, CSI): refused in every text field. */
const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u0085', '\u009b'];
/** Allowed only in multi-line texts (below); a right-to-left override only there too. */
const LAYOUT = ['\n', '\r\n', '\t', '\u202e'];
const CONTROL_MESSAGE = 'This text contains invisible control characters. Please remove them.';
const TEXT_MESSAGES = [CONTROL_MESSAGE, 'Please keep this on one line.'];

/** The multi-line texts of each route ("*" stands for any array index); every other string is one line. */
const MULTILINE: Record<string, readonly string[]> = {
  'PUT /v1/chefs/me': ['profile_bio'],
  'POST /v1/chefs/me/menus': ['description', 'courses.*.description'],
  'PUT /v1/chefs/me/menus/:id': ['description', 'courses.*.description'],
  'POST /v1/bookings': ['kitchen_notes', 'message'],
  'POST /v1/bookings/:id{[0-9]{1,12}}/cancel': ['reason'],
  'POST /v1/bookings/:id{[0-9]{1,12}}/decline': ['reason'],
  'POST /v1/bookings/:id{[0-9]{1,12}}/messages': ['text'],
  'POST /v1/users/me/orders/:id{[0-9]{1,12}}/rate': ['text'],
  'POST /v1/bookings/:id{[0-9]{1,12}}/guest-review': ['text'],
  'POST /v1/bookings/:id{[0-9]{1,12}}/review/reply': ['text'],
  'POST /v1/bookings/:id{[0-9]{1,12}}/complaint': ['text'],
  'PUT /v1/bookings/:id{[0-9]{1,12}}/complaint/answer': ['text'],
  'POST /v1/admin/complaints/:id/decision': ['note'],
  'POST /v1/bookings/:id{[0-9]{1,12}}/allergy-ack': ['text'],
  'POST /v1/admin/chefs/:id/reject': ['reason'],
  'POST /v1/admin/chefs/:id/ban': ['reason'],
  'POST /v1/admin/bookings/:id/cancel': ['reason'],
  'POST /v1/admin/payouts/:id/failed': ['reason'],
};

/** Text fields the matrix's valid bodies leave out (optional ones, and the admin bodies, which are `{}` there). */
const MORE_TEXT: Record<string, Record<string, unknown>> = {
  'PUT /v1/chefs/me': { profile_bio: 'About me', address: 'Bahnhofstrasse 1, 8001 Zürich' },
  'PUT /v1/chefs/me/availability/:day': { note: 'Family visit' },
  'PUT /v1/admin/chefs/:id/tier': { tier: 'pro' },
  'POST /v1/admin/chefs/:id/reject': { reason: 'Please add photos.' },
  'POST /v1/admin/chefs/:id/ban': { reason: 'Fraud.' },
  'POST /v1/admin/locations': { region_id: 1, display_name: 'Zürich' },
  'PUT /v1/admin/locations/:id': { region_id: 1, display_name: 'Zürich' },
  'POST /v1/admin/lists': { kind: 'diet', key: 'raw-food', names: { de: 'Rohkost', 'de-ch': 'Rohkost', en: 'Raw food', fr: 'Crudivore', it: 'Crudista' } },
  'PUT /v1/admin/lists/:id': { names: { de: 'Rohkost', 'de-ch': 'Rohkost', en: 'Raw food', fr: 'Crudivore', it: 'Crudista' } },
  'POST /v1/admin/bookings/:id/cancel': { side: 'customer', reason: 'Support case.' },
  'POST /v1/admin/payouts': { groups: [{ chef_id: 1, currency: 'CHF' }] },
  'POST /v1/admin/payouts/:id/failed': { reason: 'The account is closed.' },
  'POST /v1/admin/complaints/:id/decision': { outcome: 'no_refund', note: 'The dinner was as booked.' },
  'PUT /v1/admin/settings': { launch_mode: 'live' },
};

/** Every string in a body, by path. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function setPath(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = setPath(copy[head!], rest, leaf);
  return copy;
}

/**
 * Each text field of a route's body with each control character inside: a 400 with the field's error, and nothing
 * written. Line breaks, tabs and a bidi override are refused the same way in one-line fields and accepted in
 * multi-line ones. Every probe also carries an unknown field, so none of them is a valid request: the call never
 * writes, and the probes of a multi-line field show only that the field itself raised no error.
 */
async function controlProbes(t: Target) {
  const valid = { ...((t.req.body ?? {}) as Record<string, unknown>), ...MORE_TEXT[t.route] };
  const a = await agentFor(w.s, t.actor, t.party);
  const multi = new Set(MULTILINE[t.route] ?? []);
  const problems: string[] = [];
  const before = await databaseDigest(w.h);
  const paths = stringPaths(valid);
  for (const path of paths) {
    const field = path.join('.');
    const isMulti = multi.has(path.map((p) => (typeof p === 'number' ? '*' : p)).join('.'));
    const original = String(path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], valid));
    for (const ch of [...CONTROLS, ...LAYOUT]) {
      const refused = CONTROLS.includes(ch) || !isMulti;
      const body = { ...(setPath(valid, path, `${original.slice(0, 2)}${ch}${original.slice(2)}`) as object), zz_probe: 1 };
      const res = await send(w.s, a, t.method, { ...t.req, body });
      const json = (await res.json()) as { errors?: Record<string, string[]> };
      const own = (json.errors?.[field] ?? []).filter((m) => TEXT_MESSAGES.includes(m));
      if (res.status !== 400) problems.push(`${field} + ${JSON.stringify(ch)}: ${res.status}`);
      else if (refused && own.length === 0) problems.push(`${field} + ${JSON.stringify(ch)}: no text error (${JSON.stringify(json.errors?.[field])})`);
      else if (!refused && own.length > 0) problems.push(`${field} + ${JSON.stringify(ch)}: refused in a multi-line text`);
    }
  }
  const changed = changedTables(before, await databaseDigest(w.h));
  if (changed.length) problems.push(`database changed in ${changed.join(', ')}`);
  return { problems, fields: paths.length };
}

/** The free-text parameters of the GET routes (each goes into a LIKE or full-text search). */
const TEXT_QUERIES: Record<string, readonly string[]> = {
  'GET /v1/admin/users': ['q'],
  'GET /v1/admin/chefs': ['q'],
  'GET /v1/admin/bookings': ['q'],
  'GET /v1/admin/outbox': ['recipient'],
  'GET /v1/admin/audit': ['action', 'target_type', 'target_id', 'actor'],
  'GET /v1/menus/near/:regionId': ['search'],
  'GET /v1/locations/regions': ['text'],
};
/** Every query parameter name the API reads somewhere; each GET route gets each of them with a NUL inside. */
const QUERY_NAMES = [
  ...new Set([
    ...Object.values(TEXT_QUERIES).flat(),
    ...['page', 'page_size', 'order', 'order_dir', 'count', 'resolve', 'stacks', 'locale', 'currency', 'scope', 'status'],
    ...['kind', 'state', 'role', 'tier', 'channel', 'side', 'batch', 'from', 'to', 'date', 'guests', 'cuisines', 'diets'],
    ...['allergies_exclude', 'at_chefs_place', 'version', 'geojson', 'lat', 'lon', 'token'],
  ]),
];

const getTargets = appRoutes(createApp().routes)
  .filter((r) => r.method === 'GET')
  .map((r) => ({ route: `GET ${r.path}`, pattern: r.path }));

describe('control characters in every text field', () => {
  for (const { route, method, pattern } of targets) {
    it(`${route} refuses NUL and other C0/C1 controls in each of its texts with a field error`, async () => {
      const t = await ownerCall(w.s, route, method, pattern);
      if (t.req.multipart) {
        // The one text of an upload is its kind.
        const a = await agentFor(w.s, t.actor, t.party);
        const form = { ...t.req.multipart, kind: `${t.req.multipart.kind as string}\u0000` };
        const res = await send(w.s, a, t.method, { ...t.req, multipart: form });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { errors: Record<string, string[]> }).errors.kind).toContain(CONTROL_MESSAGE);
        return;
      }
      const { problems } = await controlProbes(t);
      expect(problems).toEqual([]);
    });
  }

  for (const { route, pattern } of getTargets) {
    it(`${route} answers a NUL in any query parameter with 4xx and the error shape, never a 5xx`, async () => {
      const t = await ownerCall(w.s, route, 'GET', pattern);
      const a = await agentFor(w.s, t.actor, t.party);
      const problems: string[] = [];
      for (const name of QUERY_NAMES) {
        const url = new URL(t.req.path, TEST_ORIGIN);
        url.searchParams.set(name, 'a\u0000b');
        const res = await send(w.s, a, 'GET', { ...t.req, path: `${url.pathname}${url.search}` });
        const text = await res.text();
        if (res.status >= 500) problems.push(`${name}: ${res.status} ${text.slice(0, 120)}`);
        else if (res.status >= 400 && res.headers.get('content-type')?.includes('json')) {
          try {
            expectErrorShape(res.status, JSON.parse(text), name);
          } catch (err) {
            problems.push(`${name}: ${(err as Error).message.split('\n')[0]}`);
          }
        }
        if (TEXT_QUERIES[route]?.includes(name)) {
          const errors = res.status === 400 ? (JSON.parse(text) as { errors?: Record<string, string[]> }).errors : undefined;
          if (!errors?.[name]?.includes(CONTROL_MESSAGE)) problems.push(`${name}: ${res.status}, expected the field error`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('external callbacks', () => {
  it('Apple’s form-post callback only ever redirects to the client route, whatever it is sent', async () => {
    const a = await agentFor(w.s, 'visitor');
    const before = await databaseDigest(w.h);
    const bodies: Entry['init'][] = [
      { contentType: 'application/x-www-form-urlencoded', body: `code=${'x'.repeat(5000)}&state=%00&user=${encodeURIComponent('{"__proto__":{"a":1}}')}&error=<script>` },
      { contentType: 'application/x-www-form-urlencoded', body: 'code=javascript:alert(1)&redirect=https://evil.example' },
      { contentType: 'application/json', body: '{"code": [1,2]}' },
      { contentType: 'text/plain', body: 'junk' },
      { contentType: 'multipart/form-data; boundary=zz', body: 'junk' },
      { contentType: null, body: new Uint8Array([0, 1, 2]) },
    ];
    for (const init of bodies) {
      const res = await sendRaw(a, 'POST', '/v1/auth/oauth/apple/callback', init);
      expect(res.status, JSON.stringify(init.contentType)).toBeLessThan(500);
      if (res.status === 303) expect(res.headers.get('location')).toMatch(/^\/auth\/external\?provider=apple(&|$)/);
      else expectErrorShape(res.status, await res.json(), `apple callback ${init.contentType}`);
    }
    expect(changedTables(before, await databaseDigest(w.h))).toEqual([]);
  });

  it('the Stripe webhook refuses unsigned and badly signed events, and never fails on signed junk', async () => {
    const secret = 'whsec_security_suite';
    const stripe = await createHarness({ STRIPE_SECRET_KEY: 'sk_test_security', STRIPE_WEBHOOK_SECRET: secret, PUBLIC_URL: TEST_ORIGIN });
    // Stripe is a third party: its API is not reachable from the tests.
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { message: 'offline' } }), { status: 503 }));
    try {
      const before = await databaseDigest(stripe);
      const post = (body: string, signature?: string) =>
        stripe.request('/v1/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body });
      const now = Math.floor(stripe.clock.now().getTime() / 1000);
      const event = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_unknown', payment_status: 'paid' } } });
      for (const [label, res] of [
        ['no signature', await post(event)],
        ['junk signature', await post(event, 'junk')],
        ['wrong secret', await post(event, await signStripePayload(event, 'whsec_other', now))],
        ['stale timestamp', await post(event, await signStripePayload(event, secret, now - 3600))],
        ['signature of another body', await post(`${event} `, await signStripePayload(event, secret, now))],
      ] as const) {
        expect(res.status, label).toBe(400);
        expectErrorShape(res.status, await res.json(), label);
      }
      expect(changedTables(before, await databaseDigest(stripe))).toEqual([]);

      const signedJunk = [
        '[]',
        '"x"',
        '{}',
        '{"id": 1, "type": 2, "data": {"object": 3}}',
        '{"id": "evt_2", "type": "checkout.session.completed", "data": {"object": {"id": {"nested": true}, "metadata": [1]}}}',
        '{"id": "evt_3", "type": "charge.refunded", "data": {"object": {"payment_intent": ["x"], "amount_refunded": "lots"}}}',
        `{"id": "evt_4", "type": "checkout.session.expired", "data": {"object": {"id": "${'x'.repeat(5000)}"}}}`,
        '{"id": "evt_5", "type": "\u202e\u0000", "data": {"object": {}}}',
      ];
      for (const body of signedJunk) {
        const res = await post(body, await signStripePayload(body, secret, now));
        expect(res.status, body.slice(0, 80)).toBeLessThan(500);
      }
    } finally {
      vi.unstubAllGlobals();
      await stripe.close();
    }
  });
});
