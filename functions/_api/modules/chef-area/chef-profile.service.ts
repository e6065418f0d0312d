// The signed-in chef's own profile: starting an application (POST /v1/chefs), reading and editing the profile,
// and the regions the chef serves. Services take (deps, …) and never see Hono's Context.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import { as, asJoined } from '../../db/columns-alias';
import { guardedWrite } from '../../db/guarded-write';
import { chefCuisines, chefRegions, chefs, ChefStatus } from '../../db/schema/chefs';
import { images } from '../../db/schema/files';
import { listItems } from '../../db/schema/lists';
import { regions } from '../../db/schema/regions';
import { users } from '../../db/schema/users';
import { randomToken } from '../../lib/crypto';
import { fieldError, invalid, notFound } from '../../lib/errors';
import type { FieldMessage, FieldMessages } from '#shared/validation-messages';
import type { Currency, Locale } from '#shared/locales';
import type { Deps } from '../../platform/deps';
import { imageResource } from '../images/images.service';
import { regionsWithinDistance } from '../locations/locations.service';
import { localName } from '../menus/menus.service';
import { insertSelect, prepareNotice, sendNotices } from '../notifications/notify.service';
import { MAX_REGIONS, type ChefProfileInput } from '#shared/schemas/chef-area.schema';
import { auditIfWon } from '../audit/audit.service';
import { CHEF_STATUS_NAMES, chefStatusNotice } from './chef-status.service';

/** ASCII slug for the chef's uri: accents folded ("Zoë Müller" → "zoe-muller"), anything else becomes a dash. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** Where a chef is based decides the local dates of the calendar and the currency menus are priced in. */
const COUNTRY_TIMEZONES: Record<string, string> = {
  CH: 'Europe/Zurich', LI: 'Europe/Vaduz', DE: 'Europe/Berlin', AT: 'Europe/Vienna', FR: 'Europe/Paris', IT: 'Europe/Rome', GB: 'Europe/London',
};
const COUNTRY_CURRENCIES: Record<string, Currency> = { CH: 'CHF', LI: 'CHF', GB: 'GBP', US: 'USD', DE: 'EUR', AT: 'EUR', FR: 'EUR', IT: 'EUR' };

type Region = { id: number; name: string; zip: string | null; state: string; country_code: string };
const presentRegion = (r: { id: number; name: string; zip: string | null; state: string; countryCode: string }): Region => ({
  id: r.id,
  name: r.name,
  zip: r.zip,
  state: r.state,
  country_code: r.countryCode,
});

const avatarImage = alias(images, 'avatar_image');
const homeRegion = alias(regions, 'home_region');

/** The chef, the chef's user, avatar and home region. Every column that two joined tables share is aliased. */
function ownChefQuery(db: DB, chefId: number) {
  return db
    .select({
      id: as(chefs.id, 'chef_id'),
      userId: as(users.id, 'user_id_'),
      uri: chefs.uri,
      status: chefs.status,
      rejectionReason: chefs.rejectionReason,
      pausedBy: chefs.pausedBy,
      pauseReason: chefs.pauseReason,
      submittedAt: chefs.submittedAt,
      isPro: chefs.isPro,
      isSignature: chefs.isSignature,
      isVerified: chefs.isVerified,
      verifiedAt: chefs.verifiedAt,
      displayLocation: chefs.displayLocation,
      profileBio: chefs.profileBio,
      languages: chefs.languages,
      experienceYears: chefs.experienceYears,
      address: chefs.address,
      homeRegionId: chefs.homeRegionId,
      lat: as(chefs.lat, 'chef_lat'),
      lon: as(chefs.lon, 'chef_lon'),
      travelRadiusKm: chefs.travelRadiusKm,
      timezone: chefs.timezone,
      currency: as(chefs.currency, 'chef_currency'),
      reviewCount: chefs.reviewCount,
      reviewAvg: chefs.reviewAvg,
      createdAt: as(chefs.createdAt, 'chef_created_at'),
      updatedAt: as(chefs.updatedAt, 'chef_updated_at'),
      firstname: users.firstname,
      lastname: users.lastname,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      avatarId: asJoined(avatarImage.id, 'avatar_id'),
      avatarStatus: asJoined(avatarImage.status, 'avatar_status'),
      avatarStacks: asJoined(avatarImage.stacks, 'avatar_stacks'),
      homeName: asJoined(homeRegion.name, 'home_name'),
      homeZip: asJoined(homeRegion.zip, 'home_zip'),
      homeState: asJoined(homeRegion.state, 'home_state'),
      homeCountry: asJoined(homeRegion.countryCode, 'home_country'),
    })
    .from(chefs)
    .innerJoin(users, eq(users.id, chefs.userId))
    .leftJoin(avatarImage, eq(avatarImage.id, users.avatarImageId))
    .leftJoin(homeRegion, eq(homeRegion.id, chefs.homeRegionId))
    .where(eq(chefs.id, chefId))
    .limit(1);
}

