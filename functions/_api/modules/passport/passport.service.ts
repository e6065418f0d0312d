// The guest allergy passport (issue 18 §2). The customer shares invite links; each guest answers for themselves
// without an account (name, diets, allergies marked preference, intolerance or severe) and may change it from the
// same device until the event. A severe allergy needs the chef's written answer before the chef accepts or the
// customer pays (the machine's NEEDS_ALLERGY_ACK); a later severe answer needs a new one. Answers are seen only by
// the two parties and admins (on the booking), and the sweep deletes them 30 days after the event.
import { and, eq, inArray, lte, max, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { guardedWrite, type Witness } from '../../db/guarded-write';
import { bookings } from '../../db/schema/bookings';
import { guestAnswers, guestInvites, type GuestAllergy } from '../../db/schema/passport';
import { randomToken, sha256 } from '../../lib/crypto';
import { ApiError, badRequest, conflict, fieldError, forbidden, invalid, keyedConflict, notFound } from '../../lib/errors';
import type { FieldMessages } from '#shared/validation-messages';
import type { Locale } from '#shared/locales';
import { DAY } from '#shared/time';
import { absoluteUrl } from '../../platform/config';
import type { Deps } from '../../platform/deps';
import { enforce, type Limit } from '../../platform/rate-limit';
import { ACTIVE_STATUSES, bookingLink, EVENT_DURATION_MS, effectiveStatus, recipientOf, timed, type BookingRecord } from '../bookings/bookings.facade.service';
import { bookingFor, getBooking, loadBooking, type ReadCtx, type Viewer } from '../bookings/bookings.service';
import { dietaryKeysQuery, localName } from '../lists/lists.service';
import { insertSelect, paramsOf, prepareNotice, sendNotices, whenParam } from '../notifications/notify.service';
import { TURNSTILE_FIELD, type AllergyAckInput, type GuestAnswerEditInput, type GuestAnswerInput } from './passport.schema';

/** A guest's answers are deleted this long after the event (the sweep's step). */
export const KEEP_ANSWERS_MS = 30 * DAY;
/** Guest writes per source address and hour: a family behind one router answers easily, a script does not. */
export const GUEST_WRITES_PER_IP: Limit = { limit: 30, windowSeconds: 3600 };
/** Writes per invite link and hour, whoever sends them. */
export const GUEST_WRITES_PER_INVITE: Limit = { limit: 60, windowSeconds: 3600 };
/**
 * Invite reads per source address and hour: a guest opens their link a few times, a table of guests behind one router
 * some dozens; a script trying tokens (or hammering the lookup) is stopped, as every other public token read.
 */
export const INVITE_READS_PER_IP: Limit = { limit: 120, windowSeconds: 3600 };
/** Invite links a customer creates per hour. */
export const INVITES_PER_USER: Limit = { limit: 20, windowSeconds: 3600 };

const TOO_MANY = 'Too many answers from your network. Please wait a while and try again.';
const BOT = 'Please confirm that you are not a robot.';
const EXPIRED = 'This invitation has expired: the dinner has started or no longer takes place.';

/** The guest page of an invite (client route). */
export const guestLink = (token: string) => `/guest/${token}`;

/** Answers and links are for a dinner that still takes place and has not begun. */
const openFor = (b: BookingRecord, now: Date) => ACTIVE_STATUSES.includes(effectiveStatus(timed(b), now)) && now < b.startsAt;

/** POST /v1/bookings/{id}/guest-invites: a new link for the customer to share; only its hash is stored. */
export async function createInvite(deps: Deps, viewer: Viewer, bookingId: number) {
  const { db, clock } = deps;
  const now = clock.now();
  const { b, relation } = await bookingFor(deps, viewer, bookingId);
  if (relation !== 'customer') throw forbidden('Only the customer who booked can invite guests.');
  if (!openFor(b, now)) throw conflict('Guests can be invited only before a dinner that still takes place.', 'INVITES_CLOSED');
  await enforce(db, `guest-invites:user:${viewer.userId}`, INVITES_PER_USER, now, 'You created many invitation links. Please share one you already have.');
  const token = randomToken(32);
  await db.insert(guestInvites).values({ bookingId: b.id, tokenHash: await sha256(token), expiresAt: b.startsAt, createdAt: now });
  return { url: absoluteUrl(deps.config, guestLink(token)), expires_at: b.startsAt.toISOString() };
}

/** The booking of an open invite: 404 for a token nobody issued, 410 once the dinner began or was called off. */
async function inviteBooking(deps: Pick<Deps, 'db' | 'clock'>, token: string) {
  const now = deps.clock.now();
  const [invite] = await deps.db
    .select()
    .from(guestInvites)
    .where(eq(guestInvites.tokenHash, await sha256(token)))
    .limit(1);
  const b = invite ? await loadBooking(deps.db, invite.bookingId, now) : null;
  if (!invite || !b) throw new ApiError(404, 'This invitation link is not valid.', 'INVITE_NOT_FOUND');
  if (now >= invite.expiresAt || !openFor(b, now)) throw new ApiError(410, EXPIRED, 'INVITE_EXPIRED');
  return b;
}

/**
 * GET /v1/guest-invites/{token}: what the guest needs to know to answer, and nothing about the parties' contacts.
 * Counted per address before the lookup, so an unknown token costs the same as a known one.
 */
export async function readInvite(deps: Pick<Deps, 'db' | 'clock'>, token: string, ip: string) {
  await enforce(deps.db, `guest-invite-reads:ip:${ip}`, INVITE_READS_PER_IP, deps.clock.now(), 'Too many requests from your network. Please wait a while and try again.');
  const b = await inviteBooking(deps, token);
  return {
    menu: { name: b.menuName },
    chef: { firstname: b.chefFirstname },
    host: { firstname: b.customerFirstname },
    starts_at: b.startsAt.toISOString(),
    event_date: b.eventDate,
    timezone: b.timezone,
    guests: b.guests,
    expires_at: b.startsAt.toISOString(),
  };
}

export type GuestMeta = { ip: string; hostname: string };

/**
 * Throttle, then the bot check (newsletter's order: a flood of bad tokens never reaches siteverify). Called once the
 * link and the answer's keys are known good: an answer sent back with field errors costs nothing, and a link nobody
 * issued (unguessable anyway) counts against nobody.
 */
async function guardGuestWrite(deps: Deps, token: string, input: GuestAnswerInput, meta: GuestMeta) {
  const now = deps.clock.now();
  await enforce(deps.db, `guest-answers:ip:${meta.ip}`, GUEST_WRITES_PER_IP, now, TOO_MANY);
  await enforce(deps.db, `guest-answers:invite:${await sha256(token)}`, GUEST_WRITES_PER_INVITE, now, TOO_MANY);
  const bot = await deps.turnstile.verify(input[TURNSTILE_FIELD], { ip: meta.ip, action: 'guest_answer', hostname: meta.hostname });
  if (!bot.success) throw badRequest(BOT, { [TURNSTILE_FIELD]: [BOT] }, 'BOT_CHECK_FAILED');
}

/** The answer's keys must be on the product's diet and allergen lists; returns the allergens' names for the chef. */
async function checkKeys(deps: Pick<Deps, 'db'>, input: GuestAnswerInput, locale: Locale) {
  const rows = await dietaryKeysQuery(deps.db, input.diets, input.allergies.map((a) => a.key));
  const known = new Map(rows.map((r) => [`${r.kind}:${r.key}`, r.names]));
  const errors: FieldMessages = {};
  input.diets.forEach((d, i) => {
    if (!known.has(`diet:${d}`)) errors[`diets.${i}`] = [{ key: 'validation.reference.unknowndiet', params: { key: d } }];
  });
  input.allergies.forEach((a, i) => {
    if (!known.has(`allergen:${a.key}`)) errors[`allergies.${i}.key`] = [{ key: 'validation.reference.unknownallergen', params: { key: a.key } }];
  });
  if (Object.keys(errors).length) throw invalid(errors, { message: 'validation.rule.checkfields' });
  return (key: string) => localName(known.get(`allergen:${key}`)!, key, locale);
}

/**
 * The instant a new severe allergy is dated: now, but always after the chef's last written answer, so that an answer
 * arriving in the same millisecond as the chef's is never taken as covered by it.
 */
const severeStamp = (bookingId: number, now: Date) =>
  sql`max(${now.getTime()}, coalesce((select b.allergy_ack_at from bookings b where b.id = ${bookingId}), 0) + 1)`;

const severeKeys = (allergies: readonly GuestAllergy[]) => allergies.filter((a) => a.level === 'severe').map((a) => a.key);

/** The chef's notice of a severe allergy the chef has not answered; written only with the answer's guarded write. */
function severeNotice(deps: Deps, b: BookingRecord, name: string, allergens: string, w: Witness) {
  return prepareNotice(
    deps,
    recipientOf(b, 'chef'),
    {
      key: 'passport.severe.chef',
      params: { guest: name, allergens, menu: b.menuName, date: whenParam(b.startsAt, b.timezone) },
      type: 'error',
      link: bookingLink(b.id, 'chef'),
    },
    { when: w },
  );
}

const answerData = (row: typeof guestAnswers.$inferSelect) => ({
  id: row.id,
  name: row.name,
  diets: row.diets,
  allergies: row.allergies,
  updated_at: row.updatedAt.toISOString(),
});

/**
 * POST /v1/guest-invites/{token}/answers: a guest's answer. No more answers than the booking has guests (one insert
 * guarded by the count, so parallel answers cannot pass it); a severe allergy tells the chef in the same batch.
 */
export async function submitAnswer(deps: Deps, token: string, input: GuestAnswerInput, meta: GuestMeta) {
  const b = await inviteBooking(deps, token);
  const allergenName = await checkKeys(deps, input, b.chefLocale as Locale);
  await guardGuestWrite(deps, token, input, meta);
  const now = deps.clock.now();
  const editKey = randomToken(24);
  const severe = severeKeys(input.allergies);
  const room = sql`where (select count(*) from guest_answers ga where ga.booking_id = ${b.id}) < ${b.guests}`;
  const insert = insertSelect(
    deps.db,
    guestAnswers,
    paramsOf(guestAnswers, { bookingId: b.id, editKeyHash: await sha256(editKey), name: input.name, diets: input.diets, allergies: input.allergies, severeAt: severe.length ? severeStamp(b.id, now) : null, createdAt: now, updatedAt: now }),
    room,
  ).returning();
  const write = guardedWrite(deps.db);
  const notice = severe.length ? severeNotice(deps, b, input.name, severe.map(allergenName).join(', '), write.witness) : null;
  const [rows] = (await deps.db.batch(write.statements(insert, notice ? [notice.insert] : []))) as [(typeof guestAnswers.$inferSelect)[], ...unknown[]];
  const row = rows[0];
  if (!row) throw keyedConflict('validation.refusal.guest_list_full', 'GUEST_LIST_FULL', { guests: b.guests });
  if (notice) await sendNotices(deps, [notice]);
  return { message: 'Thank you! Your answer was sent to the chef.', data: { ...answerData(row), edit_key: editKey } };
}

/**
 * PUT /v1/guest-invites/{token}/answers: the guest changes their answer with the key their device kept. A severe
 * allergy the answer did not have before dates it anew, so the chef's earlier written answer does not cover it.
 */
export async function editAnswer(deps: Deps, token: string, input: GuestAnswerEditInput, meta: GuestMeta) {
  const b = await inviteBooking(deps, token);
  const allergenName = await checkKeys(deps, input, b.chefLocale as Locale);
  await guardGuestWrite(deps, token, input, meta);
  const now = deps.clock.now();
  const keyHash = await sha256(input.edit_key);
  const [old] = await deps.db
    .select()
    .from(guestAnswers)
    .where(and(eq(guestAnswers.bookingId, b.id), eq(guestAnswers.editKeyHash, keyHash)))
    .limit(1);
  if (!old) throw new ApiError(404, 'Your answer was not found. It may have been removed; please answer again.', 'ANSWER_NOT_FOUND');
  const before = new Set(severeKeys(old.allergies));
  const severe = severeKeys(input.allergies);
  const added = severe.filter((k) => !before.has(k));
  const severeAt = !severe.length ? null : added.length ? severeStamp(b.id, now) : old.severeAt;
  const update = deps.db
    .update(guestAnswers)
    .set({ name: input.name, diets: input.diets, allergies: input.allergies, severeAt, updatedAt: now })
    .where(and(eq(guestAnswers.id, old.id), eq(guestAnswers.updatedAt, old.updatedAt)))
    .returning();
  const write = guardedWrite(deps.db);
  const notice = added.length ? severeNotice(deps, b, input.name, added.map(allergenName).join(', '), write.witness) : null;
  const [rows] = (await deps.db.batch(write.statements(update, notice ? [notice.insert] : []))) as [(typeof guestAnswers.$inferSelect)[], ...unknown[]];
  const row = rows[0];
  if (!row) throw conflict('Your answer changed in the meantime. Please reload the page and try again.', 'ANSWER_CHANGED');
  if (notice) await sendNotices(deps, [notice]);
  return { message: 'Your answer was updated.', data: answerData(row) };
}

/**
 * POST /v1/bookings/{id}/allergy-ack: the chef's written answer to the guests' severe allergies, which the customer
 * reads. `seen` is the newest severe answer the chef read; a newer one makes the chef read it first (409).
 */
export async function acknowledgeAllergies(deps: Deps, viewer: Viewer, bookingId: number, input: AllergyAckInput, ctx: ReadCtx) {
  const { db, clock } = deps;
  const now = clock.now();
  const { b, relation } = await bookingFor(deps, viewer, bookingId);
  if (relation !== 'chef') throw forbidden('Only the chef can answer the guests’ allergies.');
  if (!openFor(b, now)) throw conflict('This booking no longer takes place before its dinner.', 'INVALID_BOOKING_STATE');
  const [latest] = await db
    .select({ at: max(guestAnswers.severeAt) })
    .from(guestAnswers)
    .where(eq(guestAnswers.bookingId, b.id));
  const newest = latest?.at ?? null;
  if (!newest) throw conflict('No guest has a severe allergy on this booking.', 'NO_SEVERE_ALLERGY');
  // A new answer since the chef read the passport: the chef reads it and writes again (the screen reloads the booking).
  const changed = () => fieldError('text', 'validation.passport.changed', undefined, { code: 'PASSPORT_CHANGED', status: 409 });
  if (input.seen == null || new Date(input.seen).getTime() !== newest.getTime()) throw changed();
  const write = guardedWrite(db);
  const notice = prepareNotice(
    deps,
    recipientOf(b, 'customer'),
    { key: 'passport.ack.customer', params: { chef: b.chefFirstname || 'Chef', menu: b.menuName }, type: 'success', link: bookingLink(b.id, 'customer') },
    { when: write.witness },
  );
  const [updated] = await db.batch(
    write.statements(
      db
        .update(bookings)
        .set({ allergyAck: input.text, allergyAckAt: now, updatedAt: now })
        .where(and(eq(bookings.id, b.id), sql`not exists (select 1 from guest_answers ga where ga.booking_id = ${b.id} and ga.severe_at > ${newest.getTime()})`))
        .returning({ id: bookings.id }),
      [notice.insert],
    ),
  );
  if (!updated.length) throw changed();
  await sendNotices(deps, [notice]);
  return getBooking(deps, viewer, b.id, ctx, 'chef');
}

/** The sweep's step: answers and links of dinners that ended more than 30 days ago are deleted. */
export async function deleteOldPassports(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const { db, clock } = deps;
  const before = new Date(clock.now().getTime() - KEEP_ANSWERS_MS);
  const past = db.select({ id: bookings.id }).from(bookings).where(lte(sql`${bookings.startsAt} + ${EVENT_DURATION_MS}`, before.getTime()));
  const [answers] = await db.batch([
    db.delete(guestAnswers).where(inArray(guestAnswers.bookingId, past)).returning({ id: guestAnswers.id }),
    db.delete(guestInvites).where(inArray(guestInvites.bookingId, past)),
  ]);
  return answers.length;
}
