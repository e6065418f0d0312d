// Menus near me at the edge (functions/_api/modules/seo/near-page.edge.ts): the prerendered loading page gets the
// pictures of the first menus the client will list for this URL and the visitor's booking settings (their cookie),
// in the API's order, and stays a working plain page whenever the edge cannot tell.
import { beforeAll, describe, expect, it } from 'vitest';
import { nearMePage } from '../../functions/_api/modules/seo/near-page.edge';
import { MENU_SKELETONS_FILE, prerenderedFile } from '../../functions/_api/modules/seo/prerender';
import { NEAR_PAGE_QUERY, nearSettingsCookieValue } from '#shared/near-page';
import { useHarness } from '../support/use-harness';
import { createChef, createImage, createMenu } from '../support/fixtures';
import { blockDay, createRegion, serveRegion } from '../support/discovery-fixtures';
import { ok, visitorClient, type QueryOf, type TypedClient } from '../support/typed-client';

const PLAIN = '<div class="card">loading</div>';
const PICTURE = '<div class="card"><img src="{{t512_2x1}}" data-square="{{t512_1x1}}" data-wide="{{t1024_2x1}}" fetchpriority="{{priority}}"></div>';
const page = (locale: string) => `<html lang="${locale}"><ul>${`<li>${PLAIN}</li>`.repeat(10)}</ul></html>`;
const files: Record<string, string> = {
  'index.html': 'plain shell',
  [prerenderedFile('nearme', 'en')]: page('en'),
  [prerenderedFile('nearme', 'fr')]: page('fr'),
  [MENU_SKELETONS_FILE]: JSON.stringify({ plain: PLAIN, picture: PICTURE }),
};

const h = useHarness();
let region: number;
let chefA: number;
const M: Record<string, { id: number; image: string | null }> = {};

beforeAll(async () => {
  region = (await createRegion(h.db, { name: 'Pictureville', zips: ['7101'] })).id;
  const a = await createChef(h.db);
  const b = await createChef(h.db);
  chefA = a.chef.id;
  await serveRegion(h.db, a.chef.id, region);
  await serveRegion(h.db, b.chef.id, region);
  const menu = async (key: string, chefId: number, over: Parameters<typeof createMenu>[2], picture = true) => {
    const image = picture ? await createImage(h.db, { t512_1x1: `m/${key}/sq`, t512_2x1: `m/${key}/w`, t1024_2x1: `m/${key}/w2` }) : null;
    const m = await createMenu(h.db, chefId, { name: key, imageId: image?.id ?? null, ...over });
    M[key] = { id: m.id, image: image ? `/v1/images/${image.id}/` : null };
  };
  // Best rated first, as the API lists them.
  await menu('first', chefA, { reviewAvg: 5, minGuests: 2, maxGuests: 10 });
  await menu('bigGroups', b.chef.id, { reviewAvg: 4.9, minGuests: 6, maxGuests: 20 });
  await menu('atChef', b.chef.id, { reviewAvg: 4.8, atCustomer: false, atChef: true });
  await menu('second', b.chef.id, { reviewAvg: 4.7 });
  await menu('third', b.chef.id, { reviewAvg: 4.6 });
  await menu('noPicture', b.chef.id, { reviewAvg: 4.5 }, false);
  await menu('afterGap', b.chef.id, { reviewAvg: 4.4 });
});

const read = async (file: string) => files[file] ?? null;
const get = (path: string, headers: Record<string, string> = {}) =>
  nearMePage(new Request(`https://www.example.ch${path}`, { headers }), h.env, { db: () => h.db, clock: h.clock, quietLogs: true }, read);

/** The menus whose pictures the page shows, in order. */
async function pictured(path: string, headers: Record<string, string> = {}) {
  const res = await get(path, headers);
  expect(res.status).toBe(200);
  const html = await res.text();
  const ids = [...html.matchAll(/src="\/v1\/images\/(\d+)\/t512_2x1"/g)].map((m) => `/v1/images/${m[1]}/`);
  expect(html.split(PLAIN).length - 1 + ids.length).toBe(10); // swapped cards, not added ones
  return ids.map((src) => Object.keys(M).find((k) => M[k]!.image === src));
}

