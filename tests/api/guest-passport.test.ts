// The guest allergy passport (issue 18 §2) through the API: invite links (customer only, absolute from the public
// origin, hashed, expiring with the event), guests' answers without an account (validation, the guest-count limit,
// the rate limit, edits from the same device), the summary against the menu's courses for both parties, the chef's
// written answer before accepting and before the payment, the 30-day deletion, privacy, and copying to a rebooking.
import { eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings } from '../../functions/_api/db/schema/bookings';
import { notifications } from '../../functions/_api/db/schema/messages';
import { guestAnswers, guestInvites } from '../../functions/_api/db/schema/passport';
import { users } from '../../functions/_api/db/schema/users';
import { sha256 } from '../../functions/_api/lib/crypto';
import { copyPassport } from '../../functions/_api/modules/bookings/booking-rebook';
import { GUEST_WRITES_PER_IP, INVITE_READS_PER_IP } from '../../functions/_api/modules/passport/passport.service';
import { runSweep } from '../../functions/_api/modules/sweep/sweep';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { agent, type Agent } from '../support/agent';
import { testDeps } from '../support/chef-fixtures';
import { acceptBooking, as, bookingCalls, chefBookingOf, customer, newKey, orderOf, pay, requestBooking, world, type World } from '../support/booking-fixtures';
import { ok, on, refused, settled, typedClient, type ErrorBody } from '../support/typed-client';
import { DAY, HOUR, MINUTE } from '#shared/time';

const h = useHarness();
beforeEach(() => h.clock.set(START));

let net = 0;
/** A browser with no session, from its own address. */
const guest = () => agent(h, `10.77.${Math.floor(++net / 250)}.${(net % 250) + 1}`);

/** POST /v1/bookings/{id}/guest-invites as `a`: the pending typed call. */
const newInvite = (a: Agent, id: number) => bookingCalls(a)['guest-invites'].$post({ ...on(id), json: {} });
async function invite(w: World, id: number): Promise<string> {
  const res = await ok(newInvite(await as(h, w.customer), id));
  expect(res.status).toBe(201);
  return res.body.data.url;
}
const tokenOf = (url: string) => url.split('/guest/')[1]!;

/** The calls on one invite link, as agent `g`. */
const inviteCalls = (g: Agent, token: string) => typedClient(g)['guest-invites'][':token'];
const readInvite = (g: Agent, token: string) => inviteCalls(g, token).$get({ param: { token } });

type AnswerInput = InferRequestType<ReturnType<typeof inviteCalls>['answers']['$post']>['json'];
const answerBody = (over: Partial<AnswerInput> = {}): AnswerInput => ({ name: 'Lena', diets: ['vegetarian'], allergies: [], ...over });
/** A guest's answer: the pending typed call. */
const answer = (token: string, over: Partial<AnswerInput> = {}, g = guest()) => inviteCalls(g, token).answers.$post({ param: { token }, json: answerBody(over) });
const editAnswer = (g: Agent, token: string, editKey: string, over: Partial<AnswerInput> = {}) =>
  inviteCalls(g, token).answers.$put({ param: { token }, json: { ...answerBody(over), edit_key: editKey } });
const allergyAck = (a: Agent, id: number, text: string, seen: string | null) => bookingCalls(a)['allergy-ack'].$post({ ...on(id), json: { text, seen } });
const chefView = async (w: World, id: number) => ok(chefBookingOf(await as(h, w.chef), id));
const customerView = async (w: World, id: number) => ok(orderOf(await as(h, w.customer), id));

