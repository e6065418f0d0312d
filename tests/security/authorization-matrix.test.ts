// Issue 8: every /v1 route for a visitor, customer A, customer B, chef A, chef B and a super-user, against objects
// owned by A (the table is MATRIX in matrix.ts). Each cell must answer its expected status; no cell but A's may
// carry A's private data (the markers in support.ts) or change anything of A's in the database; every refusal has
// the error shape. Routes come from the app's own route table, so a new route without a row fails here.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/_api/app';
import { ADMIN_PREFIX, adminExpect, adminPath, appRoutes, BARRED_MATRIX, changesAFor, expectOf, leakOkFor, MATRIX, methodOf, send, type Row } from './matrix';
import { as } from '../support/booking-fixtures';
import { ACTORS, aStateDigest, agentFor, changedTables, expectErrorShape, freshParty, leaks, MARK, OWNERS, type Actor, useWorld } from './support';

const w = useWorld();

const routes = appRoutes(createApp().routes);
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

async function readBody(res: Response): Promise<{ text: string; json: unknown }> {
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return { text, json: undefined };
  return { text, json: JSON.parse(text) };
}

/** Sends one cell and returns what is wrong with it (nothing when the cell holds). */
async function runCell(row: Row, who: Actor): Promise<string[]> {
  const ids = row.fresh ? { ...w.s.ids, ...(await row.fresh(w.s)) } : w.s.ids;
  const party = row.freshActors && who !== 'visitor' ? await freshParty(w.h, who) : undefined;
  const a = await agentFor(w.s, who, party);
  const guardA = !OWNERS.includes(who) && !changesAFor(row, who);
  const before = guardA ? await aStateDigest(w.s) : null;
  const res = await send(w.s, a, methodOf(row), row.req(ids, w.s, who));
  const { text, json } = await readBody(res);
  const problems: string[] = [];
  const expected = expectOf(row, who);
  if (res.status !== expected) problems.push(`${who}: expected ${expected}, got ${res.status} ${text.slice(0, 200)}`);
  if (res.status >= 400) {
    try {
      expectErrorShape(res.status, json, `${row.route} as ${who}`);
    } catch (err) {
      problems.push(`${who}: error shape: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  if (!OWNERS.includes(who) && !leakOkFor(row, who)) {
    const found = leaks(text);
    if (found.length) problems.push(`${who}: leaked ${found.join(', ')}`);
  }
  if (before) {
    const changed = changedTables(before, await aStateDigest(w.s));
    if (changed.length) problems.push(`${who}: changed A's data in ${changed.join(', ')}`);
  }
  return problems;
}

describe('authorization matrix', () => {
  it('has a row for every route of the app, and no row for a route that does not exist', () => {
    const covered = new Set(MATRIX.map((r) => r.route));
    const missing = routes.filter((r) => !r.path.startsWith(ADMIN_PREFIX) && !covered.has(key(r))).map(key);
    expect(missing, 'routes without a row in tests/security/matrix.ts').toEqual([]);
    const known = new Set(routes.map(key));
    expect(MATRIX.map((r) => r.route).filter((r) => !known.has(r)), 'rows for routes the app does not have').toEqual([]);
    expect(routes.length).toBeGreaterThan(70);
  });

  it('can see a leak and a write: A’s own reads carry every marker, and A’s own write changes A’s data', async () => {
    const custA = await agentFor(w.s, 'custA');
    const chefA = await agentFor(w.s, 'chefA');
    const seen = new Set<string>();
    for (const res of [
      await custA.get('/v1/auth/session/user'),
      await custA.get(`/v1/bookings/${w.s.ids.bookingA}`),
      await custA.get(`/v1/bookings/${w.s.ids.bookingA}/messages`),
      await custA.get('/v1/users/me/attachments'),
      await custA.get('/v1/users/me/sessions'),
      await chefA.get('/v1/auth/session/user'),
      await chefA.get('/v1/chefs/me'),
      await chefA.get('/v1/chefs/me/payout-details'),
      await chefA.get(`/v1/chefs/me/menus/${w.s.ids.draftA}`),
      await chefA.get(`/v1/chefs/me/availability?from=${w.s.ids.dayA}&to=${w.s.ids.dayA}`),
    ]) {
      for (const m of leaks(await res.text())) seen.add(m);
    }
    expect([...seen].sort()).toEqual(Object.values(MARK).sort());

    const before = await aStateDigest(w.s);
    expect((await chefA.put('/v1/chefs/me', { display_location: 'Bern, BE' })).status).toBe(200);
    expect(changedTables(before, await aStateDigest(w.s))).toEqual(['chefs']);
  });

  for (const row of MATRIX) {
    it(`${row.route} → ${ACTORS.map((who) => `${who} ${expectOf(row, who)}`).join(', ')}`, async () => {
      const problems: string[] = [];
      for (const who of ACTORS) problems.push(...(await runCell(row, who)));
      expect(problems).toEqual([]);
    });
  }
});

describe('the banned and the disabled chef’s own bookings', () => {
  for (const row of BARRED_MATRIX) {
    it(`${row.label}: ${row.method} ${row.status}${row.code ? ` ${row.code}` : ''}`, async () => {
      const res = await send(w.s, await as(w.h, row.who(w.s)), row.method, row.req(w.s));
      const { text, json } = await readBody(res);
      expect(res.status, text.slice(0, 300)).toBe(row.status);
      if (res.status >= 400) expectErrorShape(res.status, json, row.label);
      if (row.code) expect((json as { code: string }).code).toBe(row.code);
    });
  }
});

describe('admin routes', () => {
  const admin = routes.filter((r) => r.path.startsWith(ADMIN_PREFIX));

  it('answer 401 to a visitor, 403 to customers and chefs, and let the super-user past the door', async () => {
    const problems: string[] = [];
    for (const r of admin) {
      const path = adminPath(r.path);
      for (const who of ACTORS) {
        const a = await agentFor(w.s, who);
        const res = await send(w.s, a, r.method, { path, body: {} });
        const { text, json } = await readBody(res);
        if (who === 'su') {
          if (res.status === 401 || res.status === 403 || res.status >= 500) problems.push(`${r.method} ${path} su: ${res.status} ${text.slice(0, 200)}`);
          continue;
        }
        if (res.status !== adminExpect[who]) problems.push(`${r.method} ${path} ${who}: expected ${adminExpect[who]}, got ${res.status}`);
        else expectErrorShape(res.status, json, `${r.method} ${path} as ${who}`);
        if (leaks(text).length) problems.push(`${r.method} ${path} ${who}: leaked ${leaks(text).join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
