// Database round trips per request, counted at the libSQL driver (each execute or batch is one network round trip to
// Turso): one for menus near and a menu's availability whether their answer is cached or not, at most two for the
// session and the chef profile, whatever state the request meets.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { availabilityBlocks } from '../../functions/_api/db/schema/chefs';
import { menus } from '../../functions/_api/db/schema/menus';
import { MENU_SKELETONS_FILE } from '../../functions/_api/modules/seo/prerender';
import { nearMePage } from '../../functions/_api/modules/seo/near-page.edge';
import { NEAR_ME_QUERY, type Role } from '../../scripts/bench/hot-requests';
import { nearApiPath, parseFilters } from '../../web/src/features/discovery/filters';
import { useHotRequestDb } from './support';
import { MINUTE } from '#shared/time';

const db = useHotRequestDb();

async function trips(path: string, role: Role = 'visitor') {
  const cookie = db.cookies[role];
  const { result, calls } = await db.recorder.during(() => db.h.request(path, { headers: cookie ? { cookie } : {} }));
  expect(result.status, path).toBe(200);
  return calls.map((c) => c.method);
}

describe('session', () => {
  it('reads the signed-in user and the settings in one batch', async () => {
    expect(await trips('/v1/auth/session/user', 'customer')).toEqual(['batch']);
  });

  it('takes a second round trip only to note activity after five idle minutes', async () => {
    db.h.clock.advance(6 * MINUTE);
    expect(await trips('/v1/auth/session/user', 'customer')).toEqual(['batch', 'execute']);
    expect(await trips('/v1/auth/session/user', 'customer')).toEqual(['batch']);
  });

  it('answers a visitor with one read', async () => {
    expect(await trips('/v1/auth/session/user')).toEqual(['execute']);
  });
});

describe('menus near', () => {
  const near = () => `/v1/menus/near/${db.ids.regionId}?${NEAR_ME_QUERY}&search=menu`;

  it('builds a new answer in one statement', async () => {
    expect(await trips(near())).toEqual(['execute']);
  });

  it('serves a cached answer in one statement', async () => {
    expect(await trips(near())).toEqual(['execute']);
  });

  it('rebuilds an answer whose data changed in the same one', async () => {
    await db.h.db.update(menus).set({ description: 'Changed' }).where(eq(menus.id, db.ids.menuId));
    expect(await trips(near())).toEqual(['execute']);
  });

  it("answers the client's first call (with the seed's version) from the answer the edge built for its pictures", async () => {
    const files: Record<string, string> = { [MENU_SKELETONS_FILE]: JSON.stringify({ plain: '<i></i>', picture: '<i></i>' }) };
    const edge = await db.recorder.during(() =>
      nearMePage(new Request(`http://localhost/menus/nearme/${db.ids.regionId}`), db.h.env, { db: () => db.h.db, clock: db.h.clock, quietLogs: true }, async (f) => files[f] ?? '<html></html>'),
    );
    expect(edge.calls.map((c) => c.method)).toEqual(['execute']);
    const path = nearApiPath(String(db.ids.regionId), parseFilters(''), { date: null, expected_guests: 2, at_chefs_place: false }, 0, db.h.clock.now());
    expect(new URL(path, 'http://localhost').searchParams.get('version')).toBe('1');
    // One statement, which carries the versions of a body this process holds for the same key: the cached one.
    const { result, calls } = await db.recorder.during(() => db.h.request(path));
    expect(result.status).toBe(200);
    expect(calls.map((c) => c.method)).toEqual(['execute']);
    expect(calls[0]!.statements[0]!.sql).toContain('from data_versions where name');
  });
});

describe('menu availability', () => {
  const availability = () => `/v1/menus/${db.ids.menuId}/availability`;

  it('builds a new answer in one batch', async () => {
    expect(await trips(availability())).toEqual(['batch']);
  });

  it('serves a cached answer with its live checkout holds in one batch', async () => {
    expect(await trips(availability())).toEqual(['batch']);
  });

  it('rebuilds an answer whose days changed in the same one', async () => {
    await db.h.db.insert(availabilityBlocks).values({ chefId: db.ids.chefId, day: '2099-01-01', createdAt: db.h.clock.now() });
    expect(await trips(availability())).toEqual(['batch']);
  });
});

describe('chef profile', () => {
  it('reads the chef, the user and the avatar in one statement', async () => {
    expect(await trips(`/v1/chefs/${db.ids.chefUri}?resolve=user_public,user_public.avatar`)).toEqual(['execute']);
  });

  it('reads the chef for a signed-in visitor in two at most', async () => {
    expect((await trips(`/v1/chefs/${db.ids.chefUri}?resolve=user_public,user_public.avatar`, 'customer')).length).toBeLessThanOrEqual(2);
  });
});
