// Chef status transitions: what the chef may do (pause, resume, submit), what is refused with 409, the admin
// transitions of the exported transitionChefStatus, and the audit rows, notifications and mails each change writes.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChefStatus, chefs } from '../../functions/_api/db/schema/chefs';
import { notifications } from '../../functions/_api/db/schema/messages';
import { auditLog, outbox } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { CHEF_TRANSITIONS, transitionChefStatus } from '../../functions/_api/modules/chef-area/chef-status.service';
import { useHarness } from '../support/use-harness';
import type { Agent } from '../support/agent';
import { ok, refused, settled, typedClient, visitorClient } from '../support/typed-client';
import { activeChef, menuInput, seedLists, setChefStatus, startedChef, testDeps } from '../support/chef-fixtures';

const h = useHarness();
beforeAll(async () => {
  await seedLists(h.db);
});

const auditOf = (chefId: number) => h.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'chef'), eq(auditLog.targetId, String(chefId))));
/** The chef's own status action (submit, pause, resume): the pending typed call. */
const act = (a: Agent, action: 'submit' | 'pause' | 'resume') => typedClient(a).chefs.me[':action{submit|pause|resume}'].$post({ param: { action }, json: {} });
const ownProfile = async (a: Agent) => (await ok(typedClient(a).chefs.me.$get())).body.data;
/** The public chef profile read by a visitor: its status only (200 shown, 404 hidden). */
const publicProfile = async (uri: string) => (await settled(visitorClient(h).chefs[':id{[A-Za-z0-9-]*[0-9]}'].$get({ param: { id: uri }, query: {} }))).status;
const statusOf = async (chefId: number) => (await h.db.select({ s: chefs.status }).from(chefs).where(eq(chefs.id, chefId)))[0]!.s;

describe("the session's own chef", () => {
  it('says whether the public profile shows (is_public), so "My chef profile" can open /chefs/{uri}', async () => {
    const c = await startedChef(h);
    const own = async () => (await ok(typedClient(c.agent).auth.session.user.$get())).body.data?.chef?.data;
    expect(await own()).toMatchObject({ id: c.chefId, uri: c.uri, is_public: false });
    expect(await publicProfile(c.uri)).toBe(404);
    await setChefStatus(h.db, c.chefId, ChefStatus.Active);
    expect(await own()).toMatchObject({ uri: c.uri, is_public: true });
    expect(await publicProfile(c.uri)).toBe(200);
    expect((await ok(act(c.agent, 'pause'))).status).toBe(200);
    expect((await own())?.is_public).toBe(false);
    expect(await publicProfile(c.uri)).toBe(404);
  });
});

