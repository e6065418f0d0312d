// Admin catalogue: the image moderation queue (approve, hide → placeholder everywhere), popular cities (create, edit,
// delete, pictures, the public list follows at once) and the lists of cuisines, diets and allergens (five locales,
// no delete while in use, retire and restore). Every write is checked in the response, the database and its audit row.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chefCuisines } from '../../functions/_api/db/schema/chefs';
import { images } from '../../functions/_api/db/schema/files';
import { listItems } from '../../functions/_api/db/schema/lists';
import { bookings } from '../../functions/_api/db/schema/bookings';
import { menuCourses } from '../../functions/_api/db/schema/menus';
import { popularCities } from '../../functions/_api/db/schema/regions';
import { notifications } from '../../functions/_api/db/schema/messages';
import { auditLog, outbox } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import type { Agent } from '../support/agent';
import { auditRows, useAdminParties } from '../support/admin-fixtures';
import { activeChef, approveImage, blob, menuInput, png, upload, uploadAvatar, uploadMenuImage } from '../support/chef-fixtures';
import { addCourse, createBooking, createRegion, listItem, serveRegion, tagMenu } from '../support/discovery-fixtures';
import { createImage, createMenu } from '../support/fixtures';
import { ok, refused, typedClient } from '../support/typed-client';

const suite = useAdminParties({ lists: true });

/** The admin calls as the super-user, the public reads as a visitor; `id(n)` names a row. */
const admin = () => typedClient(suite.p.su).admin;
const pub = () => typedClient(suite.p.visitor);
const id = (n: number) => ({ param: { id: String(n) } });
const publicChef = (chefId: number) => pub().chefs[':id{[A-Za-z0-9-]*[0-9]}'];
const publicMenu = (menuId: number) => ok(pub().menus[':id{[0-9]+}'].$get({ ...id(menuId), query: {} }));
const publicCities = async () => (await ok(pub().locations.$get())).body.data;
type Body<F extends (...args: never[]) => unknown> = Parameters<F>[0] extends { json: infer J } ? J : never;

