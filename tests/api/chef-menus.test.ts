// The chef's own menus: validation with field errors, tags from the courses' allergens, the publishing rules,
// another chef's menus reading as 404, and deleting a menu that has bookings.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChefStatus } from '../../functions/_api/db/schema/chefs';
import { images } from '../../functions/_api/db/schema/files';
import { listItems } from '../../functions/_api/db/schema/lists';
import { menuCourses, menuPriceTiers, menus, menuTags } from '../../functions/_api/db/schema/menus';
import { useHarness } from '../support/use-harness';
import { agent, signedUp, type Agent } from '../support/agent';
import { activeChef, approveImage, createBooking, menuInput, seedLists, setChefStatus, startedChef, uploadAvatar, uploadMenuImage, userByEmail } from '../support/chef-fixtures';

const h = useHarness();
beforeAll(async () => {
  await seedLists(h.db);
});

type Menu = { id: number; status: string; courses: { id: number; name: string; allergens: string[] }[]; allergens: string[]; cuisines: string[]; diets: string[]; publish_missing: string[]; price_tiers: unknown[] };

async function create(a: Agent, over: Record<string, unknown> = {}) {
  const res = await a.json<{ data: Menu; errors?: Record<string, string[]> }>(a.post('/v1/chefs/me/menus', menuInput(over)));
  return res;
}

const tagKeys = async (menuId: number) =>
  (await h.db.select({ key: listItems.key }).from(menuTags).innerJoin(listItems, eq(listItems.id, menuTags.itemId)).where(eq(menuTags.menuId, menuId))).map((r) => r.key).sort();