describe('transitions a chef may make', () => {
  it('pauses an active profile and resumes it, each with an audit row, a notification and a mail', async () => {
    const c = await activeChef(h);
    const paused = await ok(act(c.agent, 'pause'));
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ status: ChefStatus.Paused, status_name: 'Paused' });
    const resumed = await ok(act(c.agent, 'resume'));
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.status).toBe(ChefStatus.Active);

    const audit = (await auditOf(c.chefId)).filter((r) => r.action !== 'chef.status.create');
    expect(audit.map((r) => [r.action, r.before, (r.after as { status: number }).status])).toEqual([
      ['chef.status.pause', { status: ChefStatus.Active }, ChefStatus.Paused],
      ['chef.status.resume', { status: ChefStatus.Paused }, ChefStatus.Active],
    ]);
    expect(audit.every((r) => r.actorUserId === c.userId)).toBe(true);
    const notes = await h.db.select().from(notifications).where(eq(notifications.userId, c.userId));
    expect(notes.map((n) => n.title)).toEqual(expect.arrayContaining(['Your chef profile is paused', 'Your chef profile is active again']));
    expect(notes.find((n) => n.title === 'Your chef profile is paused')!.link).toBe('/account/me/chefprofile');
    const mails = await h.db.select().from(outbox).where(eq(outbox.recipient, c.email));
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining(['Your chef profile is paused', 'Your chef profile is active again']));
  });

  it('writes the notification and the mail in the chef’s locale', async () => {
    const c = await activeChef(h);
    await h.db.update(users).set({ locale: 'de' }).where(eq(users.id, c.userId));
    await ok(act(c.agent, 'pause'));
    const [note] = await h.db.select().from(notifications).where(and(eq(notifications.userId, c.userId), eq(notifications.title, 'Dein Kochprofil ist pausiert')));
    expect(note).toBeDefined();
    const mail = (await h.db.select().from(outbox).where(eq(outbox.recipient, c.email))).find((m) => m.template === 'notify.chef_status.pause')!;
    expect(mail.subject).toBe('Dein Kochprofil ist pausiert');
    expect(mail.body).toMatch(/^Hallo Anna,/);
    expect(mail.locale).toBe('de');
  });

  it('refuses transitions the current status does not allow, with 409 and nothing written', async () => {
    const c = await startedChef(h);
    const before = (await auditOf(c.chefId)).length;
    const pause = await refused(act(c.agent, 'pause'));
    expect(pause.status).toBe(409);
    expect(pause.body).toMatchObject({ code: 'INVALID_STATUS_TRANSITION' });
    expect(pause.body.message).toBe('Only an active chef profile can be paused. This chef profile is New.');
    const resume = await refused(act(c.agent, 'resume'));
    expect(resume.status).toBe(409);
    expect(resume.body.message).toMatch(/Only a paused chef profile can be resumed/);

    const active = await activeChef(h);
    expect((await refused(act(active.agent, 'resume'))).status).toBe(409);
    expect((await refused(act(active.agent, 'submit'))).status).toBe(409);
    expect((await auditOf(c.chefId)).length).toBe(before);
    expect(await statusOf(c.chefId)).toBe(ChefStatus.New);
    // Not a chef action at all; raw, as the route's type has no such path.
    expect((await c.agent.post('/v1/chefs/me/approve')).status).toBe(404);
  });

  it('lets exactly one of two parallel pauses through', async () => {
    const c = await activeChef(h);
    const results = await Promise.all([settled(act(c.agent, 'pause')), settled(act(c.agent, 'pause'))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await auditOf(c.chefId)).filter((r) => r.action === 'chef.status.pause')).toHaveLength(1);
    const notes = await h.db.select().from(notifications).where(and(eq(notifications.userId, c.userId), eq(notifications.title, 'Your chef profile is paused')));
    expect(notes).toHaveLength(1);
  });

  it('writes neither audit row nor notification for a request that lost the race after its status check', async () => {
    const c = await activeChef(h);
    const actor = { role: 'chef' as const, userId: c.userId };
    // All three read "Active" before any writes; the guarded update lets one through.
    const results = await Promise.allSettled([1, 2, 3].map(() => transitionChefStatus(testDeps(h), { chefId: c.chefId, action: 'pause', actor })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409 });
    expect((await auditOf(c.chefId)).filter((r) => r.action === 'chef.status.pause')).toHaveLength(1);
    expect(await h.db.select().from(notifications).where(and(eq(notifications.userId, c.userId), eq(notifications.title, 'Your chef profile is paused')))).toHaveLength(1);
  });
});