const servedRegionsQuery = (db: DB, chefId: number) =>
  db
    .select({ id: regions.id, name: regions.name, zip: regions.zip, state: regions.state, countryCode: regions.countryCode })
    .from(chefRegions)
    .innerJoin(regions, eq(regions.id, chefRegions.regionId))
    .where(eq(chefRegions.chefId, chefId))
    .orderBy(asc(regions.name), asc(regions.id));

const chefCuisinesQuery = (db: DB, chefId: number) =>
  db
    .select({ id: listItems.id, key: listItems.key, names: listItems.names, position: listItems.position })
    .from(chefCuisines)
    .innerJoin(listItems, eq(listItems.id, chefCuisines.itemId))
    .where(eq(chefCuisines.chefId, chefId))
    .orderBy(asc(listItems.position), asc(listItems.key));

/** The chef's own full profile: status and reasons, tier flags, location, regions, cuisines, languages. One round trip. */
export async function ownProfile(deps: Pick<Deps, 'db'>, chefId: number, locale: Locale) {
  const { db } = deps;
  const [[chef], served, cuisines] = await db.batch([ownChefQuery(db, chefId), servedRegionsQuery(db, chefId), chefCuisinesQuery(db, chefId)]);
  if (!chef) throw notFound('Chef not found.');
  return {
    id: chef.id,
    uri: chef.uri,
    status: chef.status,
    status_name: CHEF_STATUS_NAMES[chef.status],
    rejection_reason: chef.rejectionReason,
    /** Who paused the profile ('admin': only support lifts it) and the admin's reason, which the chef reads. */
    paused_by: chef.pausedBy,
    pause_reason: chef.pausedBy === 'admin' ? chef.pauseReason : null,
    submitted_at: chef.submittedAt?.toISOString() ?? null,
    is_pro: chef.isPro,
    is_signature: chef.isSignature,
    is_verified: chef.isVerified,
    verified_at: chef.verifiedAt?.toISOString() ?? null,
    firstname: chef.firstname,
    lastname: chef.lastname,
    phone: chef.phone,
    phone_verified: chef.phoneVerifiedAt != null,
    display_location: chef.displayLocation,
    profile_bio: chef.profileBio,
    languages: chef.languages,
    experience_years: chef.experienceYears,
    address: chef.address,
    home_region_id: chef.homeRegionId,
    home_region:
      chef.homeRegionId != null && chef.homeName != null
        ? { data: { id: chef.homeRegionId, name: chef.homeName, zip: chef.homeZip, state: chef.homeState ?? '', country_code: chef.homeCountry ?? '' } }
        : null,
    lat: chef.lat,
    lon: chef.lon,
    travel_radius_km: chef.travelRadiusKm,
    timezone: chef.timezone,
    currency: chef.currency,
    review_count: chef.reviewCount,
    review_avg: Math.round(chef.reviewAvg * 10) / 10,
    created_at: chef.createdAt.toISOString(),
    updated_at: chef.updatedAt.toISOString(),
    avatar_image_id: chef.avatarId,
    // The chef's own profile: a picture waiting for moderation shows here (and only here), with its status.
    avatar: imageResource({ id: chef.avatarId, status: chef.avatarStatus, stacks: chef.avatarStacks }, undefined, { own: true }),
    avatar_status: chef.avatarStatus,
    regions: { data: served.map(presentRegion) },
    cuisines: { data: cuisines.map((c) => ({ key: c.key, name: localName(c.names, c.key, locale) })) },
  };
}