describe('saving a menu', () => {
  it('creates a draft with courses, tiers and tags; the allergen tags are the union of the courses’ allergens', async () => {
    const { agent: a } = await startedChef(h);
    const res = await create(a);
    expect(res.status).toBe(201);
    const menu = res.body.data;
    expect(menu).toMatchObject({ status: 'draft', cuisines: ['swiss'], diets: ['vegetarian'], price_tiers: [{ min_guests: 6, price_per_person: 8900 }, { min_guests: 10, price_per_person: 8500 }] });
    expect(menu.courses.map((c) => c.name)).toEqual(['Pumpkin soup', 'Älplermagronen', 'Vermicelles']);
    expect([...menu.allergens].sort()).toEqual(['gluten', 'milk', 'nuts']);
    expect(await tagKeys(menu.id)).toEqual(['gluten', 'milk', 'nuts', 'swiss', 'vegetarian']);
  });

  it('replaces courses, tiers and tags on save', async () => {
    const { agent: a } = await startedChef(h);
    const { body } = await create(a);
    const id = body.data.id;
    const res = await a.json<{ data: Menu }>(
      a.put(`/v1/chefs/me/menus/${id}`, menuInput({ price_tiers: [], cuisines: ['italian'], diets: [], courses: [{ course_type: 'main', name: 'Risotto', allergens: ['milk', 'eggs'] }] })),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.courses.map((c) => c.name)).toEqual(['Risotto']);
    expect(await h.db.select().from(menuCourses).where(eq(menuCourses.menuId, id))).toHaveLength(1);
    expect(await h.db.select().from(menuPriceTiers).where(eq(menuPriceTiers.menuId, id))).toHaveLength(0);
    expect(await tagKeys(id)).toEqual(['eggs', 'italian', 'milk']);
  });

  it('returns field errors for every broken rule', async () => {
    const { agent: a } = await startedChef(h);
    const res = await create(a, {
      name: 'ab',
      description: 'x'.repeat(4001),
      min_guests: 12,
      max_guests: 4,
      price_per_person: 999,
      at_customer: false,
      at_chef: false,
      booking_mode: 'sometimes',
      courses: [],
    });
    expect(res.status).toBe(400);
    // Cross-field rules report too when their own fields are valid, so the form shows everything at once.
    expect(Object.keys(res.body.errors!).sort()).toEqual(['at_customer', 'booking_mode', 'courses', 'description', 'max_guests', 'name', 'price_per_person']);
    const cross = await create(a, { min_guests: 12, max_guests: 4, at_customer: false, price_tiers: [] });
    expect(Object.keys(cross.body.errors!).sort()).toEqual(['at_customer', 'max_guests']);
    const tiers = await create(a, { price_tiers: [{ min_guests: 8, price_per_person: 9000 }, { min_guests: 6, price_per_person: 8000 }] });
    expect(tiers.body.errors!.price_tiers).toHaveLength(1);
    const outside = await create(a, { max_guests: 8, price_tiers: [{ min_guests: 10, price_per_person: 8000 }] });
    expect(outside.body.errors!.price_tiers).toBeDefined();
    const tooMany = await create(a, { courses: Array.from({ length: 13 }, (_, i) => ({ course_type: 'main', name: `Dish ${i}` })) });
    expect(tooMany.body.errors!.courses).toBeDefined();
    const extra = await create(a, { status: 'published' });
    expect(extra.body.errors!.status).toBeDefined();
    expect(await h.db.select().from(menus).where(eq(menus.name, 'ab'))).toHaveLength(0);
  });

  it('refuses a group price tier that is not below the base price per person', async () => {
    const { agent: a } = await startedChef(h);
    // The repro: a CHF 200 tier above a CHF 120 base.
    const above = await create(a, { price_per_person: 12000, price_tiers: [{ min_guests: 6, price_per_person: 20000 }] });
    expect(above.status).toBe(400);
    expect(above.body.errors).toEqual({ price_tiers: ['Each price tier must be lower than the price per person.'] });
    const equal = await create(a, { price_per_person: 12000, price_tiers: [{ min_guests: 6, price_per_person: 11000 }, { min_guests: 10, price_per_person: 12000 }] });
    expect(equal.body.errors!.price_tiers).toEqual(['Each price tier must be lower than the price per person.']);
    expect(await h.db.select().from(menus).where(eq(menus.pricePerPerson, 12000))).toHaveLength(0);
    // Saving a menu that has tiers cannot lower the base under them either.
    const { body } = await create(a);
    const lowered = await a.json<{ errors: Record<string, string[]> }>(a.put(`/v1/chefs/me/menus/${body.data.id}`, menuInput({ price_per_person: 8900 })));
    expect(lowered.status).toBe(400);
    expect(lowered.body.errors.price_tiers).toHaveLength(1);
    expect((await h.db.select().from(menus).where(eq(menus.id, body.data.id)))[0]!.pricePerPerson).toBe(9500);
  });

  it('checks list keys, the picture and the currency against the database', async () => {
    const { agent: a } = await startedChef(h);
    const other = await signedUp(h);
    const foreignImage = await uploadMenuImage(h, other.agent);
    const avatar = await uploadAvatar(h, a);
    const res = await create(a, {
      cuisines: ['swiss', 'klingon', 'retired-cuisine'],
      diets: ['carnivore'],
      courses: [{ course_type: 'main', name: 'Fondue', allergens: ['milk', 'kryptonite'] }],
      image_id: foreignImage,
      currency: 'EUR',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      cuisines: ['Unknown cuisine "klingon".', 'Unknown cuisine "retired-cuisine".'],
      diets: ['Unknown diet "carnivore".'],
      'courses.0.allergens': ['Unknown allergen "kryptonite".'],
      currency: ['Your menus are priced in CHF.'],
    });
    expect(res.body.errors!.image_id![0]).toMatch(/your own/);
    const wrongKind = await create(a, { image_id: avatar });
    expect(wrongKind.body.errors!.image_id![0]).toMatch(/menu picture/);
  });
});

