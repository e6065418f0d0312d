// Admin users API: the search, an account's details, ending sessions, the super-user right (never one's own, never
// the last one, also when two admins race), and disabling (no sign-in, sessions end). Each write leaves its audit row.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../functions/_api/db/schema/system';
import { sessions, users } from '../../functions/_api/db/schema/users';
import { setDisabled, setSuperUser } from '../../functions/_api/modules/admin/admin.users.service';
import { useHarness } from '../support/use-harness';
import type { Harness } from '../support/harness';
import { superUser, auditRows } from '../support/admin-fixtures';
import { agent, signedUp, type Agent } from '../support/agent';
import { createBooking, testDeps, userByEmail } from '../support/chef-fixtures';
import { createChef, createMenu, createUser } from '../support/fixtures';
import { ok, refused, typedClient } from '../support/typed-client';

const h = useHarness();
let su: Awaited<ReturnType<typeof superUser>>;
beforeAll(async () => {
  su = await superUser(h);
});

/** The admin users calls as agent `a` (the super-user unless named); `ofUser(id)` names an account. */
const adminUsers = (a: Agent = su.agent) => typedClient(a).admin.users;
const ofUser = (id: number) => ({ param: { id: String(id) } });
type UsersQuery = Parameters<ReturnType<typeof adminUsers>['$get']>[0]['query'];
const listUsers = (query: UsersQuery) => ok(adminUsers().$get({ query }));
const userDetail = (id: number) => ok(adminUsers()[':id'].$get(ofUser(id)));
const endSession = (id: number, sessionId: string) => adminUsers()[':id'].sessions[':sessionId'].$delete({ param: { id: String(id), sessionId } });
const setSu = (a: Agent, id: number, is_su: boolean) => adminUsers(a)[':id']['super-user'].$put({ ...ofUser(id), json: { is_su } });
const setUserDisabled = (a: Agent, id: number, disabled: boolean) => adminUsers(a)[':id'].disabled.$put({ ...ofUser(id), json: { disabled } });
const signIn = (identifier: string, secret: string, a: Agent = agent(h)) => typedClient(a).auth.signin.$post({ json: { identifier, secret } });

/** A signed-up customer with the user row and a second signed-in device. */
async function customer(over: Parameters<typeof signedUp>[1] = {}) {
  const s = await signedUp(h, over);
  const user = await userByEmail(h.db, s.email);
  const second = agent(h);
  const res = await ok(signIn(s.email, s.password, second));
  expect(res.status).toBe(200);
  return { ...s, user, second };
}

const liveSessions = (userId: number) => h.db.select().from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
const isSignedIn = async (a: Agent) => (await typedClient(a).users.me.sessions.$get()).status === 200;

