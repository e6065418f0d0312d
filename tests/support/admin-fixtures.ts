// Admin test parties: a super-user, a customer and a chef, each a signed-in agent, plus a helper that reads the
// audit rows an admin write left behind.
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { agent, signedUp, type Agent } from './agent';
import { activeChef } from './chef-fixtures';
import type { Harness } from './harness';

export type AdminParties = { su: Agent; suUserId: number; customer: Agent; chef: Agent; visitor: Agent };

/** Signs up a user through the API and makes them a super-user; their session sees is_su at once. */
export async function superUser(h: Harness, over: Parameters<typeof signedUp>[1] = {}) {
  const s = await signedUp(h, over);
  const [u] = await h.db.update(users).set({ isSu: true }).where(eq(users.email, s.email.toLowerCase())).returning({ id: users.id });
  return { agent: s.agent, userId: u!.id, email: s.email };
}

export async function adminParties(h: Harness): Promise<AdminParties> {
  const su = await superUser(h);
  const customer = await signedUp(h);
  const chef = await activeChef(h);
  return { su: su.agent, suUserId: su.userId, customer: customer.agent, chef: chef.agent, visitor: agent(h) };
}

/** The audit rows for one target, newest first. */
export function auditRows(h: Harness, targetType: string, targetId: string | number) {
  return h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(desc(auditLog.id));
}