describe('publishing', () => {
  it('needs an Active chef', async () => {
    const { agent: a } = await startedChef(h);
    const image = await uploadMenuImage(h, a);
    await approveImage(h.db, image);
    const { body } = await create(a, { image_id: image });
    expect(body.data.publish_missing).toEqual(['chef_not_active']);
    const res = await a.json(a.post(`/v1/chefs/me/menus/${body.data.id}/publish`));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'MENU_INCOMPLETE', missing: ['chef_not_active'] });
    expect(res.body.errors.chef[0]).toMatch(/approved and active/);
  });

  it('needs three courses and a picture, listing what is missing', async () => {
    const { agent: a } = await activeChef(h);
    const { body } = await create(a, { courses: menuInput().courses.slice(0, 2) });
    const res = await a.json(a.post(`/v1/chefs/me/menus/${body.data.id}/publish`));
    expect(res.status).toBe(409);
    expect(res.body.missing).toEqual(['courses', 'image']);
    expect(Object.keys(res.body.errors).sort()).toEqual(['courses', 'image_id']);
    expect((await h.db.select().from(menus).where(eq(menus.id, body.data.id)))[0]!.status).toBe('draft');
  });

  it('publishes a complete menu of an Active chef, and unpublishes it', async () => {
    const { agent: a } = await activeChef(h);
    const image = await uploadMenuImage(h, a);
    await approveImage(h.db, image);
    const { body } = await create(a, { image_id: image });
    const res = await a.json<{ data: Menu & { published_at: string } }>(a.post(`/v1/chefs/me/menus/${body.data.id}/publish`));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'published', published_at: h.clock.now().toISOString(), publish_missing: [] });
    const un = await a.json<{ data: Menu }>(a.post(`/v1/chefs/me/menus/${body.data.id}/unpublish`));
    expect(un.body.data.status).toBe('draft');
  });

  it('keeps a published menu complete: a save that breaks it is refused', async () => {
    const { agent: a } = await activeChef(h);
    const image = await uploadMenuImage(h, a);
    await approveImage(h.db, image);
    const { body } = await create(a, { image_id: image });
    await a.post(`/v1/chefs/me/menus/${body.data.id}/publish`);
    const res = await a.json(a.put(`/v1/chefs/me/menus/${body.data.id}`, menuInput({ image_id: image, courses: menuInput().courses.slice(0, 1) })));
    expect(res.status).toBe(409);
    expect(res.body.missing).toEqual(['courses']);
    expect(await h.db.select().from(menuCourses).where(eq(menuCourses.menuId, body.data.id))).toHaveLength(3);
  });

  it('refuses to publish a menu whose diets its own courses contradict, naming the courses', async () => {
    const { agent: a } = await activeChef(h);
    const image = await uploadMenuImage(h, a);
    await approveImage(h.db, image);
    // The repro: tagged Vegan, with milk, eggs and a "Beef tartare" course.
    const vegan = {
      image_id: image,
      diets: ['vegan'],
      courses: [
        { course_type: 'starter', name: 'Beef tartare', allergens: ['eggs', 'mustard'] },
        { course_type: 'main', name: 'Gnocchi', allergens: ['gluten', 'milk'] },
        { course_type: 'dessert', name: 'Sorbet', allergens: [] },
      ],
    };
    // A draft may be saved while the chef works on it; its checklist says what blocks publishing.
    const { body } = await create(a, { ...vegan, courses: vegan.courses.map((c) => ({ ...c, allergens: c.allergens.filter((k) => k !== 'mustard') })) });
    expect(body.data.publish_missing).toEqual(['diets']);
    const res = await a.json<{ code: string; missing: string[]; errors: Record<string, string[]> }>(a.post(`/v1/chefs/me/menus/${body.data.id}/publish`));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'MENU_INCOMPLETE', missing: ['diets'] });
    expect(res.body.errors).toEqual({ diets: ['A menu marked vegan cannot contain milk, eggs. Remove the diet, or these allergens from: Beef tartare, Gnocchi.'] });
    expect((await h.db.select().from(menus).where(eq(menus.id, body.data.id)))[0]!.status).toBe('draft');
    // Not listed anywhere, so not under the Vegan filter either.
    expect((await h.request(`/v1/menus/${body.data.id}`)).status).toBe(404);

    // Vegetarian rules out fish, crustaceans and molluscs, not milk; gluten-free rules out gluten.
    await h.db.insert(listItems).values({ kind: 'diet', key: 'gluten-free', position: 9, names: { en: 'Gluten-free' } }).onConflictDoNothing();
    const fishy = await create(a, { image_id: image, diets: ['vegetarian', 'gluten-free'], courses: [...menuInput().courses, { course_type: 'main', name: 'Trout', allergens: ['fish'] }] });
    const refused = await a.json<{ errors: Record<string, string[]> }>(a.post(`/v1/chefs/me/menus/${fishy.body.data.id}/publish`));
    expect(refused.body.errors.diets).toEqual([
      'A menu marked vegetarian cannot contain fish. Remove the diet, or these allergens from: Trout.',
      'A menu marked gluten-free cannot contain gluten. Remove the diet, or these allergens from: Älplermagronen.',
    ]);
    const fixed = await a.json<{ data: Menu }>(a.put(`/v1/chefs/me/menus/${fishy.body.data.id}`, menuInput({ image_id: image, diets: ['vegetarian'] })));
    expect(fixed.body.data.publish_missing).toEqual([]);
    expect((await a.post(`/v1/chefs/me/menus/${fishy.body.data.id}/publish`)).status).toBe(200);
  });

  it('refuses a save that makes a published menu contradict its diets', async () => {
    const { agent: a } = await activeChef(h);
    const image = await uploadMenuImage(h, a);
    await approveImage(h.db, image);
    const { body } = await create(a, { image_id: image, diets: ['vegan'], courses: menuInput().courses.map((c) => ({ ...c, allergens: ['nuts'] })) });
    expect((await a.post(`/v1/chefs/me/menus/${body.data.id}/publish`)).status).toBe(200);
    const res = await a.json<{ missing: string[]; errors: Record<string, string[]> }>(a.put(`/v1/chefs/me/menus/${body.data.id}`, menuInput({ image_id: image, diets: ['vegan'] })));
    expect(res.status).toBe(409);
    expect(res.body.missing).toEqual(['diets']);
    expect(res.body.errors.diets![0]).toMatch(/^A menu marked vegan cannot contain milk\. .*Pumpkin soup, Älplermagronen\.$/);
    expect(await tagKeys(body.data.id)).toEqual(['nuts', 'swiss', 'vegan']);
  });

  it('waits for the picture to be approved: a pending picture is a field error on image_id (issue 15 L4)', async () => {
    const { agent: a } = await activeChef(h);
    const image = await uploadMenuImage(h, a);
    const { body } = await create(a, { image_id: image });
    // The chef sees the picture and why the menu cannot go live yet.
    expect(body.data).toMatchObject({ image_status: 'pending', publish_missing: ['image_pending'], image: { data: { id: image } } });
    const res = await a.json(a.post(`/v1/chefs/me/menus/${body.data.id}/publish`));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'MENU_INCOMPLETE', missing: ['image_pending'] });
    expect(res.body.errors).toEqual({ image_id: ['Your picture is waiting for review by our team. You can publish the menu once it is approved.'] });
    expect((await h.db.select().from(menus).where(eq(menus.id, body.data.id)))[0]!.status).toBe('draft');

    await approveImage(h.db, image);
    expect((await a.post(`/v1/chefs/me/menus/${body.data.id}/publish`)).status).toBe(200);
  });

  it('lets a published menu take a new picture, which the public sees only once it is approved', async () => {
    const { agent: a, chefId } = await activeChef(h);
    const first = await uploadMenuImage(h, a);
    await approveImage(h.db, first);
    const { body } = await create(a, { image_id: first });
    expect((await a.post(`/v1/chefs/me/menus/${body.data.id}/publish`)).status).toBe(200);
    const second = await uploadMenuImage(h, a);
    const saved = await a.json<{ data: Menu & { image_status: string } }>(a.put(`/v1/chefs/me/menus/${body.data.id}`, menuInput({ image_id: second })));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ status: 'published', image_status: 'pending' });
    const visitor = agent(h);
    const pub = await visitor.json(visitor.get(`/v1/chefs/${chefId}/menus/${body.data.id}?resolve=image&stacks=t512_2x1`));
    expect(pub.status).toBe(200);
    expect(pub.body.data.image).toBeNull();
    await approveImage(h.db, second);
    const later = await visitor.json(visitor.get(`/v1/chefs/${chefId}/menus/${body.data.id}?resolve=image&stacks=t512_2x1`));
    expect(later.body.data.image.data.url.t512_2x1).toBe(`/v1/images/${second}/t512_2x1`);
  });

  it('shows a hidden picture as missing', async () => {
    const { agent: a } = await activeChef(h);
    const image = await uploadMenuImage(h, a);
    const { body } = await create(a, { image_id: image });
    await h.db.update(images).set({ status: 'hidden' }).where(eq(images.id, image));
    const menu = (await a.json<{ data: Menu & { image: unknown } }>(a.get(`/v1/chefs/me/menus/${body.data.id}`))).body.data;
    expect(menu.image).toBeNull();
    expect(menu.publish_missing).toEqual(['image']);
  });
});

