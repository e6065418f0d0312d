// Admin chefs API: the lists by status with counts, the application view (profile, documents an admin can download,
// regions, menus, steps, history), every status action by an admin with its audit row and the chef's notification
// and mail, and the tier with the same guarantees.
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChefStatus, chefs, type ChefStatusValue } from '../../functions/_api/db/schema/chefs';
import { notifications } from '../../functions/_api/db/schema/messages';
import { auditLog, outbox } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { useHarness } from '../support/use-harness';
import { auditRows, superUser } from '../support/admin-fixtures';
import { menuInput, pdf, REGIONS, seedLists, seedRegions, setChefStatus, startedChef, uploadDocument } from '../support/chef-fixtures';
import { createChef } from '../support/fixtures';
import { isWithoutBody, type ChefActionBody, type ChefAdminAction } from '#shared/schemas/admin.chefs.schema';
import { ok, refused, typedClient } from '../support/typed-client';

const h = useHarness();
let su: Awaited<ReturnType<typeof superUser>>;
beforeAll(async () => {
  await seedLists(h.db);
  await seedRegions(h.db);
  su = await superUser(h);
});
/** The admin chefs calls as the super-user; `ofChef(id)` names a chef. */
const adminChefs = () => typedClient(su.agent).admin.chefs;
const ofChef = (id: number) => ({ param: { id: String(id) } });
type ChefsQuery = Parameters<ReturnType<typeof adminChefs>['$get']>[0]['query'];
const listChefs = (query: ChefsQuery) => ok(adminChefs().$get({ query }));

const chefRow = async (id: number) => (await h.db.select().from(chefs).where(eq(chefs.id, id)))[0]!;
const latestNotice = async (userId: number) => (await h.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(1))[0];
const mailsTo = (email: string) => h.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id));

async function chefIn(status: ChefStatusValue, over: Parameters<typeof startedChef>[1] = {}) {
  const c = await startedChef(h, over);
  await setChefStatus(h.db, c.chefId, status);
  return c;
}

