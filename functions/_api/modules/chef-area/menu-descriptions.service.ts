// Menu and course descriptions are public texts a chef writes, read by every visitor on the menu page, in the cards
// of menus near, featured menus and a chef's menus, in the search and in the page's meta description: contact details
// in them are masked like a bio's (lib/masking.ts publicText). Unlike the bio they are masked once, when the chef
// saves, not on every read: menus near serves its cards as the bytes the menu_cards triggers stored (issue 17), and
// masking costs about 100 µs per 250 characters. So `description` holds the text as visitors read it, which every
// public read, card, search and view uses as it is, and `written_description` what the chef wrote when it differs,
// which only the chef's own menus (and the admin's chef record through them) read. A masked detail is stored as
// CONTACT_MARK, which every public read writes out in its reader's language (showMasks). A menu saved before masking, or with older
// rules (`masked_with` below MASKING_VERSION), is masked again by the sweep from what the chef wrote.
// Menu and course names are shown on the same cards and pages, and copied into bookings, notices and documents, so
// they are kept the same way: `name` as visitors read it, `written_name` what the chef wrote when it differs, which
// only the chef's editor reads. A name is searched for as visitors read it.
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { menuCourses, menus } from '../../db/schema/menus';
import { MASKING_VERSION, storedPublicText } from '../../lib/masking';
import type { BatchItem } from 'drizzle-orm/batch';
import type { BatchStatements } from '../../db/guarded-write';
import type { Deps } from '../../platform/deps';

/** A description as visitors read it, and what the chef wrote when that differs (null when nothing was masked). */
export function publicDescription(written: string): { description: string; written: string | null } {
  const description = storedPublicText(written);
  return { description, written: description === written ? null : written };
}

/** What the chef wrote, from the stored pair. */
export const writtenDescription = (row: { description: string; writtenDescription: string | null }) => row.writtenDescription ?? row.description;

/** A menu's or course's name as visitors read it, and what the chef wrote when that differs (null when nothing was masked). */
export function publicName(written: string): { name: string; written: string | null } {
  const { description: name, written: kept } = publicDescription(written);
  return { name, written: kept };
}

/** The name the chef wrote, from the stored pair. */
export const writtenName = (row: { name: string; writtenName: string | null }) => row.writtenName ?? row.name;

/** Menus the sweep masks per run; a backlog is worked off by the next runs. */
const MASK_BATCH = 50;

const unmasked = or(isNull(menus.maskedWith), lt(menus.maskedWith, MASKING_VERSION));

/**
 * Masks the names and descriptions of menus saved before masking (or with older rules) from what their chef wrote, a batch per
 * run; returns how many menus it masked. Each write is guarded by the menu still being unmasked, so a chef's save in
 * between (which masks itself and rewrites the courses) is never overwritten.
 */
export async function maskStoredDescriptions(deps: Pick<Deps, 'db'>): Promise<number> {
  const { db } = deps;
  const due = await db
    .select({ id: menus.id, name: menus.name, writtenName: menus.writtenName, description: menus.description, writtenDescription: menus.writtenDescription })
    .from(menus)
    .where(unmasked)
    .orderBy(asc(menus.id))
    .limit(MASK_BATCH);
  if (!due.length) return 0;
  const courses = await db
    .select({ id: menuCourses.id, menuId: menuCourses.menuId, name: menuCourses.name, writtenName: menuCourses.writtenName, description: menuCourses.description, writtenDescription: menuCourses.writtenDescription })
    .from(menuCourses)
    .where(inArray(menuCourses.menuId, due.map((m) => m.id)));
  const stillUnmasked = (menuId: number) => sql`exists (select 1 from ${menus} where ${menus.id} = ${menuId} and ${unmasked})`;
  /** The public and written columns of a menu's or a course's name and description. */
  const masked = (row: { name: string; writtenName: string | null; description: string; writtenDescription: string | null }) => {
    const { name, written: keptName } = publicName(writtenName(row));
    const { description, written } = publicDescription(writtenDescription(row));
    return { name, writtenName: keptName, description, writtenDescription: written };
  };
  const courseWrites = courses.map((c) =>
    db.update(menuCourses).set(masked(c)).where(and(eq(menuCourses.id, c.id), stillUnmasked(c.menuId))),
  );
  const menuWrites = due.map((m) =>
    db.update(menus).set({ ...masked(m), maskedWith: MASKING_VERSION }).where(and(eq(menus.id, m.id), unmasked)).returning({ id: menus.id }),
  );
  // The courses first: the menu's own write marks it masked, which the courses' guard reads.
  const writes: BatchItem<'sqlite'>[] = [...courseWrites, ...menuWrites];
  const results = await db.batch(writes as BatchStatements);
  return (results.slice(courseWrites.length) as { id: number }[][]).filter((rows) => rows.length > 0).length;
}
