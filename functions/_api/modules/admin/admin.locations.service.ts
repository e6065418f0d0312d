// Popular cities (the home page's "popular cities", GET /v1/locations): create, edit, delete, each with its audit
// row in the same batch. Popular cities are read straight from the database (no KV entry to invalidate), so the
// public list shows a change at once. A city's picture is an image of kind 'city' uploaded through
// POST /v1/users/me/images; choosing it for a city is the admin's moderation decision, so a pending one is approved.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { DB } from '../../db/client';
import { guardedWrite } from '../../db/guarded-write';
import { as } from '../../db/columns-alias';
import { images } from '../../db/schema/files';
import { popularCities, regions } from '../../db/schema/regions';
import { conflict, invalid, notFound } from '../../lib/errors';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import type { Deps } from '../../platform/deps';
import { auditIfWon } from '../audit/audit.service';
import { cityImage } from '../locations/locations.service';
import { adminImageUrls } from './admin.images.service';
import type { CityInput } from '#shared/schemas/admin.locations.schema';
import type { FieldMessages } from '#shared/validation-messages';
import type { AdminActor } from './audit';

function citySelect(db: DB) {
  return db
    .select({
      id: as(popularCities.id, 'city_id'),
      displayName: popularCities.displayName,
      position: popularCities.position,
      regionId: popularCities.regionId,
      imageId: popularCities.imageId,
      region: { id: as(regions.id, 'region_id_'), name: regions.name, zip: regions.zip, state: regions.state, countryCode: regions.countryCode },
      imageStatus: images.status,
      imageStacks: images.stacks,
    })
    .from(popularCities)
    .innerJoin(regions, eq(regions.id, popularCities.regionId))
    .leftJoin(images, eq(images.id, popularCities.imageId));
}

type CityRow = Awaited<ReturnType<ReturnType<typeof citySelect>['all']>>[number];

function presentCity(r: CityRow) {
  const img = r.imageId != null && r.imageStacks ? r.imageStacks : null;
  return {
    id: r.id,
    display_name: r.displayName,
    position: r.position,
    region_id: r.regionId,
    region: { data: { id: r.region.id, name: r.region.name, zip: r.region.zip, state: r.region.state, country_code: r.region.countryCode } },
    image_id: r.imageId,
    /** What visitors get (null when hidden), in the public shape. */
    image: cityImage({ id: r.imageId, status: r.imageStatus, stacks: r.imageStacks }),
    /** What the admin sees, hidden or not. */
    image_admin: img ? { id: r.imageId!, status: r.imageStatus ?? 'pending', ...adminImageUrls(r.imageId!, img) } : null,
  };
}
export type AdminCity = ReturnType<typeof presentCity>;

const snapshot = (r: { displayName: string; regionId: number; imageId: number | null; position: number }) => ({
  display_name: r.displayName,
  region_id: r.regionId,
  image_id: r.imageId,
  position: r.position,
});

/** GET /v1/admin/locations: in the order the home page shows them. */
export async function listCities(deps: Pick<Deps, 'db'>, params: ListParams) {
  const { db } = deps;
  const [rows, total] = await db.batch([
    citySelect(db).orderBy(asc(popularCities.position), asc(popularCities.id)).limit(params.page_size).offset(offsetOf(params)),
    db.select({ n: count() }).from(popularCities),
  ]);
  return envelope(rows.map(presentCity), params, { total: total[0]?.n ?? 0 });
}

async function getCity(db: DB, id: number) {
  const [row] = await citySelect(db).where(eq(popularCities.id, id)).limit(1);
  if (!row) throw notFound('City not found.');
  return presentCity(row);
}

/** The region and picture must exist; the picture must be a city picture that is not hidden. One round trip. */
async function checkReferences(db: DB, input: CityInput, cityId: number | null) {
  const [region, image, city] = await db.batch([
    db.select({ id: regions.id }).from(regions).where(eq(regions.id, input.region_id)).limit(1),
    db.select({ kind: images.kind, status: images.status }).from(images).where(eq(images.id, input.image_id ?? 0)).limit(1),
    db
      .select({ id: popularCities.id, displayName: popularCities.displayName, regionId: popularCities.regionId, imageId: popularCities.imageId, position: popularCities.position })
      .from(popularCities)
      .where(eq(popularCities.id, cityId ?? 0))
      .limit(1),
  ]);
  const errors: FieldMessages = {};
  if (!region.length) errors.region_id = [{ key: 'validation.rule.noplace' }];
  if (input.image_id != null) {
    const img = image[0];
    if (!img) errors.image_id = [{ key: 'validation.rule.nopicture' }];
    else if (img.kind !== 'city') errors.image_id = [{ key: 'validation.rule.citypicture' }];
    else if (img.status === 'hidden') errors.image_id = [{ key: 'validation.rule.hiddenpicture' }];
  }
  if (cityId != null && !city.length) throw notFound('City not found.');
  if (Object.keys(errors).length) throw invalid(errors, { message: 'validation.rule.checkfields' });
  return city[0] ?? null;
}

