// Test data builders that insert rows directly, so each test states only what it is about.
import type { DB } from '../../functions/_api/db/client';
import { ChefStatus, chefs, type ChefStatusValue } from '../../functions/_api/db/schema/chefs';
import { images } from '../../functions/_api/db/schema/files';
import { menus, type MenuStatus } from '../../functions/_api/db/schema/menus';
import { users } from '../../functions/_api/db/schema/users';
import { eq } from 'drizzle-orm';

let seq = 0;
const next = () => ++seq;

export async function createUser(db: DB, over: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [u] = await db
    .insert(users)
    .values({ email: `user${n}-${Date.now()}@example.com`, firstname: `First${n}`, lastname: `Last${n}`, ...over })
    .returning();
  return u!;
}

export async function createChef(db: DB, over: Partial<typeof chefs.$inferInsert> & { status?: ChefStatusValue; user?: Partial<typeof users.$inferInsert> } = {}) {
  const { user: userOver, ...chefOver } = over;
  const user = await createUser(db, userOver);
  const [c] = await db
    .insert(chefs)
    .values({ userId: user.id, uri: `tmp-${next()}`, status: ChefStatus.Active, isVerified: true, displayLocation: 'Zürich, ZH', ...chefOver })
    .returning();
  const uri = `${user.firstname}-${user.lastname}-${c!.id}`.toLowerCase();
  const [chef] = await db.update(chefs).set({ uri }).where(eq(chefs.id, c!.id)).returning();
  return { chef: chef!, user };
}

export async function createMenu(db: DB, chefId: number, over: Partial<typeof menus.$inferInsert> & { status?: MenuStatus } = {}) {
  const [m] = await db
    .insert(menus)
    .values({ chefId, name: `Menu ${next()}`, pricePerPerson: 9500, currency: 'CHF', status: 'published', atCustomer: true, ...over })
    .returning();
  return m!;
}

export async function createImage(db: DB, stacks: Record<string, string>, over: Partial<typeof images.$inferInsert> = {}) {
  const [img] = await db.insert(images).values({ kind: 'menu', status: 'approved', stacks, contentType: 'image/png', ...over }).returning();
  return img!;
}