export type OwnProfile = Awaited<ReturnType<typeof ownProfile>>;

export type StartingUser = { userId: number; chefId: number | null; firstname: string; lastname: string; email: string; locale: string; ip: string | null };

/**
 * POST /v1/chefs: creates the chef row with status New and uri "{slug}-{id}" in one batch (insert, then the uri
 * from the new id), with the audit row and the chef's notification. A user who already is a chef gets that chef;
 * two parallel starts are settled by the unique index on chefs.user_id.
 */
export async function startChef(deps: Deps, user: StartingUser, locale: Locale): Promise<{ created: boolean; chef: OwnProfile }> {
  if (user.chefId != null) return { created: false, chef: await ownProfile(deps, user.chefId, locale) };
  const { db, clock } = deps;
  const now = clock.now();
  const slug = slugify(`${user.firstname} ${user.lastname}`) || 'chef';
  // Unique placeholder until the id is known; replaced within the same batch.
  const placeholder = `pending-${randomToken(12)}`;
  const write = guardedWrite(db);
  const w = write.witness;
  const notice = prepareNotice(deps, { userId: user.userId, email: user.email, locale: user.locale, firstname: user.firstname }, chefStatusNotice('create', ChefStatus.New), { when: w });
  const [inserted] = await db.batch(
    write.statements(
      db
        .insert(chefs)
        .values({ userId: user.userId, uri: placeholder, status: ChefStatus.New, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: chefs.id }),
      [
        db
          .update(chefs)
          .set({ uri: sql`${slug} || '-' || ${chefs.id}` })
          .where(and(eq(chefs.userId, user.userId), eq(chefs.uri, placeholder), w)),
        auditIfWon(
          db,
          w,
          {
            actorUserId: user.userId,
            action: 'chef.status.create',
            targetType: 'chef',
            targetId: sql`(select cast(id as text) from chefs where user_id = ${user.userId})`,
            after: { status: ChefStatus.New, actor_role: 'chef' },
            ip: user.ip,
          },
          now,
        ),
        notice.insert,
      ],
    ),
  );
  const id = inserted[0]?.id;
  if (id == null) {
    // Lost a race with a parallel start of the same user: the other request created the chef.
    const [existing] = await db.select({ id: chefs.id }).from(chefs).where(eq(chefs.userId, user.userId));
    if (!existing) throw notFound('Chef not found.');
    return { created: false, chef: await ownProfile(deps, existing.id, locale) };
  }
  await sendNotices(deps, [notice]);
  return { created: true, chef: await ownProfile(deps, id, locale) };
}

/** Cuisine list items by key; retired ones are accepted only if the chef already had them. */
async function resolveCuisines(db: DB, chefId: number, keys: string[]) {
  if (!keys.length) return { ids: [] as number[], errors: [] as FieldMessage[] };
  const [items, current] = await db.batch([
    db.select({ id: listItems.id, key: listItems.key, retiredAt: listItems.retiredAt }).from(listItems).where(and(eq(listItems.kind, 'cuisine'), inArray(listItems.key, keys))),
    db.select({ itemId: chefCuisines.itemId }).from(chefCuisines).where(eq(chefCuisines.chefId, chefId)),
  ]);
  const had = new Set(current.map((c) => c.itemId));
  const byKey = new Map(items.map((i) => [i.key, i]));
  const errors: FieldMessage[] = [];
  const ids: number[] = [];
  for (const key of keys) {
    const item = byKey.get(key);
    if (!item || (item.retiredAt && !had.has(item.id))) errors.push({ key: 'validation.reference.unknowncuisine', params: { key } });
    else ids.push(item.id);
  }
  return { ids, errors };
}