describe('search', () => {
  it('finds accounts by name and e-mail, word by word, in the paged envelope', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    await createUser(h.db, { firstname: 'Gianna', lastname: `Rossi${tag}`, email: `gianna.${tag}@example.com` });
    await createUser(h.db, { firstname: 'Marco', lastname: `Rossi${tag}`, email: `marco.${tag}@example.com` });
    await createUser(h.db, { firstname: 'Lea', lastname: 'Meier', email: `lea.${tag}@example.org` });

    const byName = await listUsers({ q: `rossi${tag}`, count: '1', order: 'email' });
    expect(byName.status).toBe(200);
    expect(byName.body.data.map((u) => u.firstname)).toEqual(['Gianna', 'Marco']);
    expect(byName.body.filter_count).toBe(2);
    expect(byName.body.total_count).toBeGreaterThanOrEqual(4);
    expect(byName.body.data[0]).toMatchObject({ email: `gianna.${tag}@example.com`, is_su: false, is_chef: false, chef: null, disabled: false });

    const twoWords = await listUsers({ q: `MARCO rossi${tag}` });
    expect(twoWords.body.data.map((u) => u.firstname)).toEqual(['Marco']);
    expect(twoWords.body.total_count).toBeUndefined();

    const byMail = await listUsers({ q: `${tag}@example.org` });
    expect(byMail.body.data.map((u) => u.lastname)).toEqual(['Meier']);

    // "%" is searched for literally, not as a wildcard.
    expect((await listUsers({ q: '%' })).body.data).toEqual([]);
  });

  it('pages and filters by role', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) await createUser(h.db, { lastname: `Page${tag}`, email: `p${i}.${tag}@example.com` });
    const page1 = await listUsers({ q: tag, page_size: 2, page: 1, count: '1', order: 'email' });
    expect(page1.body.data.map((u) => u.email)).toEqual([`p2.${tag}@example.com`]);
    expect(page1.body.filter_count).toBe(3);

    const { chef, user } = await createChef(h.db, { user: { lastname: `Chef${tag}` } });
    const chefs = await listUsers({ role: 'chef', q: tag });
    expect(chefs.body.data).toEqual([expect.objectContaining({ id: user.id, is_chef: true, chef: { id: chef.id, status: 1, status_name: 'Active' } })]);
    const sus = await listUsers({ role: 'su', count: '1' });
    expect(sus.body.data.every((u) => u.is_su)).toBe(true);
    expect(sus.body.data.map((u) => u.id)).toContain(su.userId);
  });

  it('rejects bad query parameters in the error shape', async () => {
    // Raw on purpose: `sort` is no parameter of the list.
    const res = await su.agent.json(su.agent.get('/v1/admin/users?page_size=0&role=owner&sort=x'));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.errors).sort()).toEqual(['page_size', 'role', 'sort']);
    expect(res.body.errors.role).toEqual(['Choose su, chef or disabled.']);
  });
});

