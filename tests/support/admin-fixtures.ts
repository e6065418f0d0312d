// Admin test parties: a super-user, a customer and a chef, each a signed-in agent (and a suite setup that makes them
// over a fresh harness), the super-user of files that build their world with the booking fixtures, plus a helper that
// reads the audit rows an admin write left behind.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createHarness } from '#harness';
import { auditLog } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { agent, signedUp, type Agent } from './agent';
import { as, type Party } from './booking-fixtures';
import { activeChef, seedLists } from './chef-fixtures';
import { createUser } from './fixtures';
import type { Harness } from './harness';
import { typedClient } from './typed-client';

export { COMPANY } from './company';

export type AdminParties = { su: Agent; suUserId: number; customer: Agent; chef: Agent; visitor: Agent };

/** Signs up a user through the API and makes them a super-user; their session sees is_su at once. */
export async function superUser(h: Harness, over: Parameters<typeof signedUp>[1] = {}) {
  const s = await signedUp(h, over);
  const [u] = await h.db.update(users).set({ isSu: true }).where(eq(users.email, s.email.toLowerCase())).returning({ id: users.id });
  return { agent: s.agent, userId: u!.id, email: s.email };
}

/**
 * A file's super-user, made in the database before its tests (no sign-up on the way). `agent()` is a fresh session at
 * the harness clock's now, so tests that move the clock by days stay signed in; `client()` is its typed client.
 */
export function superUserParty(h: Harness, over: Parameters<typeof createUser>[1] = {}) {
  let party: Party | undefined;
  beforeAll(async () => {
    const u = await createUser(h.db, { isSu: true, locale: 'en', ...over });
    party = { userId: u.id, email: u.email };
  });
  const signedIn = () => as(h, party!);
  return {
    get party() {
      return party!;
    },
    agent: signedIn,
    client: async () => typedClient(await signedIn()),
  };
}

export async function adminParties(h: Harness): Promise<AdminParties> {
  const su = await superUser(h);
  const customer = await signedUp(h);
  const chef = await activeChef(h);
  return { su: su.agent, suUserId: su.userId, customer: customer.agent, chef: chef.agent, visitor: agent(h) };
}

/**
 * A suite file's setup: a fresh harness (with the cuisine/diet/allergen lists when `lists` is set) and the admin
 * parties before its tests, the harness closed after them. Read through the returned object (`w.h`, `w.p`).
 */
export function useAdminParties(opts: { lists?: boolean } = {}): { readonly h: Harness; readonly p: AdminParties } {
  let h: Harness | undefined;
  let p: AdminParties | undefined;
  beforeAll(async () => {
    const harness = await createHarness();
    h = harness;
    if (opts.lists) await seedLists(harness.db);
    p = await adminParties(harness);
  });
  afterAll(() => h?.close());
  return {
    get h() {
      return h!;
    },
    get p() {
      return p!;
    },
  };
}

/** The audit rows for one target, newest first. */
export function auditRows(h: Harness, targetType: string, targetId: string | number) {
  return h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(desc(auditLog.id));
}