/** A city picture (512×256 and 1024×512 PNGs) uploaded by the given agent. */
function uploadCityImage(a: Agent) {
  return upload(suite.h, a, '/v1/users/me/images', {
    kind: 'city',
    t512_2x1: [blob(png(512, 256), 'image/png'), 'a.png'],
    t1024_2x1: [blob(png(1024, 512), 'image/png'), 'b.png'],
  });
}
async function cityImageId(): Promise<number> {
  const res = await uploadCityImage(suite.p.su);
  if (res.status !== 201) throw new Error(`city upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** An Active chef (through the API) with an uploaded avatar and a published menu with an uploaded picture. */
async function chefWithPictures() {
  const c = await activeChef(suite.h, { firstname: 'Pia', lastname: 'Pictures' });
  const avatarId = await uploadAvatar(suite.h, c.agent);
  const menuImageId = await uploadMenuImage(suite.h, c.agent);
  await suite.h.db.update(users).set({ avatarImageId: avatarId }).where(eq(users.id, c.userId));
  const menu = await createMenu(suite.h.db, c.chefId, { name: 'Picture Menu', imageId: menuImageId, atChef: true, minGuests: 2, maxGuests: 10 });
  return { ...c, avatarId, menuImageId, menu };
}

const REASON = 'The picture shows a phone number.';
const noticesOf = (userId: number) => suite.h.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id));
const imageStatus = async (id: number) => (await suite.h.db.select({ s: images.status, by: images.moderatedBy }).from(images).where(eq(images.id, id)))[0];

describe('image moderation', () => {
  it('lists the queue pending first, with owner, thumbnail and every place the image is used', async () => {
    const c = await chefWithPictures();
    const approved = await uploadMenuImage(suite.h, c.agent);
    await suite.h.db.update(images).set({ status: 'approved' }).where(eq(images.id, approved));

    const all = await ok(admin().images.$get({ query: { count: '1', page_size: 200 } }));
    expect(all.status).toBe(200);
    const statuses = all.body.data.map((i) => i.status);
    expect(statuses.indexOf('approved')).toBeGreaterThan(statuses.lastIndexOf('pending'));
    expect(all.body.total_count).toBeGreaterThanOrEqual(3);

    const menuImg = all.body.data.find((i) => i.id === c.menuImageId);
    expect(menuImg).toMatchObject({
      kind: 'menu',
      status: 'pending',
      owner: { id: c.userId, firstname: 'Pia', lastname: 'Pictures', email: c.email.toLowerCase() },
      thumbnail_url: `/v1/admin/images/${c.menuImageId}/file/t512_1x1`,
      uses: [{ type: 'menu', id: c.menu.id, label: 'Picture Menu', status: 'published', chef_uri: expect.any(String) }],
    });
    const avatar = all.body.data.find((i) => i.id === c.avatarId)!;
    expect(avatar.uses).toEqual([{ type: 'avatar', id: c.userId, label: 'Pia Pictures' }]);
    expect(all.body.data.find((i) => i.id === approved)!.uses).toEqual([]);

    const onlyApproved = await ok(admin().images.$get({ query: { status: 'approved', count: '1' } }));
    expect(onlyApproved.body.data.every((i) => i.status === 'approved')).toBe(true);
    expect(onlyApproved.body.data.map((i) => i.id)).toContain(approved);
    expect(onlyApproved.body.filter_count).toBeLessThan(onlyApproved.body.total_count!);

    const avatars = await ok(admin().images.$get({ query: { kind: 'avatar' } }));
    expect(avatars.body.data.every((i) => i.kind === 'avatar')).toBe(true);
  });

  it('refuses an unknown status filter in the error shape', async () => {
    const res = await refused(admin().images.$get({ query: { status: 'deleted' } }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { status: [expect.stringContaining('pending')] } });
  });

  it('approves an image and records who, before and after; approving again changes nothing', async () => {
    const c = await chefWithPictures();
    const res = await ok(admin().images[':id'].approve.$post({ ...id(c.menuImageId), json: {} }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: c.menuImageId, status: 'approved', moderated_by: { id: suite.p.suUserId } });
    expect(await imageStatus(c.menuImageId)).toEqual({ s: 'approved', by: suite.p.suUserId });
    const rows = await auditRows(suite.h, 'image', c.menuImageId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'image.approve', actorUserId: suite.p.suUserId, before: { status: 'pending' }, after: { status: 'approved' } });

    const again = await ok(admin().images[':id'].approve.$post({ ...id(c.menuImageId), json: {} }));
    expect(again.status).toBe(200);
    expect(await auditRows(suite.h, 'image', c.menuImageId)).toHaveLength(1);
  });

  it('hides an image: every public response shows the placeholder and the file is gone, but admins still see it', async () => {
    const c = await chefWithPictures();
    const region = await createRegion(suite.h.db, { name: 'Hideville', zips: ['7901'] });
    await serveRegion(suite.h.db, c.chefId, region.id);
    for (let i = 0; i < 3; i++) await addCourse(suite.h.db, c.menu.id, { position: i, courseType: ['starter', 'main', 'dessert'][i]! });
    const cityImg = await cityImageId();
    const [city] = await suite.h.db.insert(popularCities).values({ regionId: region.id, displayName: 'Hideville', imageId: cityImg, position: 99 }).returning();

    const chefPage = () => ok(publicChef(c.chefId).$get({ ...id(c.chefId), query: { resolve: 'user_public,user_public.avatar' } }));
    const chefMenus = () => ok(publicChef(c.chefId).menus.$get({ ...id(c.chefId), query: { resolve: 'image' } }));
    const near = async () =>
      (await ok(pub().menus.near[':regionId'].$get({ param: { regionId: String(region.id) }, query: { resolve: 'image,chef,chef.user_public,chef.user_public.avatar' } }))).body.data.find((m) => m.id === c.menu.id)!;
    const picture = (imageId: number, stack: string) => pub().images[':id'][':stack'].$get({ param: { id: String(imageId), stack } });
    // Visible once approved (a pending picture is its owner's and the admins' only).
    for (const image of [c.avatarId, c.menuImageId, cityImg]) await approveImage(suite.h.db, image);
    expect((await chefPage()).body.data.user_public?.data.avatar).toBeTruthy();
    expect((await chefMenus()).body.data[0]!.image).not.toBeNull();
    expect((await publicMenu(c.menu.id)).body.data.image).not.toBeNull();
    expect((await near()).image).not.toBeNull();
    expect((await picture(c.menuImageId, 't512_1x1')).status).toBe(200);
    expect((await publicCities()).find((x) => x.id === city!.id)!.image).not.toBeNull();

    for (const image of [c.avatarId, c.menuImageId, cityImg]) {
      const res = await ok(admin().images[':id'].hide.$post({ ...id(image), json: { reason: REASON } }));
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('hidden');
      expect((await imageStatus(image))!.s).toBe('hidden');
      expect((await auditRows(suite.h, 'image', image))[0]).toMatchObject({ action: 'image.hide', before: { status: 'approved' }, after: { status: 'hidden', reason: REASON } });
    }

    expect((await chefPage()).body.data.user_public?.data.avatar).toBeNull();
    expect((await chefMenus()).body.data[0]!.image).toBeNull();
    const detail = (await publicMenu(c.menu.id)).body.data;
    expect(detail.image).toBeNull();
    expect(detail.chef?.data.user_public?.data.avatar).toBeNull();
    const nearAfter = await near();
    expect(nearAfter.image).toBeNull();
    expect(nearAfter.chef?.data.user_public?.data.avatar).toBeNull();
    expect((await publicCities()).find((x) => x.id === city!.id)!.image).toBeNull();
    expect((await picture(c.menuImageId, 't512_1x1')).status).toBe(404);
    expect((await picture(c.avatarId, 't256x256')).status).toBe(404);
    // The chef's own menu editor gets the placeholder too.
    expect((await ok(typedClient(c.agent).chefs.me.menus[':id'].$get(id(c.menu.id)))).body.data.image).toBeNull();

    // Admins still see the file, and approving brings it back everywhere.
    const file = await admin().images[':id'].file[':stack'].$get({ param: { id: String(c.menuImageId), stack: 't512_1x1' } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('private, max-age=3600');
    expect((await ok(admin().images[':id'].approve.$post({ ...id(c.menuImageId), json: {} }))).status).toBe(200);
    expect((await chefMenus()).body.data[0]!.image).not.toBeNull();
    expect((await auditRows(suite.h, 'image', c.menuImageId))[0]).toMatchObject({ action: 'image.approve', before: { status: 'hidden' }, after: { status: 'approved' } });
  });

  it('answers 404 for unknown images and refuses a body on an approval', async () => {
    const image = admin().images[':id'];
    expect((await refused(image.hide.$post({ ...id(999999999), json: { reason: REASON } }))).status).toBe(404);
    expect((await refused(image.approve.$post({ ...id(999999999), json: {} }))).status).toBe(404);
    expect((await refused(image.file[':stack'].$get({ param: { id: '999999999', stack: 't512_1x1' } }))).status).toBe(404);
    const c = await chefWithPictures();
    // Raw on purpose: an approval takes an empty body (its type, Record<string, never>, lets the typed client send none).
    const res = await suite.p.su.json(suite.p.su.post(`/v1/admin/images/${c.menuImageId}/approve`, { reason: 'x' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.reason).toBeTruthy();
    expect((await imageStatus(c.menuImageId))!.s).toBe('pending');
  });

  it('hides only with a reason of at most 500 characters, and writes nothing otherwise', async () => {
    const c = await chefWithPictures();
    const notices = await noticesOf(c.userId);
    const required = ['Please give the reason. The owner of the picture reads it.'];
    const refusals: [unknown, Record<string, string[]>][] = [
      [{}, { reason: required }],
      [{ reason: '   ' }, { reason: required }],
      [{ reason: 42 }, { reason: required }],
      [{ reason: 'x'.repeat(501) }, { reason: ['The reason can be at most 500 characters long.'] }],
      [{ reason: 'Phone number\u0000 shown' }, { reason: ['This text contains invisible control characters. Please remove them.'] }],
      [{ reason: REASON, note: 'x' }, { note: expect.any(Array) }],
    ];
    // Raw on purpose: missing, blank, wrong-typed, too long and unknown fields among them.
    for (const [body, errors] of refusals) {
      const res = await suite.p.su.json(suite.p.su.post(`/v1/admin/images/${c.menuImageId}/hide`, body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ message: expect.any(String), code: 'VALIDATION_FAILED', errors });
    }
    expect((await imageStatus(c.menuImageId))!.s).toBe('pending');
    expect(await auditRows(suite.h, 'image', c.menuImageId)).toEqual([]);
    expect(await noticesOf(c.userId)).toEqual(notices);

    // A reason may span lines, like the other reasons people read.
    const hide = (image: number, reason: string) => ok(admin().images[':id'].hide.$post({ ...id(image), json: { reason } }));
    expect((await hide(c.avatarId, 'Blurry.\nPlease upload a sharper one.')).status).toBe(200);
    const longest = 'y'.repeat(500);
    expect((await hide(c.menuImageId, `  ${longest}  `)).status).toBe(200);
    expect((await auditRows(suite.h, 'image', c.menuImageId))[0]!.after).toEqual({ status: 'hidden', reason: longest });
  });

  it('tells the owner why, in the app and by mail in their language, with a link to where they replace the picture', async () => {
    const c = await chefWithPictures();
    await suite.h.db.update(users).set({ locale: 'de' }).where(eq(users.id, c.userId));
    const earlier = (await noticesOf(c.userId)).length;

    const image = admin().images[':id'];
    expect((await ok(image.hide.$post({ ...id(c.menuImageId), json: { reason: 'Auf dem Bild ist eine Telefonnummer.' } }))).status).toBe(200);
    expect((await ok(image.hide.$post({ ...id(c.avatarId), json: { reason: 'Kein Gesicht zu sehen.' } }))).status).toBe(200);
    const [avatarNote, menuNote] = await noticesOf(c.userId);
    expect(menuNote).toMatchObject({
      title: 'Ein Bild deines Menüs wurde ausgeblendet',
      message: 'Unser Team hat das Bild deines Menüs «Picture Menu» ausgeblendet. Grund: «Auf dem Bild ist eine Telefonnummer.». Kundinnen und Kunden sehen stattdessen einen Platzhalter, bis du ein anderes Bild hochlädst.',
      link: `/account/me/menumanagement/${c.menu.id}`,
    });
    expect(avatarNote).toMatchObject({ title: 'Dein Profilbild wurde ausgeblendet', link: '/account/me/chefprofile' });
    expect(avatarNote!.message).toContain('Grund: «Kein Gesicht zu sehen.»');

    const mails = await suite.h.db.select().from(outbox).where(eq(outbox.recipient, c.email.toLowerCase())).orderBy(desc(outbox.id));
    expect(mails.slice(0, 2).map((m) => [m.subject, m.locale, m.template])).toEqual([
      ['Dein Profilbild wurde ausgeblendet', 'de', 'notify.image_hidden.avatar'],
      ['Ein Bild deines Menüs wurde ausgeblendet', 'de', 'notify.image_hidden.menu'],
    ]);
    expect(mails[1]!.body).toContain('Grund: «Auf dem Bild ist eine Telefonnummer.»');
    expect(mails[1]!.body).toContain(`/account/me/menumanagement/${c.menu.id}`);

    // Hiding what is hidden tells nobody again; neither does approving.
    expect((await ok(image.hide.$post({ ...id(c.menuImageId), json: { reason: 'Noch einmal.' } }))).body.message).toBe('The image was already hidden.');
    expect((await ok(image.approve.$post({ ...id(c.avatarId), json: {} }))).status).toBe(200);
    expect(await noticesOf(c.userId)).toHaveLength(earlier + 2);
  });

  it('tells each chef whose menus show a picture without an uploader once, about their first such menu', async () => {
    const a = await activeChef(suite.h, { firstname: 'Alba' });
    const b = await activeChef(suite.h, { firstname: 'Bruno' });
    const shared = await createImage(suite.h.db, { t512_1x1: 'img/shared' }, { ownerUserId: null, status: 'approved' });
    const a1 = await createMenu(suite.h.db, a.chefId, { name: 'Alba one', imageId: shared.id });
    await createMenu(suite.h.db, a.chefId, { name: 'Alba two', imageId: shared.id });
    const b1 = await createMenu(suite.h.db, b.chefId, { name: 'Bruno one', imageId: shared.id });
    const [beforeA, beforeB] = [(await noticesOf(a.userId)).length, (await noticesOf(b.userId)).length];

    expect((await ok(admin().images[':id'].hide.$post({ ...id(shared.id), json: { reason: REASON } }))).status).toBe(200);
    const [toA, toB] = [await noticesOf(a.userId), await noticesOf(b.userId)];
    expect(toA).toHaveLength(beforeA + 1);
    expect(toB).toHaveLength(beforeB + 1);
    expect(toA[0]).toMatchObject({ title: 'A picture of your menu was hidden', link: `/account/me/menumanagement/${a1.id}` });
    expect(toA[0]!.message).toContain('“Alba one”');
    expect(toA[0]!.message).toContain(`Reason: “${REASON}”.`);
    expect(toB[0]).toMatchObject({ link: `/account/me/menumanagement/${b1.id}` });
  });

  it('tells nobody when an admin hides a picture they uploaded themselves', async () => {
    const mine = await cityImageId();
    const before = await noticesOf(suite.p.suUserId);
    expect((await ok(admin().images[':id'].hide.$post({ ...id(mine), json: { reason: 'Blurry.' } }))).status).toBe(200);
    expect(await noticesOf(suite.p.suUserId)).toEqual(before);
  });
});

describe('popular cities', () => {
  const cityCount = async () => (await suite.h.db.select({ n: count() }).from(popularCities))[0]!.n;

  it('creates a city with an uploaded picture; the picture is approved and the public list shows it at once', async () => {
    const region = await createRegion(suite.h.db, { name: 'Neustadt', zips: ['7801'] });
    const imageId = await cityImageId();
    const res = await ok(admin().locations.$post({ json: { region_id: region.id, display_name: 'Neustadt am See', image_id: imageId, position: 3 } }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      display_name: 'Neustadt am See',
      position: 3,
      region_id: region.id,
      region: { data: { id: region.id, name: 'Neustadt' } },
      image_id: imageId,
      image: { id: imageId, url: { t1024_2x1: `/v1/images/${imageId}/t1024_2x1` } },
      image_admin: { id: imageId, status: 'approved', thumbnail_url: `/v1/admin/images/${imageId}/file/t512_2x1` },
    });
    const cityId = res.body.data.id;
    const [row] = await suite.h.db.select().from(popularCities).where(eq(popularCities.id, cityId));
    expect(row).toMatchObject({ regionId: region.id, displayName: 'Neustadt am See', imageId, position: 3 });
    expect(await imageStatus(imageId)).toEqual({ s: 'approved', by: suite.p.suUserId });
    const audit = await auditRows(suite.h, 'city', cityId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'city.create', actorUserId: suite.p.suUserId, before: null, after: { display_name: 'Neustadt am See', region_id: region.id, image_id: imageId, position: 3 } });
    expect((await auditRows(suite.h, 'image', imageId))[0]).toMatchObject({ action: 'image.approve' });

    const shown = (await publicCities()).find((c) => c.id === cityId);
    expect(shown).toMatchObject({ display_name: 'Neustadt am See', region_id: region.id, image: { id: imageId, url: { t1024_2x1: `/v1/images/${imageId}/t1024_2x1` } } });
    expect((await pub().images[':id'][':stack'].$get({ param: { id: String(imageId), stack: 't1024_2x1' } })).status).toBe(200);

    const list = await ok(admin().locations.$get({ query: { count: '1' } }));
    expect(list.status).toBe(200);
    expect(list.body.data.map((c) => c.id)).toContain(cityId);
    expect(list.body.total_count).toBe(await cityCount());
  });

  it('lets only super-users upload city pictures', async () => {
    const res = await suite.p.customer.json(uploadCityImage(suite.p.customer));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only administrators can upload city pictures.');
  });

  it('refuses missing names, unknown places and pictures that are not city pictures, writing nothing', async () => {
    const c = await chefWithPictures();
    const before = await cityCount();
    const audits = (await suite.h.db.select({ n: count() }).from(auditLog))[0]!.n;
    const city = (body: Body<ReturnType<typeof admin>['locations']['$post']>) => refused(admin().locations.$post({ json: body }));
    // Raw on purpose: no region at all, and a field the body does not take.
    const raw = suite.p.su;
    const empty = await raw.json(raw.post('/v1/admin/locations', { display_name: '  ' }));
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['display_name', 'region_id']);

    const region = await createRegion(suite.h.db, { name: 'Wrongtown' });
    const bad = await city({ region_id: 123, display_name: 'Nowhere', image_id: c.menuImageId });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ region_id: ['This place does not exist.'], image_id: ['Choose a city picture (2:1).'] });
    const unknown = await raw.json(raw.post('/v1/admin/locations', { region_id: region.id, display_name: 'X', image_id: 999999999, extra: 1 }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.extra).toBeTruthy();
    const negative = await city({ region_id: region.id, display_name: 'X', position: -1 });
    expect(negative.body.errors.position).toEqual(['The position must be at least 0.']);
    expect(await cityCount()).toBe(before);
    expect((await suite.h.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(audits);
  });

  it('edits a city, and the public list follows; the audit row holds before and after', async () => {
    const region = await createRegion(suite.h.db, { name: 'Altdorf', zips: ['7802'] });
    const other = await createRegion(suite.h.db, { name: 'Neudorf', zips: ['7803'] });
    const created = await ok(admin().locations.$post({ json: { region_id: region.id, display_name: 'Altdorf' } }));
    const cityId = created.body.data.id;
    expect(created.body.data.image).toBeNull();
    const imageId = await cityImageId();

    const city = admin().locations[':id'];
    const res = await ok(city.$put({ ...id(cityId), json: { region_id: other.id, display_name: 'Neudorf', image_id: imageId, position: 7 } }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: cityId, display_name: 'Neudorf', region_id: other.id, position: 7, image_id: imageId });
    const [row] = await suite.h.db.select().from(popularCities).where(eq(popularCities.id, cityId));
    expect(row).toMatchObject({ regionId: other.id, displayName: 'Neudorf', imageId, position: 7 });
    expect((await auditRows(suite.h, 'city', cityId))[0]).toMatchObject({
      action: 'city.update',
      before: { display_name: 'Altdorf', region_id: region.id, image_id: null },
      after: { display_name: 'Neudorf', region_id: other.id, image_id: imageId, position: 7 },
    });
    expect((await publicCities()).find((c) => c.id === cityId)).toMatchObject({ display_name: 'Neudorf', region_id: other.id });

    const invalid = await refused(city.$put({ ...id(cityId), json: { region_id: other.id, display_name: '' } }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.display_name).toEqual(['Please enter the name to show.']);
    expect((await refused(city.$put({ ...id(999999999), json: { region_id: other.id, display_name: 'X' } }))).status).toBe(404);
  });

  it('deletes a city: gone from the public list, its audit row keeps what it was', async () => {
    const region = await createRegion(suite.h.db, { name: 'Gehtweg' });
    const cityId = (await ok(admin().locations.$post({ json: { region_id: region.id, display_name: 'Gehtweg', position: 5 } }))).body.data.id;
    const res = await ok(admin().locations[':id'].$delete(id(cityId)));
    expect(res.status).toBe(200);
    expect(await suite.h.db.select().from(popularCities).where(eq(popularCities.id, cityId))).toEqual([]);
    expect((await auditRows(suite.h, 'city', cityId))[0]).toMatchObject({ action: 'city.delete', before: { display_name: 'Gehtweg', region_id: region.id, position: 5 }, after: null });
    expect((await publicCities()).some((c) => c.id === cityId)).toBe(false);
    expect((await refused(admin().locations[':id'].$delete(id(cityId)))).status).toBe(404);
  });
});

describe('lists', () => {
  const NAMES = { de: 'Peruanisch', 'de-ch': 'Peruanisch (CH)', en: 'Peruvian', fr: 'Péruvienne', it: 'Peruviana' };
  let seq = 0;
  const key = (base: string) => `${base}-${++seq}-${suite.h.runtime}`;
  const itemRow = async (id: number) => (await suite.h.db.select().from(listItems).where(eq(listItems.id, id)))[0];
  const publicLists = async (locale = 'en') => (await ok(pub().lists.$get(undefined, { headers: { 'x-locale': locale } }))).body.data;
  const lists = () => admin().lists;
  type NewItem = Body<ReturnType<typeof lists>['$post']>;
  const create = (body: NewItem) => lists().$post({ json: body });

  it('adds an entry with names in all five locales at the end of its list; GET /v1/lists offers it', async () => {
    const k = key('peruvian');
    await listItem(suite.h.db, 'cuisine', key('last'), { en: 'Last' }, 400);
    const res = await ok(create({ kind: 'cuisine', key: k, names: NAMES }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'cuisine', key: k, names: NAMES, position: 401, retired_at: null, in_use: false, usage: { menus: 0, chefs: 0, courses: 0, bookings: 0 } });
    const itemId = res.body.data.id;
    expect(await itemRow(itemId)).toMatchObject({ kind: 'cuisine', key: k, names: NAMES, position: 401, retiredAt: null });
    expect((await auditRows(suite.h, 'list_item', itemId))[0]).toMatchObject({ action: 'list_item.create', actorUserId: suite.p.suUserId, after: { kind: 'cuisine', key: k, names: NAMES } });
    expect((await publicLists('fr')).cuisine).toContainEqual({ key: k, name: 'Péruvienne' });
    expect((await publicLists('de-ch')).cuisine).toContainEqual({ key: k, name: 'Peruanisch (CH)' });

    const list = await ok(lists().$get({ query: { kind: 'cuisine', count: '1', page_size: 200 } }));
    expect(list.status).toBe(200);
    expect(list.body.data.every((i) => i.kind === 'cuisine')).toBe(true);
    expect(list.body.data.find((i) => i.id === itemId)).toMatchObject({ key: k, names: NAMES });
  });

  it('refuses a missing locale, a bad key, unknown fields and a taken key, writing nothing', async () => {
    const before = (await suite.h.db.select({ n: count() }).from(listItems))[0]!.n;
    const { fr: _fr, ...withoutFrench } = NAMES;
    // A missing name is typed as one the server refuses like an empty one.
    const missing = await refused(create({ kind: 'diet', key: key('keto'), names: { ...withoutFrench, it: ' ' } }));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { 'names.fr': ['Please enter the French name.'], 'names.it': ['Please enter the Italian name.'] } });
    // Raw on purpose: an unknown list and an unknown locale.
    const raw = suite.p.su;
    const badKey = await raw.json(raw.post('/v1/admin/lists', { kind: 'food', key: 'Not OK', names: { ...NAMES, es: 'x' } }));
    expect(Object.keys(badKey.body.errors).sort()).toEqual(['key', 'kind', 'names.es']);
    const k = key('taken');
    expect((await ok(create({ kind: 'diet', key: k, names: NAMES }))).status).toBe(201);
    const taken = await refused(create({ kind: 'diet', key: k, names: NAMES }));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'LIST_KEY_TAKEN', errors: { key: ['This key is already used by another diet.'] } });
    // The same key in another list is fine.
    expect((await ok(create({ kind: 'cuisine', key: k, names: NAMES }))).status).toBe(201);
    expect((await suite.h.db.select({ n: count() }).from(listItems))[0]!.n).toBe(before + 2);
    expect(await suite.h.db.select().from(auditLog).where(and(eq(auditLog.action, 'list_item.create'), isNull(auditLog.targetId)))).toEqual([]);
  });

  it('edits names and position; the key cannot change', async () => {
    const created = await ok(create({ kind: 'allergen', key: key('sesame'), names: NAMES }));
    const itemId = created.body.data.id;
    const names = { ...NAMES, en: 'Sesame', de: 'Sesam' };
    const item = lists()[':id'];
    const res = await ok(item.$put({ ...id(itemId), json: { names, position: 2 } }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: itemId, names, position: 2 });
    expect(await itemRow(itemId)).toMatchObject({ names, position: 2 });
    expect((await auditRows(suite.h, 'list_item', itemId))[0]).toMatchObject({ action: 'list_item.update', before: { names: NAMES, position: created.body.data.position }, after: { names, position: 2 } });
    // Raw on purpose: the key is not part of an edit.
    const rename = await suite.p.su.json(suite.p.su.put(`/v1/admin/lists/${itemId}`, { key: 'other', names }));
    expect(rename.status).toBe(400);
    expect(rename.body.errors.key).toBeTruthy();
    const blank = await refused(item.$put({ ...id(itemId), json: { names: { ...names, 'de-ch': '' } } }));
    expect(blank.body.errors['names.de-ch']).toEqual(['Please enter the Swiss German name.']);
    expect((await itemRow(itemId))!.names).toEqual(names);
  });

  it('deletes an entry nobody uses', async () => {
    const itemId = (await ok(create({ kind: 'diet', key: key('unused'), names: NAMES }))).body.data.id;
    const res = await ok(lists()[':id'].$delete(id(itemId)));
    expect(res.status).toBe(200);
    expect(await itemRow(itemId)).toBeUndefined();
    expect((await auditRows(suite.h, 'list_item', itemId))[0]).toMatchObject({ action: 'list_item.delete', before: { kind: 'diet', names: NAMES } });
    expect((await refused(lists()[':id'].$delete(id(itemId)))).status).toBe(404);
  });

  it('refuses to delete an entry in use by menus, chefs, courses or bookings, with the counts, and changes nothing', async () => {
    const c = await activeChef(suite.h);
    const menu = await createMenu(suite.h.db, c.chefId);
    const cuisine = await listItem(suite.h.db, 'cuisine', key('used-cuisine'), NAMES);
    await suite.h.db.insert(chefCuisines).values({ chefId: c.chefId, itemId: cuisine.id });
    await tagMenu(suite.h.db, menu.id, 'cuisine', cuisine.key);
    const diet = await listItem(suite.h.db, 'diet', key('used-diet'), NAMES);
    const allergen = await listItem(suite.h.db, 'allergen', key('used-allergen'), NAMES);
    await suite.h.db.insert(menuCourses).values({ menuId: menu.id, courseType: 'main', name: 'Bread', allergens: [allergen.key] });
    const booking = await createBooking(suite.h.db, { chefId: c.chefId, menuId: menu.id, eventDate: '2026-09-01', status: 'completed' });
    await suite.h.db.update(bookings).set({ diets: [diet.key], allergens: [{ key: allergen.key, guests: 1 }] }).where(eq(bookings.id, booking.id));

    const expectations: [number, { menus: number; chefs: number; courses: number; bookings: number }][] = [
      [cuisine.id, { menus: 1, chefs: 1, courses: 0, bookings: 0 }],
      [diet.id, { menus: 0, chefs: 0, courses: 0, bookings: 1 }],
      [allergen.id, { menus: 0, chefs: 0, courses: 1, bookings: 1 }],
    ];
    for (const [itemId, usage] of expectations) {
      const res = await refused(lists()[':id'].$delete(id(itemId)));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'LIST_ITEM_IN_USE', usage });
      expect(res.body.message).toContain('Retire it instead');
      expect(await itemRow(itemId)).toBeDefined();
      expect(await auditRows(suite.h, 'list_item', itemId)).toEqual([]);
    }
    const listed = await ok(lists().$get({ query: { kind: 'allergen', page_size: 200 } }));
    expect(listed.body.data.find((i) => i.id === allergen.id)).toMatchObject({ in_use: true, usage: { courses: 1, bookings: 1 } });
  });

  it('retires an entry: no longer offered, still shown where used; restore offers it again', async () => {
    const c = await activeChef(suite.h);
    const menu = await createMenu(suite.h.db, c.chefId);
    const diet = await listItem(suite.h.db, 'diet', key('paleo'), { ...NAMES, en: 'Paleo' });
    await tagMenu(suite.h.db, menu.id, 'diet', diet.key);

    const item = lists()[':id'];
    const res = await ok(item.retire.$post({ ...id(diet.id), json: {} }));
    expect(res.status).toBe(200);
    expect(res.body.data.retired_at).toBe(suite.h.clock.now().toISOString());
    expect((await itemRow(diet.id))!.retiredAt).toEqual(suite.h.clock.now());
    expect((await auditRows(suite.h, 'list_item', diet.id))[0]).toMatchObject({ action: 'list_item.retire', before: { retired_at: null }, after: { retired_at: suite.h.clock.now().toISOString() } });
    expect((await publicLists()).diet!.map((d) => d.key)).not.toContain(diet.key);
    // The menu that has it still shows it.
    expect((await publicMenu(menu.id)).body.data.diets?.data).toContainEqual({ key: diet.key, name: 'Paleo' });
    // A new menu cannot choose it.
    const chosen = await refused(typedClient(c.agent).chefs.me.menus.$post({ json: { ...menuInput(), diets: [diet.key] } }));
    expect(chosen.status).toBe(400);
    expect(chosen.body.errors).toEqual({ diets: [`Unknown diet "${diet.key}".`] });
    // Retiring twice changes nothing.
    expect((await ok(item.retire.$post({ ...id(diet.id), json: {} }))).status).toBe(200);
    expect(await auditRows(suite.h, 'list_item', diet.id)).toHaveLength(1);
    const retiredOnly = await ok(lists().$get({ query: { kind: 'diet', state: 'retired', page_size: 200 } }));
    expect(retiredOnly.body.data.map((i) => i.id)).toContain(diet.id);

    const restored = await ok(item.restore.$post({ ...id(diet.id), json: {} }));
    expect(restored.status).toBe(200);
    expect(restored.body.data.retired_at).toBeNull();
    expect((await itemRow(diet.id))!.retiredAt).toBeNull();
    expect((await auditRows(suite.h, 'list_item', diet.id))[0]).toMatchObject({ action: 'list_item.restore' });
    expect((await publicLists()).diet!.map((d) => d.key)).toContain(diet.key);
    expect((await refused(item.retire.$post({ ...id(999999999), json: {} }))).status).toBe(404);
  });
});
