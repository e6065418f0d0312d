// Cuisines, diets and allergens for admins: every entry with its names in all five locales and where it is used.
// An entry in use cannot be deleted (menus, chefs, courses and bookings keep its key); it can be retired instead:
// GET /v1/lists and the chef and booking forms stop offering it, while menus and bookings that have it still show it.
// Lists are read straight from the database (no KV entry to invalidate); GET /v1/lists is cacheable for 5 minutes.
import { and, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { guardedWrite } from '../../db/guarded-write';
import { listItems, type LocaleNames } from '../../db/schema/lists';
import { ApiError, conflict, invalid, notFound } from '../../lib/errors';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import type { Deps } from '../../platform/deps';
import { auditIfWon } from '../audit/audit.service';
import type { ListItemCreateInput, ListItemUpdateInput, ListKind } from '#shared/schemas/admin.lists.schema';
import type { ValidationKey } from '#shared/validation-messages';
import type { AdminActor } from './audit';

/**
 * Every reference to a list entry, counted in SQL for the row `li` (list_items): menu tags (cuisines, diets and the
 * menu's allergen union), chefs' cuisines, courses' allergen keys, bookings' diet and allergen keys. The JSON
 * columns are scanned only for the kind that can appear in them (CASE evaluates lazily).
 */
const usage = {
  menus: sql<number>`(select count(*) from menu_tags mt where mt.item_id = li.id)`,
  chefs: sql<number>`(case when li.kind = 'cuisine' then (select count(*) from chef_cuisines cc where cc.item_id = li.id) else 0 end)`,
  courses: sql<number>`(case when li.kind = 'allergen' then (select count(*) from menu_courses mc where exists (select 1 from json_each(mc.allergens) j where j.value = li.key)) else 0 end)`,
  bookings: sql<number>`(case
      when li.kind = 'diet' then (select count(*) from bookings b where exists (select 1 from json_each(b.diets) j where j.value = li.key))
      when li.kind = 'allergen' then (select count(*) from bookings b where exists (select 1 from json_each(b.allergens) j where json_extract(j.value, '$.key') = li.key))
      else 0 end)`,
};
export type ListUsage = { menus: number; chefs: number; courses: number; bookings: number };

/** The list_items table under the alias `li` the usage subqueries refer to. */
const li = sql.raw('"list_items" as li');

const itemColumns = {
  id: sql<number>`li.id`.mapWith(Number).as('item_id'),
  kind: sql<string>`li.kind`.as('item_kind'),
  key: sql<string>`li.key`.as('item_key'),
  names: sql<string>`li.names`.as('item_names'),
  position: sql<number>`li.position`.mapWith(Number).as('item_position'),
  retiredAt: sql<number | null>`li.retired_at`.as('item_retired_at'),
  menus: usage.menus.mapWith(Number).as('used_menus'),
  chefs: usage.chefs.mapWith(Number).as('used_chefs'),
  courses: usage.courses.mapWith(Number).as('used_courses'),
  bookings: usage.bookings.mapWith(Number).as('used_bookings'),
};

type ItemRow = { id: number; kind: string; key: string; names: string; position: number; retiredAt: number | null } & ListUsage;

function presentItem(r: ItemRow) {
  const usage: ListUsage = { menus: r.menus, chefs: r.chefs, courses: r.courses, bookings: r.bookings };
  return {
    id: r.id,
    kind: r.kind as ListKind,
    key: r.key,
    names: JSON.parse(r.names) as LocaleNames,
    position: r.position,
    retired_at: r.retiredAt != null ? new Date(Number(r.retiredAt)).toISOString() : null,
    usage,
    in_use: usage.menus + usage.chefs + usage.courses + usage.bookings > 0,
  };
}
export type AdminListItem = ReturnType<typeof presentItem>;

const itemsSelect = (db: DB) => db.select(itemColumns).from(li);

export type ListsQuery = ListParams & { kind?: ListKind | undefined; state?: 'active' | 'retired' | undefined };

/** GET /v1/admin/lists: by list, position and key, with where each entry is used. One round trip. */
export async function listEntries(deps: Pick<Deps, 'db'>, q: ListsQuery) {
  const { db } = deps;
  const conds: SQL[] = [];
  if (q.kind) conds.push(sql`li.kind = ${q.kind}`);
  if (q.state === 'active') conds.push(sql`li.retired_at is null`);
  if (q.state === 'retired') conds.push(sql`li.retired_at is not null`);
  const where = conds.length ? and(...conds) : undefined;
  const [rows, filtered, total] = await db.batch([
    itemsSelect(db).where(where).orderBy(sql`li.kind`, sql`li.position`, sql`li.key`).limit(q.page_size).offset(offsetOf(q)),
    db.select({ n: count() }).from(li).where(where),
    db.select({ n: count() }).from(listItems).where(q.kind ? eq(listItems.kind, q.kind) : undefined),
  ]);
  return envelope((rows as ItemRow[]).map(presentItem), q, { total: total[0]?.n ?? 0, filtered: filtered[0]?.n ?? 0 });
}

async function getItem(db: DB, id: number) {
  const [row] = await itemsSelect(db).where(sql`li.id = ${id}`).limit(1);
  if (!row) throw notFound('List entry not found.');
  return presentItem(row as ItemRow);
}

const auditOf = (actor: AdminActor, action: string, targetId: string | SQL, before?: unknown, after?: unknown) => ({
  actorUserId: actor.userId,
  action,
  targetType: 'list_item',
  targetId,
  before,
  after,
  ip: actor.ip,
});

/** 409 with the counts that block the delete, so the screen can say where the entry is used. */
export class InUseError extends ApiError {
  constructor(readonly usage: ListUsage) {
    super(409, 'This entry is in use and cannot be deleted. Retire it instead: it is then no longer offered, but stays where it is used.', 'LIST_ITEM_IN_USE');
  }
  override toJSON() {
    return { ...super.toJSON(), usage: this.usage };
  }
}

const KEY_TAKEN = {
  cuisine: 'validation.rule.keytakencuisine',
  diet: 'validation.rule.keytakendiet',
  allergen: 'validation.rule.keytakenallergen',
} as const satisfies Record<ListKind, ValidationKey>;
const keyTaken = (kind: ListKind) => invalid({ key: [{ key: KEY_TAKEN[kind] }] }, { code: 'LIST_KEY_TAKEN', status: 409 });

/** POST /v1/admin/lists: a new entry, at the end of its list unless a position is given. */
export async function createEntry(deps: Pick<Deps, 'db'>, actor: AdminActor, input: ListItemCreateInput) {
  const { db } = deps;
  const position = input.position ?? sql`(select coalesce(max(${listItems.position}), -1) + 1 from ${listItems} where ${listItems.kind} = ${input.kind})`;
  // The unique index on (kind, key) settles two admins adding the same key: the loser inserts nothing and logs nothing.
  const write = guardedWrite(db);
  const [inserted] = await db.batch(
    write.statements(db.insert(listItems).values({ kind: input.kind, key: input.key, names: input.names, position }).onConflictDoNothing().returning({ id: listItems.id }), [
      auditIfWon(
        db,
        write.witness,
        auditOf(actor, 'list_item.create', sql`cast(last_insert_rowid() as text)`, undefined, { kind: input.kind, key: input.key, names: input.names, ...(input.position !== undefined ? { position: input.position } : {}) }),
        actor.now,
      ),
    ]),
  );
  if (!inserted.length) throw keyTaken(input.kind);
  return getItem(db, inserted[0]!.id);
}

/** PUT /v1/admin/lists/{id}: names and position; guarded by what was read, so a concurrent edit is a 409. */
export async function updateEntry(deps: Pick<Deps, 'db'>, actor: AdminActor, id: number, input: ListItemUpdateInput) {
  const { db } = deps;
  const before = await getItem(db, id);
  const position = input.position ?? before.position;
  const write = guardedWrite(db);
  const [updated] = await db.batch(
    write.statements(
      db
        .update(listItems)
        .set({ names: input.names, position })
        .where(and(eq(listItems.id, id), eq(listItems.position, before.position), sql`json(${listItems.names}) = json(${JSON.stringify(before.names)})`))
        .returning({ id: listItems.id }),
      [auditIfWon(db, write.witness, auditOf(actor, 'list_item.update', String(id), { names: before.names, position: before.position }, { names: input.names, position }), actor.now)],
    ),
  );
  if (!updated.length) throw conflict('This entry was changed by someone else in the meantime. Please reload.', 'LIST_ITEM_CHANGED');
  return getItem(db, id);
}

/**
 * DELETE /v1/admin/lists/{id}. The delete carries the usage check in its own WHERE, so a menu tagged a moment
 * before cannot lose its entry; the counts read in the same batch explain a refusal (409 LIST_ITEM_IN_USE).
 */
export async function deleteEntry(deps: Pick<Deps, 'db'>, actor: AdminActor, id: number) {
  const { db } = deps;
  const before = await getItem(db, id);
  const notInUse = sql`(select ${usage.menus} + ${usage.chefs} + ${usage.courses} + ${usage.bookings} from "list_items" li where li.id = ${listItems.id}) = 0`;
  const write = guardedWrite(db);
  const [counts, deleted] = await db.batch([
    itemsSelect(db).where(sql`li.id = ${id}`).limit(1),
    ...write.statements(db.delete(listItems).where(and(eq(listItems.id, id), notInUse)).returning({ id: listItems.id }), [
      auditIfWon(db, write.witness, auditOf(actor, 'list_item.delete', String(id), { kind: before.kind, key: before.key, names: before.names, position: before.position, retired_at: before.retired_at }), actor.now),
    ]),
  ]);
  if (deleted.length) return;
  const now = counts[0] ? presentItem(counts[0] as ItemRow) : null;
  if (!now) throw notFound('List entry not found.');
  throw new InUseError(now.usage);
}

/** POST /v1/admin/lists/{id}/retire and …/restore. Asking for the current state changes nothing and is not logged. */
export async function setRetired(deps: Pick<Deps, 'db'>, actor: AdminActor, id: number, retire: boolean) {
  const { db } = deps;
  const before = await getItem(db, id);
  if ((before.retired_at != null) === retire) return { changed: false, data: before };
  const write = guardedWrite(db);
  const [updated] = await db.batch(
    write.statements(
      db
        .update(listItems)
        .set({ retiredAt: retire ? actor.now : null })
        .where(and(eq(listItems.id, id), retire ? isNull(listItems.retiredAt) : isNotNull(listItems.retiredAt)))
        .returning({ id: listItems.id }),
      [
        auditIfWon(
          db,
          write.witness,
          auditOf(actor, retire ? 'list_item.retire' : 'list_item.restore', String(id), { retired_at: before.retired_at }, { retired_at: retire ? actor.now.toISOString() : null }),
          actor.now,
        ),
      ],
    ),
  );
  if (!updated.length) throw conflict('This entry was changed by someone else in the meantime. Please reload.', 'LIST_ITEM_CHANGED');
  return { changed: true, data: await getItem(db, id) };
}