describe('search through the full-text index', () => {
  // Digits only, so no short word of a query below can occur in the tag by chance.
  const tag = `t${Date.now()}`;
  type Row = { id: number };
  const search = async (q: string) => {
    const res = await listUsers({ count: '1', order: 'id', page_size: 50, q });
    expect(res.status, q).toBe(200);
    expect(res.body.filter_count, q).toBe(res.body.data.length);
    return res.body.data.map((u) => u.id);
  };
  let jurg: Row, olivia: Row, jo: Row, promo: Row, promoLookalike: Row;
  beforeAll(async () => {
    jurg = await createUser(h.db, { firstname: 'Jürg', lastname: 'Müller-Zürich', email: `juerg.${tag}@example.ch` });
    olivia = await createUser(h.db, { firstname: 'Olivia', lastname: 'Brunner', email: `olivia.${tag}.kontakt@example.com` });
    jo = await createUser(h.db, { firstname: 'Jo', lastname: 'Keller', email: `jo.${tag}@example.com` });
    promo = await createUser(h.db, { firstname: '50%_off', lastname: 'Promo', email: `promo.${tag}@example.com` });
    promoLookalike = await createUser(h.db, { firstname: '50xyoff', lastname: 'Promo', email: `promo2.${tag}@example.com` });
  });

  it('finds a substring in the middle of an e-mail', async () => {
    expect(await search(`${tag}.kont`)).toEqual([olivia.id]);
    expect(await search(`a.${tag}.kontakt@exa`)).toEqual([olivia.id]);
  });

  it('ignores case and diacritics', async () => {
    expect(await search(`muller ${tag}`)).toEqual([jurg.id]);
    expect(await search(`ZURICH ${tag}`)).toEqual([jurg.id]);
    expect(await search(`JÜRG MÜLLER-zürich ${tag}`)).toEqual([jurg.id]);
  });

  it('needs every word, each in any of first name, last name and e-mail', async () => {
    expect(await search(`olivia brunner ${tag}`)).toEqual([olivia.id]);
    expect(await search(`promo ${tag}`)).toEqual([promo.id, promoLookalike.id]);
    expect(await search(`olivia keller ${tag}`)).toEqual([]);
  });

  it('filters words under three characters with LIKE, alone or next to indexed words', async () => {
    expect(await search(`jo ${tag}`)).toEqual([jo.id]);
    expect(await search(`ol ${tag}`)).toEqual([olivia.id]);
    expect(await search(`JO ke`)).toContain(jo.id);
    expect(await search(`jo kx`)).not.toContain(jo.id);
  });

  it('takes LIKE wildcards and FTS syntax literally', async () => {
    expect(await search(`50%_off ${tag}`)).toEqual([promo.id]);
    expect(await search(`% ${tag}`)).toEqual([promo.id]);
    expect(await search(`_ ${tag}`)).toEqual([promo.id]);
    expect(await search('%_')).toEqual([promo.id]);
    expect(await search(`"promo OR ${tag}*`)).toEqual([]);
    expect(await search(`${tag}*`)).toEqual([]);
  });

  it('finds an account by its new name after the owner renames it, not by the old one', async () => {
    const c = await customer({ firstname: 'Ottilie', lastname: `Alt${tag}` });
    expect(await search(`alt${tag}`)).toEqual([c.user.id]);
    const res = await ok(typedClient(c.agent).users.me.$put({ json: { firstname: 'Ottilie', lastname: `Neu${tag}` } }));
    expect(res.status).toBe(200);
    const [row] = await h.db.select({ lastname: users.lastname }).from(users).where(eq(users.id, c.user.id));
    expect(row!.lastname).toBe(`Neu${tag}`);
    expect(await search(`alt${tag}`)).toEqual([]);
    expect(await search(`neu${tag}`)).toEqual([c.user.id]);
    expect(await search(`ottilie ${tag}`)).toEqual([c.user.id]);
  });

  it('drops a deleted account from the index, which stays consistent with the users table', async () => {
    // No endpoint deletes accounts; the trigger is there for whatever does (a data fix, a future erasure).
    const gone = await createUser(h.db, { firstname: 'Gone', email: `gone.${tag}@example.com` });
    expect(await search(`gone.${tag}`)).toEqual([gone.id]);
    await h.db.delete(users).where(eq(users.id, gone.id));
    expect(await search(`gone.${tag}`)).toEqual([]);
    // FTS5 checks its index against the content table and fails on any difference.
    await h.db.run(sql`insert into user_search (user_search, rank) values ('integrity-check', 1)`);
  });
});

describe('details', () => {
  it('shows roles, sign-in methods, live sessions (by public id) and bookings', async () => {
    const c = await customer({ firstname: 'Doris' });
    const { chef } = await createChef(h.db);
    const menu = await createMenu(h.db, chef.id);
    const booking = await createBooking(h.db, { chefId: chef.id, menuId: menu.id, customerId: c.user.id, status: 'confirmed', eventDate: '2026-09-01', menuName: 'Autumn' });

    const res = await userDetail(c.user.id);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ id: c.user.id, email: c.email, firstname: 'Doris', is_su: false, is_self: false, is_chef: false, disabled: false, sign_in_methods: { password: true, providers: [] } });
    expect(d.sessions).toHaveLength(2);
    const hashes = (await liveSessions(c.user.id)).map((s) => s.idHash);
    for (const s of d.sessions) {
      expect(s.id).toMatch(/^[0-9a-f]{16}$/);
      expect(hashes).not.toContain(s.id);
      expect(hashes.some((hash) => hash.startsWith(s.id))).toBe(true);
    }
    expect(JSON.stringify(d)).not.toContain(hashes[0]!);
    expect(d.bookings.total_count).toBe(1);
    expect(d.bookings.data[0]).toMatchObject({ id: booking.id, role: 'customer', status: 'confirmed', menu_name: 'Autumn', chef: { id: chef.id } });

    // The chef's own bookings show from the chef's side.
    const asChef = await userDetail(chef.userId);
    expect(asChef.body.data).toMatchObject({ is_chef: true, chef: { id: chef.id, status_name: 'Active' }, sign_in_methods: { password: false } });
    expect(asChef.body.data.bookings.data[0]).toMatchObject({ id: booking.id, role: 'chef', customer: { id: c.user.id, firstname: 'Doris' } });

    const self = await userDetail(su.userId);
    expect(self.body.data).toMatchObject({ is_su: true, is_self: true });
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const missing = await refused(adminUsers()[':id'].$get(ofUser(999999)));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'User not found.', code: 'NOT_FOUND' });
    const bad = await refused(adminUsers()[':id'].$get({ param: { id: 'abc' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.id).toEqual(['Must be a user id.']);
  });
});

