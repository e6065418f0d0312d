// The chef application through /v1/chefs: starting it, the own profile, regions, the onboarding steps and the
// submission gate.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChefStatus, chefRegions, chefs } from '../../functions/_api/db/schema/chefs';
import { notifications } from '../../functions/_api/db/schema/messages';
import { auditLog, outbox } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { useHarness } from '../support/use-harness';
import { signedUp, type Agent } from '../support/agent';
import { menuInput, REGIONS, seedLists, seedRegions, setChefStatus, startedChef, uploadAvatar, uploadDocument } from '../support/chef-fixtures';
import { ok, on, refused, settled, typedClient, visitorClient } from '../support/typed-client';

const h = useHarness();
beforeAll(async () => {
  await seedLists(h.db);
  await seedRegions(h.db);
});

const BIO = 'I cook seasonal Swiss food with local produce, for small and large tables alike.';

/** The chef area of an agent's typed client. */
const me = (a: Agent) => typedClient(a).chefs.me;
/** Starting (or finding) the own chef application. */
const start = (a: Agent) => typedClient(a).chefs.$post({ json: {} });
const submit = (a: Agent) => me(a)[':action{submit|pause|resume}'].$post({ param: { action: 'submit' }, json: {} });

async function onboarding(a: Agent) {
  return (await ok(me(a).onboarding.$get())).body.data;
}

/** Does every step through the API, except the SMS round trip (phone_verified_at is set directly). */
async function completeApplication(a: Agent, userId: number, password: string) {
  await h.db.update(users).set({ phone: '+41791234567', phoneVerifiedAt: h.clock.now() }).where(eq(users.id, userId));
  const avatar = await uploadAvatar(h, a);
  expect((await ok(me(a).$put({ json: { address: 'Bahnhofstrasse 1, 8001 Zürich', home_region_id: REGIONS.zurich.id, travel_radius_km: 25, profile_bio: BIO, avatar_image_id: avatar, cuisines: ['swiss'], languages: ['de', 'en'] } }))).status).toBe(200);
  expect((await ok(me(a).regions.$put({ json: { regions: [REGIONS.zurich.id, REGIONS.winterthur.id] } }))).status).toBe(200);
  for (const kind of ['id_document', 'hygiene_certificate', 'liability_insurance']) expect((await uploadDocument(h, a, kind)).status).toBe(201);
  expect((await ok(me(a).menus.$post({ json: menuInput() }))).status).toBe(201);
  expect((await ok(me(a)['payout-details'].$put({ json: { account_holder: 'Anna Muster', iban: 'CH93 0076 2011 6238 5295 7', password } }))).status).toBe(200);
}

describe('starting an application', () => {
  it('creates a New chef with a slug uri ending in the id, and returns the same chef when repeated', async () => {
    const { agent: a } = await signedUp(h, { firstname: 'Zoë', lastname: 'Müller-Straße' });
    const first = await ok(start(a));
    expect(first.status).toBe(201);
    expect(first.body.data.uri).toBe(`zoe-muller-strasse-${first.body.data.id}`);
    expect(first.body.data).toMatchObject({ status: ChefStatus.New, status_name: 'New' });

    const again = await ok(start(a));
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const session = await ok(typedClient(a).auth.session.user.$get());
    expect(session.body.data?.is_chef).toBe(true);
  });

  it('settles parallel starts of one user on a single chef', async () => {
    const { agent: a, email } = await signedUp(h);
    const results = await Promise.all([settled(start(a)), settled(start(a))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
    const user = await h.db.query.users.findFirst({ where: eq(users.email, email) });
    expect(await h.db.select().from(chefs).where(eq(chefs.userId, user!.id))).toHaveLength(1);
  });

  it('writes the audit row and welcomes the chef in-app and by mail', async () => {
    const c = await startedChef(h);
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'chef'), eq(auditLog.targetId, String(c.chefId))));
    expect(audit.map((r) => r.action)).toEqual(['chef.status.create']);
    const notes = await h.db.select().from(notifications).where(eq(notifications.userId, c.userId));
    expect(notes.map((n) => n.title)).toEqual(['Your chef application has started']);
    const mails = await h.db.select().from(outbox).where(eq(outbox.recipient, c.email));
    expect(mails.some((m) => m.subject === 'Your chef application has started')).toBe(true);
  });

  it('needs a signed-in user and refuses a non-empty body', async () => {
    expect((await refused(visitorClient(h).chefs.$post({ json: {} }))).status).toBe(401);
    const { agent: a } = await signedUp(h);
    // Raw on purpose: a field the empty body does not take (its type, Record<string, never>, lets the typed client send none).
    const res = await a.json(a.post('/v1/chefs', { status: 1 }));
    expect(res.status).toBe(400);
    expect(res.body.errors.status).toBeDefined();
  });

  it('answers /v1/chefs/me with 404 NOT_A_CHEF for a user who is not a chef', async () => {
    const { agent: a } = await signedUp(h);
    const res = await refused(me(a).$get());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_A_CHEF');
    expect((await refused(me(a).menus.$get())).status).toBe(404);
  });
});

