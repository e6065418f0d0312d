// GET /v1/menus/featured and GET /v1/images/{id}/{stack}: only bookable menus, converted prices, image bytes.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChefStatus } from '../../functions/_api/db/schema/chefs';
import { images } from '../../functions/_api/db/schema/files';
import { useHarness } from '../support/use-harness';
import { createChef, createImage, createMenu } from '../support/fixtures';
import { ok, refused, visitorClient } from '../support/typed-client';

const h = useHarness();

const featured = (headers?: Record<string, string>) => ok(visitorClient(h).menus.featured.$get(undefined, { headers }));
type Card = Awaited<ReturnType<typeof featured>>['body']['data'][number];

describe('featured menus', () => {
  it('lists only published menus of Active chefs, with chef and image resolved', async () => {
    const { chef, user } = await createChef(h.db);
    const { chef: paused } = await createChef(h.db, { status: ChefStatus.Paused });
    const img = await createImage(h.db, { t512_1x1: 'img/a', t512_2x1: 'img/b', t1024_2x1: 'img/c' });
    const visible = await createMenu(h.db, chef.id, { name: 'Alpine Tasting', imageId: img.id, reviewAvg: 4.9, reviewCount: 3 });
    await createMenu(h.db, chef.id, { name: 'Draft Menu', status: 'draft' });
    await createMenu(h.db, paused.id, { name: 'Paused Chef Menu' });

    const res = await featured();
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data.map((m) => m.name)).toEqual(['Alpine Tasting']);
    expect(data[0]!.id).toBe(visible.id);
    expect(data[0]!.chef?.data?.uri).toBe(chef.uri);
    expect(data[0]!.chef?.data?.firstname).toBe(user.firstname);
    expect(data[0]!.image!.data.url.t512_1x1).toBe(`/v1/images/${img.id}/t512_1x1`);
  });

  it('converts the price into the requested currency and locale', async () => {
    const chf = (await featured({ 'x-currency': 'CHF', 'x-locale': 'de-ch' })).body;
    // Raw on purpose: the currency and locale query parameters are read by request-prefs for every route, not by this
    // route's validator, so the route's type has no query to send them in.
    const eur = (await (await h.request('/v1/menus/featured?currency=EUR&locale=en')).json()) as { data: Card[] };
    expect(chf.data[0]!.effective_per_person_cost_lc_formatted).toMatch(/^CHF\s?95$/);
    // 95.00 CHF × 1.07 = 101.65 EUR, shown rounded like a price
    expect(eur.data[0]!.effective_per_person_cost_lc_formatted).toBe('€102');
  });
});

describe('images', () => {
  it('serves image bytes with cache headers, and nothing once the image is hidden', async () => {
    const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    await h.env.FILES.put('img/served', bytes, { httpMetadata: { contentType: 'image/png' } });
    const img = await createImage(h.db, { t512_1x1: 'img/served' });

    // Raw on purpose: the answer is the picture's bytes, not JSON.
    const res = await h.request(`/v1/images/${img.id}/t512_1x1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('max-age=');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);

    const image = (stack: string) => refused(visitorClient(h).images[':id'][':stack'].$get({ param: { id: String(img.id), stack } }));
    expect((await image('t1024_2x1')).status).toBe(404);
    await h.db.update(images).set({ status: 'hidden' }).where(eq(images.id, img.id));
    expect((await image('t512_1x1')).status).toBe(404);
  });
});