describe('sessions', () => {
  it('ends one session: that device is signed out, the other stays, and the audit row says which', async () => {
    const c = await customer();
    const detail = await userDetail(c.user.id);
    const [first] = detail.body.data.sessions;
    const res = await ok(endSession(c.user.id, first!.id));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The session was ended.');

    const live = await liveSessions(c.user.id);
    expect(live).toHaveLength(1);
    expect(live[0]!.idHash.startsWith(first!.id)).toBe(false);
    expect([await isSignedIn(c.agent), await isSignedIn(c.second)].sort()).toEqual([false, true]);

    const [row] = await auditRows(h, 'user', c.user.id);
    expect(row).toMatchObject({ action: 'user.sessions.revoke', actorUserId: su.userId, before: { session: first!.id, revoked: false }, after: { session: first!.id, revoked: true } });

    // Again: already ended, so not found, and no second audit row.
    const again = await refused(endSession(c.user.id, first!.id));
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Session not found.');
    expect(await auditRows(h, 'user', c.user.id)).toHaveLength(1);
  });

  it('never ends another user’s session through the wrong user id, and checks the id format', async () => {
    const a = await customer();
    const b = await customer();
    const [s] = (await userDetail(a.user.id)).body.data.sessions;
    expect((await refused(endSession(b.user.id, s!.id))).status).toBe(404);
    expect(await liveSessions(a.user.id)).toHaveLength(2);
    const bad = await refused(endSession(a.user.id, 'ABC%'));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.sessionId).toEqual(['Unknown session.']);
  });

  it('ends every session of an account', async () => {
    const c = await customer();
    const revoke = adminUsers()[':id'].sessions.revoke;
    const res = await ok(revoke.$post({ ...ofUser(c.user.id), json: {} }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ revoked: 2, message: '2 sessions were ended.' });
    expect(await liveSessions(c.user.id)).toHaveLength(0);
    expect(await isSignedIn(c.agent)).toBe(false);
    expect(await isSignedIn(c.second)).toBe(false);
    const [row] = await auditRows(h, 'user', c.user.id);
    expect(row).toMatchObject({ action: 'user.sessions.revoke_all', actorUserId: su.userId, before: { active_sessions: 2 }, after: { active_sessions: 0 } });

    expect((await refused(revoke.$post({ ...ofUser(999999), json: {} }))).status).toBe(404);
    // Raw on purpose: the call takes an empty body (its type, Record<string, never>, lets the typed client send none).
    const extra = await su.agent.json(su.agent.post(`/v1/admin/users/${c.user.id}/sessions/revoke`, { all: true }));
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toHaveProperty('all');
  });
});