describe('the own profile', () => {
  it('saves only the fields sent, derives coordinates, time zone and currency from the home region', async () => {
    const { agent: a } = await startedChef(h);
    const berlin = await ok(me(a).$put({ json: { home_region_id: REGIONS.berlin.id, languages: ['DE', 'en', 'de'], experience_years: 12 } }));
    expect(berlin.status).toBe(200);
    expect(berlin.body.data).toMatchObject({
      home_region_id: REGIONS.berlin.id,
      lat: REGIONS.berlin.lat,
      lon: REGIONS.berlin.lon,
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      display_location: 'Berlin',
      languages: ['de', 'en'],
      experience_years: 12,
    });
    expect(berlin.body.data.home_region?.data).toMatchObject({ name: 'Berlin', country_code: 'DE' });

    const bio = await ok(me(a).$put({ json: { profile_bio: BIO, cuisines: ['italian', 'swiss'] } }));
    expect(bio.body.data.experience_years).toBe(12);
    expect(bio.body.data.cuisines.data.map((c) => c.key)).toEqual(['swiss', 'italian']);
    const own = await ok(me(a).$get());
    expect(own.body.data).toMatchObject({ profile_bio: BIO, status: ChefStatus.New, is_pro: false, is_signature: false, rejection_reason: null });
  });

  it('returns field errors for bad values and someone else’s picture', async () => {
    const other = await signedUp(h);
    const foreign = await uploadAvatar(h, other.agent);
    const { agent: a } = await startedChef(h);
    const res = await refused(
      me(a).$put({
        json: {
          profile_bio: 'x'.repeat(5001),
          languages: ['xx'],
          travel_radius_km: 500,
          cuisines: ['klingon'],
          avatar_image_id: foreign,
        },
      }),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['languages.0', 'profile_bio', 'travel_radius_km']);
    const refs = await refused(me(a).$put({ json: { cuisines: ['klingon', 'retired-cuisine'], avatar_image_id: foreign, home_region_id: 999999999 } }));
    expect(refs.status).toBe(400);
    expect(refs.body.errors.cuisines).toHaveLength(2);
    expect(refs.body.errors.avatar_image_id![0]).toMatch(/your own/);
    expect(refs.body.errors.home_region_id).toBeDefined();
    // Raw on purpose: a field the chef may not set.
    expect((await a.json(a.put('/v1/chefs/me', { is_pro: true }))).body.errors.is_pro).toBeDefined();
    expect((await refused(me(a).$put({ json: { lat: 47.1 } }))).body.errors.lat).toEqual(['Send lat and lon together.']);
  });

  it('keeps an avatar it already has, whoever set it, and checks only a changed one', async () => {
    const other = await signedUp(h);
    const seeded = await uploadAvatar(h, other.agent);
    const foreign = await uploadAvatar(h, other.agent);
    const { agent: a, userId } = await startedChef(h);
    // Set by support (or the seed): not the chef's own upload.
    await h.db.update(users).set({ avatarImageId: seeded }).where(eq(users.id, userId));
    const avatarOf = async () => (await h.db.select({ id: users.avatarImageId }).from(users).where(eq(users.id, userId)))[0]!.id;

    // The profile form sends the avatar back unchanged with the rest: saved.
    const kept = await ok(me(a).$put({ json: { profile_bio: BIO, avatar_image_id: seeded } }));
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ profile_bio: BIO, avatar_image_id: seeded });
    expect(await avatarOf()).toBe(seeded);

    // A different picture of someone else is still refused, and nothing is written.
    const changed = await refused(me(a).$put({ json: { profile_bio: 'Changed while refused.', avatar_image_id: foreign } }));
    expect(changed.status).toBe(400);
    expect(changed.body.errors.avatar_image_id).toEqual([expect.stringMatching(/your own/)]);
    expect(await avatarOf()).toBe(seeded);
    expect((await ok(me(a).$get())).body.data.profile_bio).toBe(BIO);

    // The chef's own new avatar is taken.
    const mine = await uploadAvatar(h, a);
    expect((await ok(me(a).$put({ json: { avatar_image_id: mine } }))).status).toBe(200);
    expect(await avatarOf()).toBe(mine);
  });

  it('replaces the served regions and refuses unknown region ids', async () => {
    const { agent: a, chefId } = await startedChef(h);
    const regions = (ids: number[]) => me(a).regions.$put({ json: { regions: ids } });
    const first = await ok(regions([REGIONS.zurich.id, REGIONS.uster.id, REGIONS.zurich.id]));
    expect(first.status).toBe(200);
    expect(first.body.data.map((r) => r.id).sort()).toEqual([REGIONS.zurich.id, REGIONS.uster.id].sort());
    const bad = await refused(regions([REGIONS.bern.id, 123]));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.regions![0]).toContain('123');
    await ok(regions([REGIONS.bern.id]));
    const rows = await h.db.select().from(chefRegions).where(eq(chefRegions.chefId, chefId));
    expect(rows.map((r) => r.regionId)).toEqual([REGIONS.bern.id]);
    expect((await refused(regions(Array.from({ length: 501 }, (_, i) => i + 1)))).body.errors.regions).toBeDefined();
  });

  it('previews the regions within a travel radius by straight-line distance, without saving', async () => {
    const { agent: a, chefId } = await startedChef(h);
    const derive = (travel_radius_km: number) => me(a).regions.derive.$post({ json: { region_id: REGIONS.zurich.id, travel_radius_km } });
    const res = await ok(derive(25));
    expect(res.status).toBe(200);
    expect(res.body.distance_method).toBe('straight_line');
    const ids = res.body.data.map((r) => r.id);
    expect(ids[0]).toBe(REGIONS.zurich.id);
    expect(ids).toEqual(expect.arrayContaining([REGIONS.winterthur.id, REGIONS.uster.id]));
    expect(ids).not.toContain(REGIONS.bern.id);
    expect(res.body.data[1]!.distance_km).toBeGreaterThan(0);
    expect(await h.db.select().from(chefRegions).where(eq(chefRegions.chefId, chefId))).toHaveLength(0);
    expect((await refused(derive(201))).status).toBe(400);
  });
});

