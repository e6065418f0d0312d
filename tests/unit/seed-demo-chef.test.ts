// The demo chef edits the seeded demo data in the app: each seeded menu's picture is the chef's own upload, so a seeded
// menu saves with its picture unchanged. Node only: the seed reads the GeoNames package from disk, which workerd cannot
// (the rule itself is tested in both runtimes in tests/api/chef-menus.test.ts).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chefs } from '../../functions/_api/db/schema/chefs';
import { images } from '../../functions/_api/db/schema/files';
import { menus } from '../../functions/_api/db/schema/menus';
import type { Files } from '../../functions/_api/platform/files';
import { DEMO_PASSWORD, seedDatabase } from '../../scripts/seed/index';
import { agent, type Agent } from '../support/agent';
import type { MenuInput } from '../support/chef-fixtures';
import { useHarness } from '../support/use-harness';
import { ok, on, typedClient } from '../support/typed-client';

const h = useHarness();
/** Object storage that keeps nothing: the test reads rows, not picture bytes. */
const noFiles: Files = { put: async () => {}, get: async () => null, delete: async () => {} };
let chef: Agent;

beforeAll(async () => {
  await seedDatabase(h.db, { files: noFiles, demo: true, regions: 'sample' });
  chef = agent(h);
  expect((await chef.post('/v1/auth/signin', { identifier: 'chef@example.com', secret: DEMO_PASSWORD })).status).toBe(200);
}, 120_000);

const menusOf = (a: Agent) => typedClient(a).chefs.me.menus;
/** The menu as the chef's editor sends it back: the same fields, with the given changes. */
async function resend(menuId: number, over: { name?: string } = {}) {
  const { body } = await ok(menusOf(chef)[':id'].$get(on(menuId)));
  const m = body.data;
  return menusOf(chef)[':id'].$put({
    ...on(menuId),
    json: {
      name: over.name ?? m.name,
      description: m.description,
      image_id: m.image_id,
      min_guests: m.min_guests,
      max_guests: m.max_guests,
      price_per_person: m.price_per_person,
      currency: m.currency as MenuInput['currency'],
      at_customer: m.at_customer,
      at_chef: m.at_chef,
      booking_mode: m.booking_mode,
      cuisines: m.cuisines,
      diets: m.diets,
      courses: m.courses.map((c) => ({ course_type: c.course_type as MenuInput['courses'][number]['course_type'], name: c.name, description: c.description, allergens: c.allergens })),
      price_tiers: m.price_tiers,
    },
  });
}

describe('the demo chef edits a seeded menu', () => {
  it('saves a seeded menu with its picture unchanged, and the picture is the chef’s own', async () => {
    const { body: list } = await ok(menusOf(chef).$get());
    const seeded = list.data.find((m) => m.image_id != null && m.status === 'published')!;
    expect(seeded).toBeDefined();
    const res = await ok(resend(seeded.id, { name: 'Seasonal tasting, revised' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: seeded.id, name: 'Seasonal tasting, revised', image_id: seeded.image_id, status: 'published' });
    const [row] = await h.db.select({ name: menus.name, imageId: menus.imageId, owner: images.ownerUserId, chefUser: chefs.userId }).from(menus)
      .innerJoin(images, eq(images.id, menus.imageId)).innerJoin(chefs, eq(chefs.id, menus.chefId)).where(eq(menus.id, seeded.id));
    expect(row).toMatchObject({ name: 'Seasonal tasting, revised', imageId: seeded.image_id });
    expect(row!.owner).toBe(row!.chefUser);
  });

});