describe('super-user right', () => {
  it('grants and removes it, with audit rows, and the account’s access follows at once', async () => {
    const c = await customer();
    const usersAsThem = () => adminUsers(c.agent).$get({ query: {} });
    expect((await refused(usersAsThem())).status).toBe(403);

    const grant = await ok(setSu(su.agent, c.user.id, true));
    expect(grant.status).toBe(200);
    expect(grant.body).toMatchObject({ message: 'The user is now a super-user.', data: { changed: true, is_su: true } });
    expect((await userByEmail(h.db, c.email)).isSu).toBe(true);
    expect((await ok(usersAsThem())).status).toBe(200);

    const remove = await ok(setSu(su.agent, c.user.id, false));
    expect(remove.status).toBe(200);
    expect((await userByEmail(h.db, c.email)).isSu).toBe(false);
    expect((await refused(usersAsThem())).status).toBe(403);

    const rows = await auditRows(h, 'user', c.user.id);
    expect(rows.map((r) => [r.action, r.before, r.after, r.actorUserId])).toEqual([
      ['user.super_user.remove', { is_su: true }, { is_su: false }, su.userId],
      ['user.super_user.grant', { is_su: false }, { is_su: true }, su.userId],
    ]);

    // Repeating the current state changes and logs nothing.
    const same = await ok(setSu(su.agent, c.user.id, false));
    expect(same.body).toMatchObject({ message: 'Nothing changed.', data: { changed: false, is_su: false } });
    expect(await auditRows(h, 'user', c.user.id)).toHaveLength(2);
  });

  it('refuses removing one’s own right with 409', async () => {
    const res = await refused(setSu(su.agent, su.userId, false));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'OWN_SUPER_USER', message: 'You cannot remove your own super-user right. Another super-user has to do it.' });
    expect((await userByEmail(h.db, su.email)).isSu).toBe(true);
    expect(await auditRows(h, 'user', su.userId)).toHaveLength(0);
  });

  it('validates the body and the id', async () => {
    // Raw on purpose: a text flag and a field the body does not take.
    const res = await su.agent.json(su.agent.put('/v1/admin/users/1/super-user', { is_su: 'yes', role: 'admin' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ is_su: ['Send true or false.'], role: expect.any(Array) });
    expect((await refused(setSu(su.agent, 999999, true))).status).toBe(404);
  });
});

describe('the last super-user', () => {
  // Here the two admins of each test are the only super-users: everyone else loses the right until the block ends.
  // (Not a second harness: in workerd every harness of a file shares one D1 database.)
  let h2: Harness;
  let others: number[] = [];
  beforeAll(async () => {
    h2 = h;
    others = (await h.db.select({ id: users.id }).from(users).where(eq(users.isSu, true))).map((u) => u.id);
  });
  afterAll(async () => {
    await h.db.update(users).set({ isSu: true }).where(inArray(users.id, others));
  });

  const pair = async () => {
    await h2.db.update(users).set({ isSu: false });
    return [await superUser(h2), await superUser(h2)] as const;
  };
  const superUsers = async (ids: number[]) => (await h2.db.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), eq(users.isSu, true)))).map((u) => u.id);
  const actorFor = (userId: number) => ({ userId, ip: '10.0.0.9', now: h2.clock.now() });

  it('lets exactly one of two admins demoting each other at the same time succeed', async () => {
    const [a, b] = await pair();
    // One wins and one is refused: the statuses alone are read.
    const [ab, ba] = await Promise.all([setSu(a.agent, b.userId, false), setSu(b.agent, a.userId, false)]);
    const statuses = [ab.status, ba.status];
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The loser is refused: by the rule (409) or, if it was already demoted when its request began, by the door (403).
    expect([409, 403]).toContain(statuses.find((s) => s !== 200));
    expect(await superUsers([a.userId, b.userId])).toHaveLength(1);
    const removals = await h2.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.super_user.remove'), inArray(auditLog.targetId, [String(a.userId), String(b.userId)])));
    expect(removals).toHaveLength(1);
  });

  it('refuses the demotion of the last one even from an admin who lost the right meanwhile', async () => {
    const [a, b] = await pair();
    expect((await ok(setSu(a.agent, b.userId, false))).status).toBe(200);
    // b's request had passed the door before a's change landed: the update itself refuses.
    await expect(setSuperUser(testDeps(h2), actorFor(b.userId), a.userId, false)).rejects.toMatchObject({ status: 409, code: 'LAST_SUPER_USER' });
    await expect(setDisabled(testDeps(h2), actorFor(b.userId), a.userId, true)).rejects.toMatchObject({ status: 409, code: 'LAST_SUPER_USER' });
    expect(await superUsers([a.userId, b.userId])).toEqual([a.userId]);
    expect((await h2.db.select().from(users).where(eq(users.id, a.userId)))[0]!.disabledAt).toBeNull();
    expect(await auditRows(h2, 'user', a.userId)).toHaveLength(0);
    // a's sessions were not ended by the refused disable.
    expect((await ok(adminUsers(a.agent).$get({ query: {} }))).status).toBe(200);
  });

  it('lets exactly one of two admins disabling each other at the same time succeed', async () => {
    const [a, b] = await pair();
    const [ab, ba] = await Promise.all([setUserDisabled(a.agent, b.userId, true), setUserDisabled(b.agent, a.userId, true)]);
    expect([ab.status, ba.status].filter((s) => s === 200)).toHaveLength(1);
    const enabled = await h2.db.select({ id: users.id }).from(users).where(and(inArray(users.id, [a.userId, b.userId]), isNull(users.disabledAt)));
    expect(enabled).toHaveLength(1);
  });
});