describe('lists', () => {
  it('lists chefs by status and search, with the totals and the count per status', async () => {
    const tag = `ls${Date.now().toString(36)}`;
    const statuses = [ChefStatus.Onboarded, ChefStatus.Onboarded, ChefStatus.Active, ChefStatus.Banned, ChefStatus.New];
    const made = [];
    for (const [i, status] of statuses.entries()) made.push(await createChef(h.db, { status, submittedAt: new Date(Date.UTC(2026, 4, 10 - i)), user: { lastname: `Koch${tag}`, email: `k${i}.${tag}@example.com` } }));

    const queue = await listChefs({ status: 'Onboarded', q: tag, order: 'submitted_at', count: '1' });
    expect(queue.status).toBe(200);
    // Oldest submission first: the review queue.
    expect(queue.body.data.map((c) => c.id)).toEqual([made[1]!.chef.id, made[0]!.chef.id]);
    expect(queue.body.filter_count).toBe(2);
    expect(queue.body.total_count).toBeGreaterThanOrEqual(5);
    expect(queue.body.status_counts).toEqual({ New: 1, Active: 1, Paused: 0, Onboarded: 2, OnboardingFailed: 0, Banned: 1 });
    expect(queue.body.data[0]).toMatchObject({
      status: ChefStatus.Onboarded,
      status_name: 'Onboarded',
      tier: 'chef',
      published_menus: 0,
      user: { email: `k1.${tag}@example.com`, lastname: `Koch${tag}`, disabled: false },
    });

    await h.db.update(chefs).set({ isSignature: true }).where(eq(chefs.id, made[2]!.chef.id));
    const signature = await listChefs({ tier: 'signature', q: tag });
    expect(signature.body.data.map((c) => [c.id, c.tier])).toEqual([[made[2]!.chef.id, 'signature']]);
  });

  it('searches names, e-mail, uri and shown location ignoring case and accents, every word in any of them', async () => {
    // Digits only, so no word searched for below occurs in the tag by chance.
    const tag = `${Date.now()}`;
    const made = async (firstname: string, lastname: string, displayLocation: string) =>
      (await createChef(h.db, { displayLocation, user: { firstname, lastname, email: `${firstname[0]}${tag}@example.com`.toLowerCase() } })).chef.id;
    const jurg = await made('Jürg', 'Müller', 'Zürich, ZH');
    const anna = await made('Anna', 'Keller', 'Genève');
    const helene = await made('Hélène', 'Dubois', 'Lausanne');
    await h.db.update(chefs).set({ uri: `juerg-mueller-${jurg}` }).where(eq(chefs.id, jurg));
    await h.db.update(chefs).set({ displayLocation: 'Neuchâtel' }).where(eq(chefs.id, helene));

    const search = async (q: string) => {
      const res = await listChefs({ count: '1', order: 'id', q: `${q} ${tag}` });
      expect(res.status, q).toBe(200);
      expect(res.body.filter_count, q).toBe(res.body.data.length);
      return res.body.data.map((c) => c.id);
    };
    expect(await search('muller')).toEqual([jurg]);
    expect(await search('MÜLLER')).toEqual([jurg]);
    expect(await search('jurg zurich')).toEqual([jurg]);
    expect(await search('geneve')).toEqual([anna]);
    expect(await search('helene')).toEqual([helene]);
    // The shown location as it is now (the index follows updates), not as it was.
    expect(await search('neuchatel')).toEqual([helene]);
    expect(await search('lausanne')).toEqual([]);
    expect(await search('juerg-mue')).toEqual([jurg]);
    // Words too short for the index are matched as written.
    expect(await search('ke')).toEqual([anna]);
    expect(await search('')).toEqual([jurg, anna, helene]);
    expect(await search('zurich nobody')).toEqual([]);

    // A deleted chef leaves the index, which FTS5 checks against the chefs table (it fails on any difference).
    await h.db.delete(chefs).where(eq(chefs.id, anna));
    expect(await search('geneve')).toEqual([]);
    await h.db.run(sql`insert into chef_search (chef_search, rank) values ('integrity-check', 1)`);
  });

  it('rejects unknown filters in the error shape', async () => {
    const res = await refused(adminChefs().$get({ query: { status: 'Sleeping', tier: 'gold' } }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.status).toEqual(['Choose one of New, Active, Paused, Onboarded, OnboardingFailed, Banned.']);
    expect(res.body.errors.tier).toEqual(['Choose chef, pro or signature.']);
  });
});

describe('the application view', () => {
  it('shows the profile, documents an admin can download (audit-logged), regions, menus, steps and actions', async () => {
    const c = await startedChef(h, { firstname: 'Zoe' });
    const me = typedClient(c.agent).chefs.me;
    expect((await ok(me.$put({ json: { profile_bio: 'I cook seasonal food from the region for families and friends.' } }))).status).toBe(200);
    expect((await ok(me.regions.$put({ json: { regions: [REGIONS.zurich.id, REGIONS.winterthur.id] } }))).status).toBe(200);
    expect((await ok(me.menus.$post({ json: menuInput({ name: 'Alpine Autumn' }) }))).status).toBe(201);
    const upload = await uploadDocument(h, c.agent, 'hygiene_certificate', pdf('certified'));
    expect(upload.status).toBe(201);
    await setChefStatus(h.db, c.chefId, ChefStatus.Onboarded);

    const res = await ok(adminChefs()[':id'].$get(ofChef(c.chefId)));
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: c.chefId,
      firstname: 'Zoe',
      status: ChefStatus.Onboarded,
      status_name: 'Onboarded',
      tier: 'chef',
      profile_bio: 'I cook seasonal food from the region for families and friends.',
      actions: ['approve', 'reject', 'ban'],
      user: { id: c.userId, email: c.email, disabled: false, is_su: false },
    });
    expect(d.regions.data.map((r) => r.name)).toEqual(['Winterthur', 'Zürich']);
    expect(d.menus.map((m) => [m.name, m.courses.length])).toEqual([['Alpine Autumn', 3]]);
    expect(d.onboarding.steps.find((s) => s.key === 'documents')).toMatchObject({ complete: false, missing: ['id_document', 'liability_insurance'] });
    expect(d.history.map((e) => e.action)).toContain('chef.status.create');

    expect(d.documents).toHaveLength(1);
    const doc = d.documents[0]!;
    expect(doc).toMatchObject({ kind: 'hygiene_certificate', filename: 'hygiene_certificate.pdf', download_url: `/v1/users/me/attachments/${doc.id}/download` });
    // Raw on purpose: the link is followed as the answer gives it.
    const download = await su.agent.get(doc.download_url);
    expect(download.status).toBe(200);
    expect(await download.text()).toContain('certified');
    const [logged] = await auditRows(h, 'attachment', doc.id);
    expect(logged).toMatchObject({ action: 'attachment.download', actorUserId: su.userId });
  });

  it('answers 404 for an unknown chef and 400 for a malformed id', async () => {
    const missing = await refused(adminChefs()[':id'].$get(ofChef(999999)));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Chef not found.', code: 'NOT_FOUND' });
    const bad = await refused(adminChefs()[':id'].$get({ param: { id: 'x1' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.id).toEqual(['Must be a chef id.']);
  });
});

describe('status actions', () => {
  it('approves a submitted application: active and verified, audit row, notification and mail', async () => {
    const c = await chefIn(ChefStatus.Onboarded);
    const res = await ok(adminChefs()[':id'].approve.$post({ ...ofChef(c.chefId), json: {} }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { id: c.chefId, status: ChefStatus.Active, status_name: 'Active', previous_status_name: 'Onboarded' } });
    const row = await chefRow(c.chefId);
    expect(row).toMatchObject({ status: ChefStatus.Active, isVerified: true });
    expect(row.verifiedAt?.getTime()).toBe(h.clock.now().getTime());
    const [audit] = await auditRows(h, 'chef', c.chefId);
    expect(audit).toMatchObject({ action: 'chef.status.approve', actorUserId: su.userId, before: { status: ChefStatus.Onboarded }, after: { status: ChefStatus.Active, actor_role: 'admin' } });
    expect((await latestNotice(c.userId))!.title).toBe('Your application is approved');
    expect((await mailsTo(c.email))[0]).toMatchObject({ subject: 'Your application is approved', template: 'notify.chef_status.approve' });
  });

  it('rejects only with a reason, which the chef reads', async () => {
    const c = await chefIn(ChefStatus.Onboarded);
    const reject = adminChefs()[':id'].reject;
    for (const body of [{}, { reason: '   ' }]) {
      const res = await refused(reject.$post({ ...ofChef(c.chefId), json: body }));
      expect(res.status).toBe(400);
      expect(res.body.errors.reason).toEqual(['Please give the chef a reason.']);
    }
    const long = await refused(reject.$post({ ...ofChef(c.chefId), json: { reason: 'x'.repeat(1001) } }));
    expect(long.body.errors.reason).toEqual(['Use at most 1000 characters.']);
    expect((await chefRow(c.chefId)).status).toBe(ChefStatus.Onboarded);

    const res = await ok(reject.$post({ ...ofChef(c.chefId), json: { reason: ' Please add your hygiene certificate. ' } }));
    expect(res.status).toBe(200);
    expect(await chefRow(c.chefId)).toMatchObject({ status: ChefStatus.OnboardingFailed, rejectionReason: 'Please add your hygiene certificate.' });
    const [audit] = await auditRows(h, 'chef', c.chefId);
    expect(audit).toMatchObject({ action: 'chef.status.reject', before: { status: ChefStatus.Onboarded }, after: { status: ChefStatus.OnboardingFailed, reason: 'Please add your hygiene certificate.' } });
    expect((await latestNotice(c.userId))!.message).toContain('Please add your hygiene certificate.');
  });

  it('pauses and resumes, bans with a note and lifts the ban back to the previous status', async () => {
    const c = await chefIn(ChefStatus.Active);
    const steps: [ChefAdminAction, number, ChefActionBody?][] = [
      ['pause', ChefStatus.Paused, { reason: 'Quality check.' }],
      ['resume', ChefStatus.Active],
      ['ban', ChefStatus.Banned, { reason: 'Repeated no-shows.' }],
      ['unban', ChefStatus.Active],
    ];
    for (const [action, to, body = {}] of steps) {
      // Resume and unban take an empty body, which the typed client types apart from pause's and ban's.
      const chef = adminChefs()[':id'];
      const res = await ok(isWithoutBody(action) ? chef[action].$post({ ...ofChef(c.chefId), json: {} }) : chef[action].$post({ ...ofChef(c.chefId), json: body }));
      expect(res.status, action).toBe(200);
      expect((await chefRow(c.chefId)).status).toBe(to);
    }
    const audit = (await auditRows(h, 'chef', c.chefId)).filter((r) => r.action !== 'chef.status.create').reverse();
    expect(audit.map((r) => [r.action, r.before, (r.after as { status: number }).status])).toEqual([
      ['chef.status.pause', { status: ChefStatus.Active }, ChefStatus.Paused],
      ['chef.status.resume', { status: ChefStatus.Paused }, ChefStatus.Active],
      ['chef.status.ban', { status: ChefStatus.Active }, ChefStatus.Banned],
      ['chef.status.unban', { status: ChefStatus.Banned }, ChefStatus.Active],
    ]);
    expect(audit[2]!.after).toMatchObject({ reason: 'Repeated no-shows.' });
    const subjects = (await mailsTo(c.email)).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Our team has paused your chef profile', 'Your chef profile has been blocked', 'Your chef profile has been unblocked']));
  });

  it('refuses what the status does not allow with 409 and writes nothing', async () => {
    const c = await chefIn(ChefStatus.Active);
    const before = (await auditRows(h, 'chef', c.chefId)).length;
    const res = await refused(adminChefs()[':id'].approve.$post({ ...ofChef(c.chefId), json: {} }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'INVALID_STATUS_TRANSITION',
      message: 'Only a submitted application can be approved. This chef profile is Active.',
      // The action tried and the current status by key, so the admin reads both in their language.
      message_key: { key: 'validation.refusal.invalid_status_transition_now', params: { requires: { key: 'validation.chefrule.approve' }, status: { key: 'validation.chefstatus.active' } } },
    });
    expect((await auditRows(h, 'chef', c.chefId)).length).toBe(before);
    expect((await chefRow(c.chefId)).status).toBe(ChefStatus.Active);
  });

  it('answers 404 for an unknown chef and 400 for unknown body fields', async () => {
    expect((await refused(adminChefs()[':id'].pause.$post({ ...ofChef(999999), json: { reason: 'Quality check.' } }))).status).toBe(404);
    const c = await chefIn(ChefStatus.Active);
    // Raw on purpose: resume takes an empty body (its type, Record<string, never>, lets the typed client send none).
    const res = await su.agent.json(su.agent.post(`/v1/admin/chefs/${c.chefId}/resume`, { reason: 'why' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('reason');
  });
});

describe('tier', () => {
  it('sets the tier with an audit row, a notification and a mail in the chef’s locale', async () => {
    const c = await chefIn(ChefStatus.Active);
    await h.db.update(users).set({ locale: 'de' }).where(eq(users.id, c.userId));

    const tier = adminChefs()[':id'].tier;
    const pro = await ok(tier.$put({ ...ofChef(c.chefId), json: { tier: 'pro' } }));
    expect(pro.status).toBe(200);
    expect(pro.body).toMatchObject({ message: 'The tier was changed. The chef was notified.', data: { changed: true, tier: 'pro' } });
    expect(await chefRow(c.chefId)).toMatchObject({ isPro: true, isSignature: false });

    const signature = await ok(tier.$put({ ...ofChef(c.chefId), json: { tier: 'signature' } }));
    expect(signature.status).toBe(200);
    expect(await chefRow(c.chefId)).toMatchObject({ isPro: false, isSignature: true });

    const tiers = (await auditRows(h, 'chef', c.chefId)).filter((r) => r.action === 'chef.tier');
    expect(tiers.map((r) => [r.before, r.after, r.actorUserId])).toEqual([
      [{ tier: 'pro', is_pro: true, is_signature: false }, { tier: 'signature', is_pro: false, is_signature: true }, su.userId],
      [{ tier: 'chef', is_pro: false, is_signature: false }, { tier: 'pro', is_pro: true, is_signature: false }, su.userId],
    ]);
    const note = await latestNotice(c.userId);
    expect(note).toMatchObject({ title: 'Du bist jetzt Signature-Koch', link: '/account/me/chefprofile', type: 'success' });
    const [mail] = await mailsTo(c.email);
    expect(mail).toMatchObject({ subject: 'Du bist jetzt Signature-Koch', template: 'notify.chef_tier.signature', locale: 'de' });

    // The same tier again changes, logs and sends nothing.
    const mailsBefore = (await mailsTo(c.email)).length;
    const same = await ok(tier.$put({ ...ofChef(c.chefId), json: { tier: 'signature' } }));
    expect(same.body).toMatchObject({ message: 'Nothing changed.', data: { changed: false } });
    expect((await auditRows(h, 'chef', c.chefId)).filter((r) => r.action === 'chef.tier')).toHaveLength(2);
    expect(await mailsTo(c.email)).toHaveLength(mailsBefore);
  });

  it('writes nothing for a tier change that lost a race: audit rows and notifications match the changes made', async () => {
    const c = await chefIn(ChefStatus.Active);
    // Changes and refusals both come back: each body is read by its status.
    const tier = adminChefs()[':id'].tier;
    const answers = await Promise.all((['pro', 'signature', 'pro'] as const).map((to) => tier.$put({ ...ofChef(c.chefId), json: { tier: to } })));
    const results = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })));
    const changed = results.filter((r) => r.status === 200 && r.body.data.changed).length;
    for (const r of results.filter((r) => r.status !== 200)) expect(r).toMatchObject({ status: 409, body: { code: 'TIER_CHANGED' } });
    const tierRows = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'chef.tier'), eq(auditLog.targetId, String(c.chefId))));
    const notes = (await h.db.select().from(notifications).where(eq(notifications.userId, c.userId))).filter((n) => /PRO|Signature/.test(n.title));
    expect(changed).toBeGreaterThan(0);
    expect(tierRows).toHaveLength(changed);
    expect(notes).toHaveLength(changed);
    const last = tierRows.sort((a, b) => a.id - b.id).at(-1)!.after as { is_pro: boolean; is_signature: boolean };
    expect(await chefRow(c.chefId)).toMatchObject({ isPro: last.is_pro, isSignature: last.is_signature });
  });

  it('validates the tier and answers 404 for an unknown chef', async () => {
    const c = await chefIn(ChefStatus.Active);
    const none = await refused(adminChefs()[':id'].tier.$put({ ...ofChef(c.chefId), json: {} }));
    // Raw on purpose: a tier that does not exist.
    const gold = await su.agent.json(su.agent.put(`/v1/admin/chefs/${c.chefId}/tier`, { tier: 'gold' }));
    for (const res of [none, gold]) {
      expect(res.status).toBe(400);
      expect(res.body.errors.tier).toEqual(['Choose chef, pro or signature.']);
    }
    expect((await refused(adminChefs()[':id'].tier.$put({ ...ofChef(999999), json: { tier: 'pro' } }))).status).toBe(404);
  });
});
