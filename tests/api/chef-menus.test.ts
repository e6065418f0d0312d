// The chef's own menus: validation with field errors, tags from the courses' allergens, the publishing rules,
// another chef's menus reading as 404, and deleting a menu that has bookings.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChefStatus } from '../../functions/_api/db/schema/chefs';
import { images } from '../../functions/_api/db/schema/files';
import { listItems } from '../../functions/_api/db/schema/lists';
import { menuCourses, menuPriceTiers, menus, menuTags } from '../../functions/_api/db/schema/menus';
import { useHarness } from '../support/use-harness';
import { signedUp, type Agent } from '../support/agent';
import { activeChef, approveImage, createBooking, menuInput, seedLists, setChefStatus, startedChef, uploadAvatar, uploadMenuImage, userByEmail, type MenuInput } from '../support/chef-fixtures';
import { ok, on, refused, typedClient, visitorClient, type ErrorBody } from '../support/typed-client';

const h = useHarness();
beforeAll(async () => {
  await seedLists(h.db);
});

/** The chef's own menus through the typed client: the list and a new menu, one menu, saving, publishing and deleting it. */
const menusOf = (a: Agent) => typedClient(a).chefs.me.menus;
const post = (a: Agent, over: Partial<MenuInput> = {}) => menusOf(a).$post({ json: menuInput(over) });
/** Creates a menu that must be saved. */
const create = (a: Agent, over: Partial<MenuInput> = {}) => ok(post(a, over));
/** Sends a menu that must be refused. */
const invalid = (a: Agent, over: Partial<MenuInput> = {}) => refused(post(a, over));
const save = (a: Agent, id: number, over: Partial<MenuInput> = {}) => menusOf(a)[':id'].$put({ ...on(id), json: menuInput(over) });
const publishing = (a: Agent, id: number, action: 'publish' | 'unpublish' = 'publish') => menusOf(a)[':id'][':action{publish|unpublish}'].$post({ param: { id: String(id), action }, json: {} });

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
    const res = await ok(save(a, id, { price_tiers: [], cuisines: ['italian'], diets: [], courses: [{ course_type: 'main', name: 'Risotto', allergens: ['milk', 'eggs'] }] }));
    expect(res.status).toBe(200);
    expect(res.body.data.courses.map((c) => c.name)).toEqual(['Risotto']);
    expect(await h.db.select().from(menuCourses).where(eq(menuCourses.menuId, id))).toHaveLength(1);
    expect(await h.db.select().from(menuPriceTiers).where(eq(menuPriceTiers.menuId, id))).toHaveLength(0);
    expect(await tagKeys(id)).toEqual(['eggs', 'italian', 'milk']);
  });

  it('returns field errors for every broken rule', async () => {
    const { agent: a } = await startedChef(h);
    // Raw on purpose: a booking mode that does not exist, and (below) a field the body does not take.
    const raw = (over: Record<string, unknown>) => a.json<ErrorBody>(a.post('/v1/chefs/me/menus', { ...menuInput(), ...over }));
    const res = await raw({
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
    const cross = await invalid(a, { min_guests: 12, max_guests: 4, at_customer: false, price_tiers: [] });
    expect(Object.keys(cross.body.errors!).sort()).toEqual(['at_customer', 'max_guests']);
    const tiers = await invalid(a, { price_tiers: [{ min_guests: 8, price_per_person: 9000 }, { min_guests: 6, price_per_person: 8000 }] });
    expect(tiers.body.errors!.price_tiers).toHaveLength(1);
    const outside = await invalid(a, { max_guests: 8, price_tiers: [{ min_guests: 10, price_per_person: 8000 }] });
    expect(outside.body.errors!.price_tiers).toBeDefined();
    const tooMany = await invalid(a, { courses: Array.from({ length: 13 }, (_, i) => ({ course_type: 'main', name: `Dish ${i}` })) });
    expect(tooMany.body.errors!.courses).toBeDefined();
    const extra = await raw({ status: 'published' });
    expect(extra.body.errors!.status).toBeDefined();
    expect(await h.db.select().from(menus).where(eq(menus.name, 'ab'))).toHaveLength(0);
  });

  it('refuses a group price tier that is not below the base price per person', async () => {
    const { agent: a } = await startedChef(h);
    // The repro: a CHF 200 tier above a CHF 120 base.
    const above = await invalid(a, { price_per_person: 12000, price_tiers: [{ min_guests: 6, price_per_person: 20000 }] });
    expect(above.status).toBe(400);
    expect(above.body.errors).toEqual({ price_tiers: ['Each price tier must be lower than the price per person.'] });
    const equal = await invalid(a, { price_per_person: 12000, price_tiers: [{ min_guests: 6, price_per_person: 11000 }, { min_guests: 10, price_per_person: 12000 }] });
    expect(equal.body.errors!.price_tiers).toEqual(['Each price tier must be lower than the price per person.']);
    expect(await h.db.select().from(menus).where(eq(menus.pricePerPerson, 12000))).toHaveLength(0);
    // Saving a menu that has tiers cannot lower the base under them either.
    const { body } = await create(a);
    const lowered = await refused(save(a, body.data.id, { price_per_person: 8900 }));
    expect(lowered.status).toBe(400);
    expect(lowered.body.errors.price_tiers).toHaveLength(1);
    expect((await h.db.select().from(menus).where(eq(menus.id, body.data.id)))[0]!.pricePerPerson).toBe(9500);
  });

  it('checks list keys, the picture and the currency against the database', async () => {
    const { agent: a } = await startedChef(h);
    const other = await signedUp(h);
    const foreignImage = await uploadMenuImage(h, other.agent);
    const avatar = await uploadAvatar(h, a);
    const res = await invalid(a, {
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
    const wrongKind = await invalid(a, { image_id: avatar });
    expect(wrongKind.body.errors!.image_id![0]).toMatch(/menu picture/);
  });

  it('keeps the picture a menu already has when someone else uploaded it, and refuses choosing it for another menu', async () => {
    const { agent: a, userId } = await startedChef(h);
    const own = await uploadMenuImage(h, a);
    const { body: first } = await create(a, { image_id: own });
    const { body: second } = await create(a, { name: 'Second menu' });
    // An admin replaced the first menu's picture with one the admin uploaded.
    const admin = await signedUp(h);
    const replacement = await uploadMenuImage(h, admin.agent);
    await h.db.update(menus).set({ imageId: replacement }).where(eq(menus.id, first.data.id));
    const kept = await ok(save(a, first.data.id, { name: 'Kept picture', image_id: replacement }));
    expect(kept.status).toBe(200);
    expect((await h.db.select({ name: menus.name, imageId: menus.imageId }).from(menus).where(eq(menus.id, first.data.id)))[0]).toEqual({ name: 'Kept picture', imageId: replacement });
    const taken = await refused(save(a, second.data.id, { name: 'Taken picture', image_id: replacement }));
    expect(taken.status).toBe(400);
    expect(taken.body.errors.image_id).toEqual(['Choose one of your own pictures.']);
    expect((await h.db.select({ name: menus.name, imageId: menus.imageId }).from(menus).where(eq(menus.id, second.data.id)))[0]).toEqual({ name: 'Second menu', imageId: null });
    expect((await h.db.select({ owner: images.ownerUserId }).from(images).where(eq(images.id, replacement)))[0]!.owner).not.toBe(userId);
  });
});

describe('publishing', () => {
  it('needs an Active chef', async () => {
    const { agent: a } = await startedChef(h);
    const image = await uploadMenuImage(h, a);
    await approveImage(h.db, image);
    const { body } = await create(a, { image_id: image });
    expect(body.data.publish_missing).toEqual(['chef_not_active']);
    const res = await refused(publishing(a, body.data.id));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'MENU_INCOMPLETE', missing: ['chef_not_active'] });
    expect(res.body.errors.chef![0]).toMatch(/approved and active/);
  });

  it('needs three courses and a picture, listing what is missing', async () => {
    const { agent: a } = await activeChef(h);
    const { body } = await create(a, { courses: menuInput().courses.slice(0, 2) });
    const res = await refused(publishing(a, body.data.id));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ missing: ['courses', 'image'] });
    expect(Object.keys(res.body.errors).sort()).toEqual(['courses', 'image_id']);
    expect((await h.db.select().from(menus).where(eq(menus.id, body.data.id)))[0]!.status).toBe('draft');
  });

  it('publishes a complete menu of an Active chef, and unpublishes it', async () => {
    const { agent: a } = await activeChef(h);
    const image = await uploadMenuImage(h, a);
    await approveImage(h.db, image);
    const { body } = await create(a, { image_id: image });
    const res = await ok(publishing(a, body.data.id));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'published', published_at: h.clock.now().toISOString(), publish_missing: [] });
    const un = await ok(publishing(a, body.data.id, 'unpublish'));
    expect(un.body.data.status).toBe('draft');
  });

  it('keeps a published menu complete: a save that breaks it is refused', async () => {
    const { agent: a } = await activeChef(h);
    const image = await uploadMenuImage(h, a);
    await approveImage(h.db, image);
    const { body } = await create(a, { image_id: image });
    await ok(publishing(a, body.data.id));
    const res = await refused(save(a, body.data.id, { image_id: image, courses: menuInput().courses.slice(0, 1) }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ missing: ['courses'] });
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
    } satisfies Partial<MenuInput>;
    // A draft may be saved while the chef works on it; its checklist says what blocks publishing.
    const { body } = await create(a, { ...vegan, courses: vegan.courses.map((c) => ({ ...c, allergens: c.allergens.filter((k) => k !== 'mustard') })) });
    expect(body.data.publish_missing).toEqual(['diets']);
    const res = await refused(publishing(a, body.data.id));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'MENU_INCOMPLETE', missing: ['diets'] });
    expect(res.body.errors).toEqual({ diets: ['A menu marked vegan cannot contain milk, eggs. Remove the diet, or these allergens from: Beef tartare, Gnocchi.'] });
    expect((await h.db.select().from(menus).where(eq(menus.id, body.data.id)))[0]!.status).toBe('draft');
    // Not listed anywhere, so not under the Vegan filter either.
    expect((await refused(visitorClient(h).menus[':id{[0-9]+}'].$get({ ...on(body.data.id), query: {} }))).status).toBe(404);

    // Vegetarian rules out fish, crustaceans and molluscs, not milk; gluten-free rules out gluten.
    await h.db.insert(listItems).values({ kind: 'diet', key: 'gluten-free', position: 9, names: { en: 'Gluten-free' } }).onConflictDoNothing();
    const fishy = await create(a, { image_id: image, diets: ['vegetarian', 'gluten-free'], courses: [...menuInput().courses, { course_type: 'main', name: 'Trout', allergens: ['fish'] }] });
    const contradicted = await refused(publishing(a, fishy.body.data.id));
    expect(contradicted.body.errors.diets).toEqual([
      'A menu marked vegetarian cannot contain fish. Remove the diet, or these allergens from: Trout.',
      'A menu marked gluten-free cannot contain gluten. Remove the diet, or these allergens from: Älplermagronen.',
    ]);
    const fixed = await ok(save(a, fishy.body.data.id, { image_id: image, diets: ['vegetarian'] }));
    expect(fixed.body.data.publish_missing).toEqual([]);
    expect((await ok(publishing(a, fishy.body.data.id))).status).toBe(200);
  });

  it('refuses a save that makes a published menu contradict its diets', async () => {
    const { agent: a } = await activeChef(h);
    const image = await uploadMenuImage(h, a);
    await approveImage(h.db, image);
    const { body } = await create(a, { image_id: image, diets: ['vegan'], courses: menuInput().courses.map((c) => ({ ...c, allergens: ['nuts'] })) });
    expect((await ok(publishing(a, body.data.id))).status).toBe(200);
    const res = await refused(save(a, body.data.id, { image_id: image, diets: ['vegan'] }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ missing: ['diets'] });
    expect(res.body.errors.diets![0]).toMatch(/^A menu marked vegan cannot contain milk\. .*Pumpkin soup, Älplermagronen\.$/);
    expect(await tagKeys(body.data.id)).toEqual(['nuts', 'swiss', 'vegan']);
  });

  it('waits for the picture to be approved: a pending picture is a field error on image_id (issue 15 L4)', async () => {
    const { agent: a } = await activeChef(h);
    const image = await uploadMenuImage(h, a);
    const { body } = await create(a, { image_id: image });
    // The chef sees the picture and why the menu cannot go live yet.
    expect(body.data).toMatchObject({ image_status: 'pending', publish_missing: ['image_pending'], image: { data: { id: image } } });
    const res = await refused(publishing(a, body.data.id));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'MENU_INCOMPLETE', missing: ['image_pending'] });
    expect(res.body.errors).toEqual({ image_id: ['Your picture is waiting for review by our team. You can publish the menu once it is approved.'] });
    expect((await h.db.select().from(menus).where(eq(menus.id, body.data.id)))[0]!.status).toBe('draft');

    await approveImage(h.db, image);
    expect((await ok(publishing(a, body.data.id))).status).toBe(200);
  });

  it('lets a published menu take a new picture, which the public sees only once it is approved', async () => {
    const { agent: a, chefId } = await activeChef(h);
    const first = await uploadMenuImage(h, a);
    await approveImage(h.db, first);
    const { body } = await create(a, { image_id: first });
    expect((await ok(publishing(a, body.data.id))).status).toBe(200);
    const second = await uploadMenuImage(h, a);
    const saved = await ok(save(a, body.data.id, { image_id: second }));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ status: 'published', image_status: 'pending' });
    // The menu's picture is always resolved (the route takes no `resolve`), in the stacks asked for.
    const publicMenu = () =>
      ok(visitorClient(h).chefs[':id{[A-Za-z0-9-]*[0-9]}'].menus[':menuId{[0-9]+}'].$get({ param: { id: String(chefId), menuId: String(body.data.id) }, query: { stacks: 't512_2x1' } }));
    const pub = await publicMenu();
    expect(pub.status).toBe(200);
    expect(pub.body.data.image).toBeNull();
    await approveImage(h.db, second);
    const later = await publicMenu();
    expect(later.body.data.image?.data.url.t512_2x1).toBe(`/v1/images/${second}/t512_2x1`);
  });

  it('shows a hidden picture as missing', async () => {
    const { agent: a } = await activeChef(h);
    const image = await uploadMenuImage(h, a);
    const { body } = await create(a, { image_id: image });
    await h.db.update(images).set({ status: 'hidden' }).where(eq(images.id, image));
    const menu = (await ok(menusOf(a)[':id'].$get(on(body.data.id)))).body.data;
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
    expect((await refused(menusOf(a)[':id'].$get(on(id)))).status).toBe(404);
    expect((await refused(save(a, id, { name: 'Hijacked' }))).status).toBe(404);
    expect((await refused(publishing(a, id))).status).toBe(404);
    expect((await refused(publishing(a, id, 'unpublish'))).status).toBe(404);
    expect((await refused(menusOf(a)[':id'].$delete(on(id)))).status).toBe(404);
    expect((await ok(menusOf(a).$get())).body.data).toEqual([]);
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

    const del = await ok(menusOf(a)[':id'].$delete(on(plain)));
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id: plain, deleted: true, archived: false });
    expect(await h.db.select().from(menus).where(eq(menus.id, plain))).toHaveLength(0);
    expect(await h.db.select().from(menuCourses).where(eq(menuCourses.menuId, plain))).toHaveLength(0);

    const arch = await ok(menusOf(a)[':id'].$delete(on(booked)));
    expect(arch.status).toBe(200);
    expect(arch.body.data).toEqual({ id: booked, deleted: false, archived: true });
    expect(arch.body.message).toMatch(/archived/);
    const list = (await ok(menusOf(a).$get())).body.data;
    expect(list.map((m) => [m.id, m.status, m.booking_count])).toEqual([[booked, 'archived', 1]]);
  });

  it('lists menus in every status', async () => {
    const c = await activeChef(h);
    const image = await uploadMenuImage(h, c.agent);
    await approveImage(h.db, image);
    const draft = (await create(c.agent)).body.data.id;
    const published = (await create(c.agent, { image_id: image })).body.data.id;
    await ok(publishing(c.agent, published));
    await setChefStatus(h.db, c.chefId, ChefStatus.Paused);
    const list = (await ok(menusOf(c.agent).$get())).body.data;
    expect(list.map((m) => [m.id, m.status])).toEqual([
      [draft, 'draft'],
      [published, 'published'],
    ]);
  });
});