describe('onboarding and submission', () => {
  it('lists what every step is missing and refuses to submit with the reasons', async () => {
    const { agent: a } = await startedChef(h);
    const state = await onboarding(a);
    expect(state.steps.map((s) => s.key)).toEqual(['account', 'personal', 'location', 'profile', 'documents', 'menu', 'payout']);
    const byKey = Object.fromEntries(state.steps.map((s) => [s.key, s]));
    expect(byKey.account).toEqual({ key: 'account', complete: true, missing: [] });
    expect(byKey.personal!.missing).toEqual(['phone_verified']);
    expect(byKey.location!.missing).toEqual(['address', 'home_region', 'coordinates', 'regions']);
    expect(byKey.profile!.missing).toEqual(['bio', 'avatar', 'cuisines', 'languages']);
    expect(byKey.documents!.missing).toEqual(['id_document', 'hygiene_certificate', 'liability_insurance']);
    expect(byKey.menu!.missing).toEqual(['menu']);
    expect(byKey.payout!.missing).toEqual(['payout_details']);
    expect(state.can_submit).toBe(false);

    const res = await refused(submit(a));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ONBOARDING_INCOMPLETE');
    // `missing` is this refusal's own addition to the error shape.
    expect(res.body).toMatchObject({ missing: { documents: ['id_document', 'hygiene_certificate', 'liability_insurance'] } });
    expect(res.body.errors.payout![0]).toMatch(/payout details/);
    expect(res.body).not.toHaveProperty('missing.account');
  });

  it('counts only a menu with at least three courses, and only documents that were not deleted', async () => {
    const { agent: a } = await startedChef(h);
    await ok(me(a).menus.$post({ json: menuInput({ courses: menuInput().courses.slice(0, 2) }) }));
    const doc = await (await uploadDocument(h, a, 'id_document')).json() as { data: { id: number } };
    let steps = Object.fromEntries((await onboarding(a)).steps.map((s) => [s.key, s]));
    expect(steps.menu!.complete).toBe(false);
    expect(steps.documents!.missing).toEqual(['hygiene_certificate', 'liability_insurance']);
    await ok(typedClient(a).users.me.attachments[':id'].$delete(on(doc.data.id)));
    steps = Object.fromEntries((await onboarding(a)).steps.map((s) => [s.key, s]));
    expect(steps.documents!.missing).toContain('id_document');
  });

  it('submits a complete application: Onboarded, audit row, notification and mail', async () => {
    const c = await startedChef(h);
    await completeApplication(c.agent, c.userId, c.password);
    const state = await onboarding(c.agent);
    expect(state.steps.filter((s) => !s.complete)).toEqual([]);
    expect(state.can_submit).toBe(true);

    const res = await ok(submit(c.agent));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: ChefStatus.Onboarded, status_name: 'Onboarded' });
    expect(res.body.data.submitted_at).toBe(h.clock.now().toISOString());
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.targetId, String(c.chefId)), eq(auditLog.action, 'chef.status.submit')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: c.userId, before: { status: ChefStatus.New }, after: { status: ChefStatus.Onboarded, actor_role: 'chef' } });
    const notes = await h.db.select().from(notifications).where(eq(notifications.userId, c.userId));
    expect(notes.map((n) => n.title)).toContain('Application submitted');
    const mails = await h.db.select().from(outbox).where(eq(outbox.recipient, c.email));
    expect(mails.map((m) => m.subject)).toContain('Application submitted');

    // Submitted once: a second submission is a status conflict, not a list of steps.
    const again = await refused(submit(c.agent));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_STATUS_TRANSITION');
    expect(again.body.message).toMatch(/Onboarded/);
    expect((await onboarding(c.agent)).can_submit).toBe(false);
  });

  it('lets a rejected chef resubmit', async () => {
    const c = await startedChef(h);
    await completeApplication(c.agent, c.userId, c.password);
    await setChefStatus(h.db, c.chefId, ChefStatus.OnboardingFailed);
    await h.db.update(chefs).set({ rejectionReason: 'Blurry ID photo.' }).where(eq(chefs.id, c.chefId));
    expect((await ok(me(c.agent).$get())).body.data.rejection_reason).toBe('Blurry ID photo.');
    const res = await ok(submit(c.agent));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: ChefStatus.Onboarded, rejection_reason: null });
  });
});