/** What the client's first request for the same settings lists first (web/src/features/discovery/filters.ts). */
async function clientFirstMenus(query: QueryOf<TypedClient['menus']['near'][':regionId']['$get']>) {
  const res = await ok(visitorClient(h).menus.near[':regionId'].$get({ param: { regionId: String(region) }, query: { ...NEAR_PAGE_QUERY, page: 0, count: 1, ...query } }));
  return res.body.data.map((m) => m.name);
}

describe('menus near me at the edge', () => {
  it("paints the pictures of the client's first menus for a new visitor, up to the first menu without one", async () => {
    const res = await get(`/menus/nearme/${region}`);
    expect(res.headers.get('vary')).toBe('Accept-Language, Cookie');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const names = await pictured(`/menus/nearme/${region}`);
    expect(names).toEqual(['first', 'second', 'third']);
    expect((await clientFirstMenus({ guests: 2, at_chefs_place: 0 })).slice(0, 4)).toEqual([...names, 'noPicture']);
    const html = await (await get(`/menus/nearme/${region}`)).text();
    expect(html).toContain(`<img src="${M.first!.image}t512_2x1" data-square="${M.first!.image}t512_1x1" data-wide="${M.first!.image}t1024_2x1" fetchpriority="high">`);
    // The first picture is the page's largest paint: it alone is asked for at high priority.
    expect([...html.matchAll(/fetchpriority="(\w+)"/g)].map((m) => m[1])).toEqual(['high', 'low', 'low']);
  });

  it("follows the booking settings in the visitor's cookie, and the page's own place over the stored one", async () => {
    const eight = { Cookie: `consent=1; near=${nearSettingsCookieValue({ guests: 8, at_chefs_place: false })}` };
    expect(await pictured(`/menus/nearme/${region}`, eight)).toEqual(['first', 'bigGroups', 'second', 'third']);
    expect(await pictured(`/menus/nearme/${region}?at_chefs_place=1`, eight)).toEqual(['atChef']); // the only menu offered there
    const atChef = { Cookie: `near=${nearSettingsCookieValue({ guests: 2, at_chefs_place: true })}` };
    expect((await pictured(`/menus/nearme/${region}`, atChef))[0]).toBe('atChef');
    expect((await pictured(`/menus/nearme/${region}?at_chefs_place=0`, atChef))[0]).toBe('first');
  });

  it('leaves out a chef who is busy on the stored day, and ignores a day that can no longer be booked', async () => {
    const day = '2026-06-20'; // the harness clock stands at 2026-06-01
    await blockDay(h.db, chefA, day);
    const onDay = { Cookie: `near=${nearSettingsCookieValue({ date: day, guests: 2, at_chefs_place: false })}` };
    expect(await pictured(`/menus/nearme/${region}`, onDay)).toEqual(['second', 'third']);
    const past = { Cookie: `near=${nearSettingsCookieValue({ date: '2026-05-01', guests: 2, at_chefs_place: false })}` };
    expect(await pictured(`/menus/nearme/${region}`, past)).toEqual(['first', 'second', 'third']);
  });

  it('applies the filters in the URL, and paints nothing for ones the API refuses', async () => {
    expect(await pictured(`/menus/nearme/${region}?search=third`)).toEqual(['third']);
    expect(await pictured(`/menus/nearme/${region}?search=${'x'.repeat(101)}`)).toEqual([]);
    expect(await pictured(`/menus/nearme/${region}?cuisines=${encodeURIComponent('<b>')}`)).toEqual([]);
  });

  it('serves the plain loading page in the visitor language for an unknown region or a malformed cookie', async () => {
    expect(await pictured('/menus/nearme/999999999')).toEqual([]);
    expect(await pictured('/menus/nearme/abc')).toEqual([]);
    expect(await pictured(`/menus/nearme/${region}`, { Cookie: 'near=garbage' })).toEqual(['first', 'second', 'third']);
    const fr = await get('/menus/nearme/999999999', { 'Accept-Language': 'fr' });
    expect(await fr.text()).toBe(page('fr'));
    // A locale without a prerendered page (the Vite dev server) gets the plain index.html.
    expect(await (await get(`/menus/nearme/${region}?locale=it`)).text()).toBe('plain shell');
  });
});