describe('invite links', () => {
  it('gives the customer an absolute link from the public origin, storing only the token’s hash', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const res = await ok(bookingCalls(await as(h, w.customer))['guest-invites'].$post({ ...on(id), json: {} }, { headers: { host: 'evil.example' } }));
    expect(res.status).toBe(201);
    const url = res.body.data.url;
    expect(url.startsWith(`${new URL(h.env.PUBLIC_URL!).origin}/guest/`)).toBe(true);
    const token = tokenOf(url);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const rows = await h.db.select().from(guestInvites).where(eq(guestInvites.bookingId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(await sha256(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    const b = (await h.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
    expect(rows[0]!.expiresAt.getTime()).toBe(b.startsAt.getTime());
    expect(res.body.data.expires_at).toBe(b.startsAt.toISOString());
  });

  it('is the customer’s alone: the chef gets 403, another user 404, a visitor 401', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    expect((await refused(newInvite(await as(h, w.chef), id))).status).toBe(403);
    const res = await refused(newInvite(await as(h, await customer(h)), id));
    expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await refused(newInvite(guest(), id))).status).toBe(401);
    expect(await h.db.select().from(guestInvites).where(eq(guestInvites.bookingId, id))).toHaveLength(0);
  });

  it('opens without an account until the dinner begins, then answers 410; an unknown token is 404', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const token = tokenOf(await invite(w, id));
    const g = guest();
    const open = await ok(readInvite(g, token));
    expect(open.status).toBe(200);
    expect(open.body.data).toMatchObject({ menu: { name: 'Alpine Autumn' }, chef: { firstname: 'Marco' }, host: { firstname: 'Julia' }, guests: 4, timezone: 'Europe/Zurich' });
    expect(JSON.stringify(open.body)).not.toMatch(/@|street|Bahnhof/i);
    expect((await refused(readInvite(g, 'x'.repeat(43)))).body.code).toBe('INVITE_NOT_FOUND');

    const b = (await h.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
    h.clock.set(b.startsAt);
    const late = await refused(readInvite(guest(), token));
    expect(late).toMatchObject({ status: 410, body: { code: 'INVITE_EXPIRED' } });
    expect((await refused(answer(token))).status).toBe(410);
    expect((await refused(newInvite(await as(h, w.customer), id))).body.code).toBe('INVITES_CLOSED');
  });

  it('closes when the booking is called off', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const token = tokenOf(await invite(w, id));
    expect((await ok(bookingCalls(await as(h, w.customer)).cancel.$post({ ...on(id), json: { reason: '' } }))).status).toBe(200);
    expect((await refused(answer(token))).body.code).toBe('INVITE_EXPIRED');
  });
});

describe('reading an invite', () => {
  it('is rate-limited per address, unknown tokens counted alike; another address still reads it', async () => {
    const w = await world(h);
    const token = tokenOf(await invite(w, await requestBooking(h, w)));
    const g = guest();
    const statuses: number[] = [];
    for (let i = 0; i < INVITE_READS_PER_IP.limit; i++) statuses.push((await readInvite(g, i % 2 ? token : 'b'.repeat(43))).status);
    expect(new Set(statuses)).toEqual(new Set([200, 404]));
    const res = await refused(readInvite(g, token));
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', message: 'Too many requests from your network. Please wait a while and try again.' } });
    expect((await ok(readInvite(guest(), token))).status).toBe(200);
  });
});