/** An image the user uploaded, of the given kind and not hidden by moderation; else a message for the field. */
export async function checkOwnImage(db: DB, userId: number, imageId: number, kind: 'avatar' | 'menu'): Promise<FieldMessage | null> {
  const [img] = await db.select({ owner: images.ownerUserId, kind: images.kind, status: images.status }).from(images).where(eq(images.id, imageId));
  if (!img || img.owner !== userId) return { key: 'validation.reference.ownpicture' };
  if (img.kind !== kind) return { key: kind === 'avatar' ? 'validation.reference.avatarkind' : 'validation.reference.menukind' };
  if (img.status === 'hidden') return { key: 'validation.reference.pictureremoved' };
  return null;
}

/**
 * The avatar the profile sends: the one it already has is kept as it is, whoever set it (an admin, the seed); a new
 * one must be the user's own avatar picture (checkOwnImage).
 */
async function changedAvatarProblem(db: DB, userId: number, imageId: number): Promise<FieldMessage | null> {
  const [current] = await db.select({ avatarImageId: users.avatarImageId }).from(users).where(eq(users.id, userId));
  return current?.avatarImageId === imageId ? null : checkOwnImage(db, userId, imageId, 'avatar');
}

/** PUT /v1/chefs/me: updates the fields sent, in one batch with the cuisines and the avatar. */
export async function updateOwnProfile(deps: Deps, me: { userId: number; chefId: number }, input: ChefProfileInput, locale: Locale) {
  const { db, clock } = deps;
  const errors: FieldMessages = {};
  const [region, cuisines, avatarError] = await Promise.all([
    input.home_region_id != null
      ? db.select({ id: regions.id, name: regions.name, lat: regions.lat, lon: regions.lon, countryCode: regions.countryCode }).from(regions).where(eq(regions.id, input.home_region_id)).then((r) => r[0])
      : undefined,
    input.cuisines ? resolveCuisines(db, me.chefId, input.cuisines) : undefined,
    input.avatar_image_id != null ? changedAvatarProblem(db, me.userId, input.avatar_image_id) : null,
  ]);
  if (input.home_region_id != null && !region) errors.home_region_id = [{ key: 'validation.reference.noregion' }];
  if (cuisines?.errors.length) errors.cuisines = cuisines.errors;
  if (avatarError) errors.avatar_image_id = [avatarError];
  if (Object.keys(errors).length) throw invalid(errors, { message: 'validation.rule.checkfields' });

  const now = clock.now();
  const set: Partial<Record<keyof typeof chefs.$inferInsert, unknown>> = { updatedAt: now };
  if (input.profile_bio !== undefined) set.profileBio = input.profile_bio;
  if (input.display_location !== undefined) set.displayLocation = input.display_location;
  if (input.address !== undefined) set.address = input.address;
  if (input.languages !== undefined) set.languages = input.languages;
  if (input.experience_years !== undefined) set.experienceYears = input.experience_years;
  if (input.travel_radius_km !== undefined) set.travelRadiusKm = input.travel_radius_km;
  if (input.home_region_id === null) set.homeRegionId = null;
  if (region) {
    set.homeRegionId = region.id;
    set.lat = region.lat;
    set.lon = region.lon;
    const tz = COUNTRY_TIMEZONES[region.countryCode];
    if (tz) set.timezone = tz;
    // Menus carry the chef's currency, so it only follows the home country while the chef has no menu yet.
    const currency = COUNTRY_CURRENCIES[region.countryCode];
    if (currency) set.currency = sql`case when exists (select 1 from menus where menus.chef_id = ${me.chefId}) then ${chefs.currency} else ${currency} end`;
    if (input.display_location === undefined) set.displayLocation = sql`case when ${chefs.displayLocation} = '' then ${region.name} else ${chefs.displayLocation} end`;
  }
  // Exact coordinates win over the home region's centre.
  if (input.lat !== undefined && input.lon !== undefined) {
    set.lat = input.lat;
    set.lon = input.lon;
  }

  const writes = [db.update(chefs).set(set as typeof chefs.$inferInsert).where(eq(chefs.id, me.chefId)).returning({ id: chefs.id })] as const;
  const more = [];
  if (input.avatar_image_id !== undefined) more.push(db.update(users).set({ avatarImageId: input.avatar_image_id, updatedAt: now }).where(eq(users.id, me.userId)));
  if (cuisines) {
    more.push(db.delete(chefCuisines).where(eq(chefCuisines.chefId, me.chefId)));
    if (cuisines.ids.length) more.push(db.insert(chefCuisines).values(cuisines.ids.map((itemId) => ({ chefId: me.chefId, itemId }))));
  }
  await db.batch([...writes, ...more]);
  return ownProfile(deps, me.chefId, locale);
}

