// The demo seed's audit log reads like the app's own: every seeded action is one the app writes (AUDIT_ACTIONS), and
// each seeded row carries the same before/after fields and the same kind of actor as the row the real code writes
// for that action, so the admin screens label and describe seeded rows exactly as they do real ones.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChefStatus } from '../../functions/_api/db/schema/chefs';
import { auditLog } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { AUDIT_ACTIONS } from '#shared/audit-actions';
import { setChefTier } from '../../functions/_api/modules/admin/admin.chefs.service';
import { transitionChefStatus, type ChefStatusAction } from '../../functions/_api/modules/chef-area/chef-status.service';
import { createHarness } from '#harness';
import { START, type Harness } from '../support/harness';
import { superUser } from '../support/admin-fixtures';
import { setChefStatus, startedChef, testDeps } from '../support/chef-fixtures';
import { seedDatabase } from '../../scripts/seed/index';

type Row = typeof auditLog.$inferSelect;

let h: Harness;
let seeded: Row[];
const written = new Map<string, Row>();

/** The shape the screens read: the action, the before/after field names, the actor's role. */
const shape = (r: Row, suIds: Set<number>) => ({
  action: r.action,
  before: r.before == null ? null : Object.keys(r.before as object).sort(),
  after: r.after == null ? null : Object.keys(r.after as object).sort(),
  actor_role: (r.after as { actor_role?: string } | null)?.actor_role ?? null,
  actor: r.actorUserId != null && suIds.has(r.actorUserId) ? 'super-user' : 'chef',
});

beforeAll(async () => {
  h = await createHarness();
  await seedDatabase(h.db, { files: null, demo: true, regions: 'sample', now: START });
  seeded = await h.db.select().from(auditLog);

  // The same actions, written by the app's own code on chefs made for it.
  const su = await superUser(h);
  const deps = testDeps(h);
  const admin = { role: 'admin' as const, userId: su.userId };
  const chefIn = async (status: number) => {
    const c = await startedChef(h);
    await setChefStatus(h.db, c.chefId, status as never);
    return c;
  };
  const run = async (status: number, action: ChefStatusAction, actor: 'chef' | 'admin', reason?: string) => {
    const c = await chefIn(status);
    await transitionChefStatus(deps, { chefId: c.chefId, action, actor: actor === 'admin' ? admin : { role: 'chef', userId: c.userId }, reason });
  };
  const created = await startedChef(h);
  await transitionChefStatus(deps, { chefId: created.chefId, action: 'submit', actor: { role: 'chef', userId: created.userId } });
  await run(ChefStatus.Onboarded, 'approve', 'admin');
  await run(ChefStatus.Onboarded, 'reject', 'admin', 'Please add your hygiene certificate.');
  await run(ChefStatus.Active, 'pause', 'chef');
  await run(ChefStatus.Active, 'ban', 'admin', 'Repeated no-shows.');
  const tiered = await chefIn(ChefStatus.Active);
  await setChefTier(deps, { userId: su.userId, ip: null, now: h.clock.now() }, tiered.chefId, 'pro');

  const seededIds = new Set(seeded.map((r) => r.id));
  for (const r of await h.db.select().from(auditLog)) if (!seededIds.has(r.id) && !written.has(r.action)) written.set(r.action, r);
}, 120_000);
afterAll(() => h?.close());

describe('the seeded audit log', () => {
  it('has rows, and every action in it is one the app writes', async () => {
    expect(seeded.length).toBeGreaterThan(0);
    const actions = [...new Set(seeded.map((r) => r.action))].sort();
    expect(actions.filter((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
    // The chef history of the demo: started, submitted, decided, tiered, paused and banned chefs.
    expect(actions).toEqual(['chef.status.approve', 'chef.status.ban', 'chef.status.create', 'chef.status.pause', 'chef.status.reject', 'chef.status.submit', 'chef.tier']);
  });

  it('gives each seeded row the fields and the actor of the row the app writes for the same action', async () => {
    const suIds = new Set((await h.db.select({ id: users.id }).from(users).where(eq(users.isSu, true))).map((u) => u.id));
    for (const action of new Set(seeded.map((r) => r.action))) {
      const real = written.get(action);
      expect(real, `the app wrote no ${action} row in this test`).toBeDefined();
      const expected = shape(real!, suIds);
      for (const row of seeded.filter((r) => r.action === action)) expect(shape(row, suIds), `seeded row ${row.id}`).toEqual(expected);
    }
  });
});