describe('a guest’s answer', () => {
  it('is validated on the server with field errors', async () => {
    const w = await world(h);
    const token = tokenOf(await invite(w, await requestBooking(h, w)));
    const empty = await refused(answer(token, { name: '  ' }));
    expect(empty).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: { name: ['Please enter your name.'] } } });
    // Raw: an allergy level and a field the answer does not have, which the route's type does not let the typed client send.
    const g = guest();
    const level = await g.json<ErrorBody>(g.post(`/v1/guest-invites/${token}/answers`, { ...answerBody(), allergies: [{ key: 'nuts', level: 'deadly' }] }));
    expect(level.body.errors['allergies.0.level']).toEqual(['Say how serious this allergy is.']);
    expect((await g.post(`/v1/guest-invites/${token}/answers`, { ...answerBody(), email: 'x@example.com' })).status).toBe(400);
    const unknown = await refused(answer(token, { diets: ['carnivore'], allergies: [{ key: 'plutonium', level: 'severe' }] }));
    expect(unknown).toMatchObject({ status: 400, body: { errors: { 'diets.0': ['Unknown diet "carnivore".'], 'allergies.0.key': ['Unknown allergen "plutonium".'] } } });
    const twice = await refused(answer(token, { allergies: [{ key: 'nuts', level: 'severe' }, { key: 'nuts', level: 'preference' }] }));
    expect(twice.body.errors.allergies).toEqual(['Name each allergy once.']);
    const newline = await refused(answer(token, { name: 'Le\nna' }));
    expect(newline.body.errors.name).toEqual(['Please keep this on one line.']);
    expect(await h.db.select().from(guestAnswers)).not.toContainEqual(expect.objectContaining({ name: 'Le\nna' }));
  });

  it('is kept, and the same device changes it with its key; another key finds nothing', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const token = tokenOf(await invite(w, id));
    const g = guest();
    const res = await ok(answer(token, { name: 'Tom', allergies: [{ key: 'milk', level: 'intolerance' }] }, g));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Tom', diets: ['vegetarian'], allergies: [{ key: 'milk', level: 'intolerance' }] });
    const key = res.body.data.edit_key;
    const [row] = await h.db.select().from(guestAnswers).where(eq(guestAnswers.bookingId, id));
    expect(row).toMatchObject({ name: 'Tom', editKeyHash: await sha256(key), severeAt: null });

    const edit = await ok(editAnswer(g, token, key, { name: 'Tom B.', diets: [] }));
    expect(edit).toMatchObject({ status: 200, body: { data: { name: 'Tom B.', diets: [], allergies: [] } } });
    expect((await h.db.select().from(guestAnswers).where(eq(guestAnswers.bookingId, id))).map((r) => r.name)).toEqual(['Tom B.']);
    const wrong = await refused(editAnswer(g, token, 'k'.repeat(32)));
    expect(wrong).toMatchObject({ status: 404, body: { code: 'ANSWER_NOT_FOUND' } });
  });

  it('takes no more answers than the booking has guests', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w, { guests: 2, allergens: [] });
    const token = tokenOf(await invite(w, id));
    const results = await Promise.all(['A', 'B', 'C'].map((name) => settled(answer(token, { name }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409]);
    expect(results.flatMap((r) => (r.ok ? [] : [r.body.code]))).toEqual(['GUEST_LIST_FULL']);
    expect(await h.db.select().from(guestAnswers).where(eq(guestAnswers.bookingId, id))).toHaveLength(2);
  });

  it('is rate-limited per address', async () => {
    const w = await world(h);
    const token = tokenOf(await invite(w, await requestBooking(h, w)));
    const g = guest();
    // Answers past the guest count are refused (409) and still counted.
    const statuses: number[] = [];
    for (let i = 0; i <= GUEST_WRITES_PER_IP.limit; i++) statuses.push((await answer(token, { name: `G${i}` }, g)).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 409]);
    const last = await refused(answer(token, {}, g));
    expect(last).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
  });
});

describe('the summary on the booking', () => {
  it('counts the answers for both parties and checks them against the menu’s courses', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w, { guests: 5 });
    const token = tokenOf(await invite(w, id));
    await ok(answer(token, { name: 'A' }));
    await ok(answer(token, { name: 'B', allergies: [{ key: 'milk', level: 'intolerance' }] }));
    await ok(answer(token, { name: 'C', diets: ['vegetarian', 'vegan'], allergies: [{ key: 'nuts', level: 'severe' }] }));
    await ok(answer(token, { name: 'D', diets: [], allergies: [{ key: 'eggs', level: 'preference' }] }));
    for (const view of [await chefView(w, id), await customerView(w, id)]) {
      expect(view.status).toBe(200);
      const p = view.body.data.passport!;
      expect(p.summary.answered).toBe(4);
      expect(p.summary.diets).toEqual([
        { key: 'vegetarian', name: 'Vegetarian', count: 3, menu_has_diet: true },
        { key: 'vegan', name: 'Vegan', count: 1, menu_has_diet: false },
      ]);
      expect(p.summary.allergies.map((a) => [a.key, a.level, a.count, a.conflict, a.courses.map((c) => c.name)])).toEqual([
        ['nuts', 'severe', 1, true, ['Vermicelles']],
        ['milk', 'intolerance', 1, true, ['Pumpkin soup', 'Älplermagronen']],
        ['eggs', 'preference', 1, false, []],
      ]);
      expect(p.answers.map((a) => a.name)).toEqual(['A', 'B', 'C', 'D']);
      expect(p.ack_required).toBe(true);
    }
  });

  it('is hidden from everybody else: other customers and chefs get 404', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    await ok(answer(tokenOf(await invite(w, id)), { name: 'Private Guest' }));
    const res = await refused(bookingCalls(await as(h, await customer(h))).$get(on(id)));
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Private Guest');
    const w2 = await world(h);
    const otherChef = await as(h, w2.chef);
    expect((await refused(chefBookingOf(otherChef, id))).status).toBe(404);
    expect((await refused(allergyAck(otherChef, id, 'I will leave out the nuts.', null))).status).toBe(404);
    // Administrators see it in the admin area.
    await h.db.update(users).set({ isSu: true }).where(eq(users.id, w2.customer.userId));
    const adminView = await ok(typedClient(await as(h, w2.customer)).admin.bookings[':id'].$get(on(id)));
    expect(adminView.body.data.passport!.answers.map((a) => a.name)).toEqual(['Private Guest']);
  });
});