/**
 * PUT /v1/chefs/me/regions: every id must exist; the set is replaced in one batch. The ids travel as one JSON
 * parameter (json_each), because D1 binds at most 100 parameters per statement and a chef may serve 500 regions.
 */
export async function replaceRegions(deps: Deps, chefId: number, regionIds: number[]) {
  const { db } = deps;
  const list = JSON.stringify(regionIds);
  if (regionIds.length) {
    const found = await db.select({ id: regions.id }).from(regions).where(sql`${regions.id} in (select value from json_each(${list}))`);
    const known = new Set(found.map((r) => r.id));
    const unknown = regionIds.filter((id) => !known.has(id));
    if (unknown.length) {
      const list = `${unknown.slice(0, 20).join(', ')}${unknown.length > 20 ? ', …' : ''}`;
      throw invalid({ regions: [{ key: 'validation.reference.regionsunknown', params: { list } }] }, { message: 'validation.reference.noregions' });
    }
  }
  await db.batch([
    db.delete(chefRegions).where(eq(chefRegions.chefId, chefId)),
    insertSelect(db, chefRegions, { chefId: sql`${chefId}`, regionId: sql`r.id` }, sql`from regions r where r.id in (select value from json_each(${list}))`),
    db.update(chefs).set({ updatedAt: deps.clock.now() }).where(eq(chefs.id, chefId)),
  ]);
  const served = await servedRegionsQuery(db, chefId);
  return served.map(presentRegion);
}

/**
 * POST /v1/chefs/me/regions/derive: the regions within the travel radius of a region, nearest first, for the
 * radius preview; nothing is saved. Distances are straight lines (haversine), not road distances.
 */
export async function deriveRegions(deps: Pick<Deps, 'db'>, input: { region_id: number; travel_radius_km: number }) {
  const [center] = await deps.db.select({ lat: regions.lat, lon: regions.lon }).from(regions).where(eq(regions.id, input.region_id));
  if (!center) throw fieldError('region_id', 'validation.reference.noregion');
  const all = await regionsWithinDistance(deps.db, { lat: center.lat, lon: center.lon, driving_distance: input.travel_radius_km });
  return {
    data: all.slice(0, MAX_REGIONS).map((r) => ({ id: r.id, name: r.name, zip: r.zip, state: r.state, country_code: r.country_code, distance_km: r.distance_km })),
    distance_method: 'straight_line' as const,
    travel_radius_km: input.travel_radius_km,
    /** More regions lie within the radius than a chef can serve; the nearest MAX_REGIONS are listed. */
    truncated: all.length > MAX_REGIONS,
  };
}