describe('disabling an account', () => {
  it('ends its sessions in the same write, refuses its password sign-in, and enabling lets it back in', async () => {
    const c = await customer();
    const res = await ok(setUserDisabled(su.agent, c.user.id, true));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'The account was disabled and its sessions were ended.', data: { changed: true, disabled: true, sessions_revoked: 2 } });

    const row = await userByEmail(h.db, c.email);
    expect(row.disabledAt?.getTime()).toBe(h.clock.now().getTime());
    expect(await liveSessions(c.user.id)).toHaveLength(0);
    const ended = await h.db.select().from(sessions).where(eq(sessions.userId, c.user.id));
    expect(ended.every((s) => s.revokedAt?.getTime() === h.clock.now().getTime())).toBe(true);
    expect(await isSignedIn(c.agent)).toBe(false);

    const signin = await refused(signIn(c.email, c.password));
    expect(signin.status).toBe(403);
    expect(signin.body).toMatchObject({ message: 'This account is disabled.', code: 'ACCOUNT_DISABLED' });
    // A wrong password still gets the generic answer: being disabled is only told to someone who knows the password.
    const wrong = await refused(signIn(c.email, 'not the password'));
    expect(wrong.status).toBe(401);

    const same = await ok(setUserDisabled(su.agent, c.user.id, true));
    expect(same.body.data.changed).toBe(false);

    const enable = await ok(setUserDisabled(su.agent, c.user.id, false));
    expect(enable.status).toBe(200);
    expect(enable.body.message).toBe('The account was enabled.');
    expect((await userByEmail(h.db, c.email)).disabledAt).toBeNull();
    expect((await ok(signIn(c.email, c.password))).status).toBe(200);

    const rows = await auditRows(h, 'user', c.user.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['user.enable', { disabled: true, disabled_at: h.clock.now().toISOString() }, { disabled: false }],
      ['user.disable', { disabled: false }, { disabled: true, disabled_at: h.clock.now().toISOString() }],
    ]);
  });

  it('refuses disabling one’s own account and checks the body', async () => {
    const self = await refused(setUserDisabled(su.agent, su.userId, true));
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ code: 'OWN_ACCOUNT', message: 'You cannot disable your own account.' });
    expect(await isSignedIn(su.agent)).toBe(true);
    // The flag is optional in the body's type: its absence is refused like an invalid one.
    const bad = await refused(adminUsers(su.agent)[':id'].disabled.$put({ ...ofUser(su.userId), json: {} }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.disabled).toEqual(['Send true or false.']);
    expect((await refused(setUserDisabled(su.agent, 999999, true))).status).toBe(404);
  });
});