/** A request whose guest reported a severe nut allergy that the chef has answered in writing. */
async function answeredSevere() {
  const w = await world(h);
  const id = await requestBooking(h, w);
  const token = tokenOf(await invite(w, id));
  const g = guest();
  const first = await ok(answer(token, { name: 'Nina', allergies: [{ key: 'nuts', level: 'severe' }] }, g));
  const chef = await as(h, w.chef);
  const v1 = (await chefView(w, id)).body.data.passport!;
  expect((await ok(allergyAck(chef, id, 'No nuts in any course.', v1.severe_version))).status).toBe(200);
  return { w, id, token, g, editKey: first.body.data.edit_key, chef, v1 };
}

describe('a severe allergy needs the chef’s written answer', () => {
  it('blocks the chef’s accept until answered, tells the chef, and shows the answer to the customer', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const token = tokenOf(await invite(w, id));
    await ok(answer(token, { name: 'Nina', allergies: [{ key: 'nuts', level: 'severe' }] }));
    const notes = await h.db.select().from(notifications).where(eq(notifications.userId, w.chef.userId));
    expect(notes.map((n) => n.title)).toContain('A guest has a severe allergy');
    expect(notes.find((n) => n.title === 'A guest has a severe allergy')!.message).toContain('Nina has a severe allergy (Nuts)');

    const chef = await as(h, w.chef);
    const unanswered = await refused(bookingCalls(chef).accept.$post({ ...on(id), json: {} }));
    expect(unanswered).toMatchObject({ status: 409, body: { code: 'ALLERGY_ACK_REQUIRED', errors: { allergy_ack: [expect.stringContaining('severe allergy')] } } });
    expect((await h.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status).toBe('requested');

    const view = (await chefView(w, id)).body.data.passport!;
    const short = await refused(allergyAck(chef, id, 'ok', view.severe_version));
    expect(short).toMatchObject({ status: 400, body: { errors: { text: [expect.stringContaining('at least 10')] } } });
    const stale = await refused(allergyAck(chef, id, 'No nuts anywhere.', null));
    expect(stale).toMatchObject({
      status: 409,
      body: {
        code: 'PASSPORT_CHANGED',
        message: 'A guest changed their answer meanwhile. Please read it and answer again.',
        errors: { text: ['A guest changed their answer meanwhile. Please read it and answer again.'] },
        error_keys: { text: [{ key: 'validation.passport.changed' }] },
      },
    });
    expect((await refused(allergyAck(await as(h, w.customer), id, 'No nuts anywhere.', view.severe_version))).status).toBe(403);

    const ack = await ok(allergyAck(chef, id, 'The Vermicelles become a sorbet without nuts.', view.severe_version));
    expect(ack.status).toBe(200);
    expect(ack.body.data.passport).toMatchObject({ ack_required: false, ack: { text: 'The Vermicelles become a sorbet without nuts.' } });
    const seen = (await customerView(w, id)).body.data.passport!;
    expect(seen.ack?.text).toBe('The Vermicelles become a sorbet without nuts.');
    expect(await h.db.select().from(notifications).where(eq(notifications.userId, w.customer.userId))).toContainEqual(
      expect.objectContaining({ title: 'The chef answered your guests’ allergies' }),
    );
    expect((await ok(bookingCalls(chef).accept.$post({ ...on(id), json: {} }))).status).toBe(200);
  });

  it('a severe allergy arriving after the chef accepted blocks the payment until answered again', async () => {
    const { w, id, token, g, editKey, chef, v1 } = await answeredSevere();
    await acceptBooking(h, w, id);

    // The same guest adds a severe fish allergy later: the earlier answer does not cover it.
    h.clock.set(new Date(START.getTime() + MINUTE));
    const edit = await ok(editAnswer(g, token, editKey, { name: 'Nina', allergies: [{ key: 'nuts', level: 'severe' }, { key: 'fish', level: 'severe' }] }));
    expect(edit.status).toBe(200);
    const a = await as(h, w.customer);
    expect(await refused(pay(a, id, newKey()))).toMatchObject({ status: 409, body: { code: 'ALLERGY_ACK_REQUIRED', errors: { allergy_ack: [expect.any(String)] } } });
    expect((await customerView(w, id)).body.data.passport!.ack_required).toBe(true);

    const v2 = (await chefView(w, id)).body.data.passport!;
    expect(v2.severe_version).not.toBe(v1.severe_version);
    expect((await ok(allergyAck(chef, id, 'No nuts, and the trout becomes a mushroom dish.', v2.severe_version))).status).toBe(200);
    expect((await pay(a, id, newKey())).status).toBe(201);
  });

  it('an answer without a new severe allergy needs no new answer', async () => {
    const { w, id, token, g, editKey, chef, v1 } = await answeredSevere();
    h.clock.set(new Date(START.getTime() + MINUTE));
    await ok(editAnswer(g, token, editKey, { name: 'Nina K.', allergies: [{ key: 'nuts', level: 'severe' }, { key: 'milk', level: 'preference' }] }));
    await ok(answer(token, { name: 'Otto', allergies: [{ key: 'eggs', level: 'intolerance' }] }));
    expect((await chefView(w, id)).body.data.passport!.ack_required).toBe(false);
    expect((await ok(bookingCalls(chef).accept.$post({ ...on(id), json: {} }))).status).toBe(200);
  });
});