describe('admin transitions (transitionChefStatus, used by the admin area)', () => {
  const admin = { role: 'admin' as const, userId: 999_999 };

  it('lists who may do what', () => {
    expect(CHEF_TRANSITIONS.submit.by).toEqual(['chef']);
    expect(CHEF_TRANSITIONS.approve.by).toEqual(['admin']);
    expect(CHEF_TRANSITIONS.pause.by).toEqual(['chef', 'admin']);
  });

  it('approves a submitted application: Active, verified, notified', async () => {
    const c = await startedChef(h);
    await setChefStatus(h.db, c.chefId, ChefStatus.Onboarded);
    const result = await transitionChefStatus(testDeps(h), { chefId: c.chefId, action: 'approve', actor: admin });
    expect(result).toMatchObject({ from: ChefStatus.Onboarded, to: ChefStatus.Active });
    const me = await ownProfile(c.agent);
    expect(me).toMatchObject({ status: ChefStatus.Active, is_verified: true, verified_at: h.clock.now().toISOString() });
    const audit = (await auditOf(c.chefId)).find((r) => r.action === 'chef.status.approve')!;
    expect(audit.actorUserId).toBe(admin.userId);
    expect(audit.after).toMatchObject({ status: ChefStatus.Active, actor_role: 'admin' });
  });

  it('rejects only with a reason, which the chef sees; the chef may then resubmit', async () => {
    const c = await startedChef(h);
    await setChefStatus(h.db, c.chefId, ChefStatus.Onboarded);
    await expect(transitionChefStatus(testDeps(h), { chefId: c.chefId, action: 'reject', actor: admin, reason: '  ' })).rejects.toMatchObject({ status: 400 });
    await transitionChefStatus(testDeps(h), { chefId: c.chefId, action: 'reject', actor: admin, reason: 'Your hygiene certificate has expired.' });
    const me = await ownProfile(c.agent);
    expect(me).toMatchObject({ status: ChefStatus.OnboardingFailed, rejection_reason: 'Your hygiene certificate has expired.' });
    const [note] = await h.db.select().from(notifications).where(and(eq(notifications.userId, c.userId), eq(notifications.type, 'error')));
    expect(note!.message).toContain('Your hygiene certificate has expired.');
    expect(note!.link).toBe('/account/me/becomechef');
    // The chef's own submission is allowed again (and gated on completeness).
    expect((await refused(act(c.agent, 'submit'))).body.code).toBe('ONBOARDING_INCOMPLETE');
  });

  it('bans from any status, blocks the chef’s writes, and an unban restores the previous status', async () => {
    const c = await activeChef(h);
    await ok(act(c.agent, 'pause'));
    await transitionChefStatus(testDeps(h), { chefId: c.chefId, action: 'ban', actor: admin, reason: 'Fake documents' });
    const [row] = await h.db.select().from(chefs).where(eq(chefs.id, c.chefId));
    expect(row).toMatchObject({ status: ChefStatus.Banned, statusBeforeBan: ChefStatus.Paused });
    expect((await ownProfile(c.agent)).status_name).toBe('Banned');
    const chefArea = typedClient(c.agent).chefs.me;
    expect((await refused(chefArea.menus.$post({ json: menuInput() }))).status).toBe(403);
    expect((await refused(chefArea.$put({ json: { profile_bio: 'x' } }))).status).toBe(403);
    expect((await refused(act(c.agent, 'resume'))).status).toBe(409);
    await expect(transitionChefStatus(testDeps(h), { chefId: c.chefId, action: 'ban', actor: admin })).rejects.toMatchObject({ status: 409 });

    await transitionChefStatus(testDeps(h), { chefId: c.chefId, action: 'unban', actor: admin });
    const [after] = await h.db.select().from(chefs).where(eq(chefs.id, c.chefId));
    expect(after).toMatchObject({ status: ChefStatus.Paused, statusBeforeBan: null });
    expect((await auditOf(c.chefId)).map((r) => r.action)).toEqual(['chef.status.create', 'chef.status.pause', 'chef.status.ban', 'chef.status.unban']);
  });

  it('refuses a chef acting as admin and an unknown chef', async () => {
    const c = await startedChef(h);
    await setChefStatus(h.db, c.chefId, ChefStatus.Onboarded);
    await expect(transitionChefStatus(testDeps(h), { chefId: c.chefId, action: 'approve', actor: { role: 'chef', userId: c.userId } })).rejects.toMatchObject({ status: 403 });
    await expect(transitionChefStatus(testDeps(h), { chefId: 987_654, action: 'approve', actor: admin })).rejects.toMatchObject({ status: 404 });
    expect(await statusOf(c.chefId)).toBe(ChefStatus.Onboarded);
  });
});