/** Choosing a pending picture approves it, logged as the image decision it is (a guarded write of its own). */
function approveChosenImage(db: DB, actor: AdminActor, imageId: number | null): BatchItem<'sqlite'>[] {
  if (imageId == null) return [];
  const write = guardedWrite(db);
  return write.statements(
    db
      .update(images)
      .set({ status: 'approved', moderatedBy: actor.userId, moderatedAt: actor.now })
      .where(and(eq(images.id, imageId), eq(images.status, 'pending'))),
    [
      auditIfWon(
        db,
        write.witness,
        { actorUserId: actor.userId, action: 'image.approve', targetType: 'image', targetId: String(imageId), before: { status: 'pending' }, after: { status: 'approved' }, ip: actor.ip },
        actor.now,
      ),
    ],
  );
}

/** POST /v1/admin/locations */
export async function createCity(deps: Pick<Deps, 'db'>, actor: AdminActor, input: CityInput) {
  const { db } = deps;
  await checkReferences(db, input, null);
  const write = guardedWrite(db);
  const [inserted] = await db.batch([
    ...write.statements(
      db
        .insert(popularCities)
        .values({ regionId: input.region_id, displayName: input.display_name, imageId: input.image_id, position: input.position })
        .returning({ id: popularCities.id }),
      [
        // last_insert_rowid() is still the city's id here (the witness has no rowid): this very statement inserts the row.
        auditIfWon(
          db,
          write.witness,
          { actorUserId: actor.userId, action: 'city.create', targetType: 'city', targetId: sql`cast(last_insert_rowid() as text)`, after: snapshot({ displayName: input.display_name, regionId: input.region_id, imageId: input.image_id, position: input.position }), ip: actor.ip },
          actor.now,
        ),
      ],
    ),
    ...approveChosenImage(db, actor, input.image_id),
  ]);
  return getCity(db, inserted[0]!.id);
}

/** Only the state that was read may be changed or deleted; another admin's change in between is a 409. */
const unchanged = (before: { id: number; displayName: string; regionId: number; imageId: number | null; position: number }) =>
  and(
    eq(popularCities.id, before.id),
    eq(popularCities.displayName, before.displayName),
    eq(popularCities.regionId, before.regionId),
    eq(popularCities.position, before.position),
    sql`${popularCities.imageId} is ${before.imageId}`,
  );

const changedMeanwhile = () => conflict('This city was changed by someone else in the meantime. Please reload.', 'CITY_CHANGED');

/** PUT /v1/admin/locations/{id} */
export async function updateCity(deps: Pick<Deps, 'db'>, actor: AdminActor, id: number, input: CityInput) {
  const { db } = deps;
  const before = (await checkReferences(db, input, id))!;
  const write = guardedWrite(db);
  const [updated] = await db.batch([
    ...write.statements(
      db
        .update(popularCities)
        .set({ regionId: input.region_id, displayName: input.display_name, imageId: input.image_id, position: input.position })
        .where(unchanged(before))
        .returning({ id: popularCities.id }),
      [
        auditIfWon(
          db,
          write.witness,
          {
            actorUserId: actor.userId,
            action: 'city.update',
            targetType: 'city',
            targetId: String(id),
            before: snapshot(before),
            after: snapshot({ displayName: input.display_name, regionId: input.region_id, imageId: input.image_id, position: input.position }),
            ip: actor.ip,
          },
          actor.now,
        ),
      ],
    ),
    ...approveChosenImage(db, actor, input.image_id),
  ]);
  if (!updated.length) throw changedMeanwhile();
  return getCity(db, id);
}

/** DELETE /v1/admin/locations/{id}: the city leaves the home page; its picture stays in the image list. */
export async function deleteCity(deps: Pick<Deps, 'db'>, actor: AdminActor, id: number) {
  const { db } = deps;
  const [before] = await db
    .select({ id: popularCities.id, displayName: popularCities.displayName, regionId: popularCities.regionId, imageId: popularCities.imageId, position: popularCities.position })
    .from(popularCities)
    .where(eq(popularCities.id, id))
    .limit(1);
  if (!before) throw notFound('City not found.');
  const write = guardedWrite(db);
  const [deleted] = await db.batch(
    write.statements(db.delete(popularCities).where(unchanged(before)).returning({ id: popularCities.id }), [
      auditIfWon(db, write.witness, { actorUserId: actor.userId, action: 'city.delete', targetType: 'city', targetId: String(id), before: snapshot(before), ip: actor.ip }, actor.now),
    ]),
  );
  if (!deleted.length) throw changedMeanwhile();
}