describe('ownership and deletion', () => {
  it('treats another chef’s menu as not found for every call', async () => {
    const owner = await activeChef(h);
    const { body } = await create(owner.agent);
    const id = body.data.id;
    const intruder = await activeChef(h);
    const a = intruder.agent;
    expect((await a.get(`/v1/chefs/me/menus/${id}`)).status).toBe(404);
    expect((await a.put(`/v1/chefs/me/menus/${id}`, menuInput({ name: 'Hijacked' }))).status).toBe(404);
    expect((await a.post(`/v1/chefs/me/menus/${id}/publish`)).status).toBe(404);
    expect((await a.post(`/v1/chefs/me/menus/${id}/unpublish`)).status).toBe(404);
    expect((await a.del(`/v1/chefs/me/menus/${id}`)).status).toBe(404);
    expect((await a.json<{ data: Menu[] }>(a.get('/v1/chefs/me/menus'))).body.data).toEqual([]);
    const [row] = await h.db.select().from(menus).where(eq(menus.id, id));
    expect(row!.name).toBe('Alpine Autumn');
  });

  it('deletes a menu without bookings and archives one with bookings', async () => {
    const c = await activeChef(h);
    const a = c.agent;
    const plain = (await create(a)).body.data.id;
    const booked = (await create(a, { name: 'Booked Menu' })).body.data.id;
    const customer = await signedUp(h);
    const customerId = (await userByEmail(h.db, customer.email)).id;
    await createBooking(h.db, { chefId: c.chefId, menuId: booked, customerId, status: 'completed', eventDate: '2026-05-20' });

    const del = await a.json(a.del(`/v1/chefs/me/menus/${plain}`));
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id: plain, deleted: true, archived: false });
    expect(await h.db.select().from(menus).where(eq(menus.id, plain))).toHaveLength(0);
    expect(await h.db.select().from(menuCourses).where(eq(menuCourses.menuId, plain))).toHaveLength(0);

    const arch = await a.json(a.del(`/v1/chefs/me/menus/${booked}`));
    expect(arch.status).toBe(200);
    expect(arch.body.data).toEqual({ id: booked, deleted: false, archived: true });
    expect(arch.body.message).toMatch(/archived/);
    const list = (await a.json<{ data: (Menu & { booking_count: number })[] }>(a.get('/v1/chefs/me/menus'))).body.data;
    expect(list.map((m) => [m.id, m.status, m.booking_count])).toEqual([[booked, 'archived', 1]]);
  });

  it('lists menus in every status', async () => {
    const c = await activeChef(h);
    const image = await uploadMenuImage(h, c.agent);
    await approveImage(h.db, image);
    const draft = (await create(c.agent)).body.data.id;
    const published = (await create(c.agent, { image_id: image })).body.data.id;
    await c.agent.post(`/v1/chefs/me/menus/${published}/publish`);
    await setChefStatus(h.db, c.chefId, ChefStatus.Paused);
    const list = (await c.agent.json<{ data: Menu[] }>(c.agent.get('/v1/chefs/me/menus'))).body.data;
    expect(list.map((m) => [m.id, m.status])).toEqual([
      [draft, 'draft'],
      [published, 'published'],
    ]);
  });
});