describe('texts between the parties', () => {
  it('mask contact details in guests’ names and the chef’s answer until the booking is confirmed', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    await ok(answer(tokenOf(await invite(w, id)), { name: 'Nina 079 123 45 67', allergies: [{ key: 'nuts', level: 'severe' }] }));
    const chef = await as(h, w.chef);
    const seen = (await chefView(w, id)).body.data.passport!;
    expect(seen.answers[0]!.name).toBe('Nina [hidden until the booking is confirmed]');
    await ok(allergyAck(chef, id, 'No nuts. My number is 079 123 45 67.', seen.severe_version));
    expect((await customerView(w, id)).body.data.passport!.ack?.text).toBe('No nuts. My number is [hidden until the booking is confirmed].');
  });
});

describe('limits', () => {
  it('deletes the answers and links 30 days after the dinner, not before', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    await ok(answer(tokenOf(await invite(w, id)), { name: 'Nina' }));
    const b = (await h.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
    const end = b.startsAt.getTime() + 4 * HOUR;
    h.clock.set(new Date(end + 30 * DAY - 1));
    await runSweep(testDeps(h));
    expect(await h.db.select().from(guestAnswers).where(eq(guestAnswers.bookingId, id))).toHaveLength(1);
    h.clock.set(new Date(end + 30 * DAY));
    const result = await runSweep(testDeps(h));
    expect(result.guest_answers_deleted).toBeGreaterThanOrEqual(1);
    expect(await h.db.select().from(guestAnswers).where(eq(guestAnswers.bookingId, id))).toHaveLength(0);
    expect(await h.db.select().from(guestInvites).where(eq(guestInvites.bookingId, id))).toHaveLength(0);
  });
});

describe('copying the passport to a rebooking', () => {
  it('copies every answer with its edit key, and severe allergies need the new chef’s answer', async () => {
    const w = await world(h);
    const from = await requestBooking(h, w);
    await ok(answer(tokenOf(await invite(w, from)), { name: 'Nina', allergies: [{ key: 'nuts', level: 'severe' }] }));
    await ok(answer(tokenOf(await invite(w, from)), { name: 'Otto' }));
    const to = await requestBooking(h, w, { starts_at: new Date(START.getTime() + 40 * DAY).toISOString() });
    h.clock.set(new Date(START.getTime() + 1000));
    const deps = testDeps(h);
    await h.db.batch(copyPassport(deps, from, to) as [never]);
    const copied = await h.db.select().from(guestAnswers).where(eq(guestAnswers.bookingId, to)).orderBy(guestAnswers.id);
    const original = await h.db.select().from(guestAnswers).where(eq(guestAnswers.bookingId, from)).orderBy(guestAnswers.id);
    expect(copied.map((r) => [r.name, r.editKeyHash, r.allergies])).toEqual(original.map((r) => [r.name, r.editKeyHash, r.allergies]));
    expect(copied[0]!.severeAt!.getTime()).toBe(START.getTime() + 1000);
    expect(copied[1]!.severeAt).toBeNull();
    expect((await chefView(w, to)).body.data.passport).toMatchObject({ ack_required: true, summary: { answered: 2 } });
  });
});
