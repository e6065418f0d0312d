// The guests' allergy passport (issue 18 §2) in real Chromium against the real server: a new customer (French, on a
// phone) requests a dinner from the demo chef and shares an invite link from the booking page; a guest opens it in
// a profile of their own, without an account, and enters a severe nut allergy; the chef (English) sees the summary,
// cannot accept until they have answered in writing, answers and accepts; the customer reads the chef's answer.
import { describe, expect, inject, it } from 'vitest';
import { call, DEMO_PASSWORD, expectAxeClean, signIn, zurichBooking } from './support/journey';
import { DEMO_CHEF_EMAIL as CHEF_EMAIL, DEMO_CHEF_TZ as EVENT_TZ, demoChef, freeEvening } from './support/demo-chef';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const stamp = Date.now();

const { state, newPage, rows } = useBrowser();

describe('guest allergy passport', () => {
  it('a guest enters a severe allergy, the chef must answer before accepting, and the customer reads the answer', async () => {
    const { chefId, firstname: chefName, menuId } = await demoChef(state.db);
    const startsAt = await freeEvening(state.db, chefId, 40, 90);

    const customer = await newPage({ locale: 'fr', timezoneId: EVENT_TZ, phone: true });
    const chef = await newPage({ locale: 'en', timezoneId: EVENT_TZ });
    const guest = await newPage({ locale: 'en', timezoneId: EVENT_TZ, phone: true });
    await signIn(chef.page, base, CHEF_EMAIL, DEMO_PASSWORD);
    const c = customer.page;
    await c.goto(`${base}/help`);
    const email = `e2e-passport-${stamp}@example.com`;
    expect((await call(c, 'POST', '/v1/auth/signup', { firstname: 'Chloé', lastname: 'Hôte', email, password: 'passport-password-1', cftoken: '' })).status).toBe(201);
    const body = zurichBooking(menuId, startsAt);
    const created = await call<{ data: { id: number } }>(c, 'POST', '/v1/bookings', body, { 'Idempotency-Key': `e2e-passport-${stamp}` });
    expect(created.status).toBe(201);
    const id = created.json.data.id;

    // 1. The customer (French) creates an invite link on the booking page.
    await c.goto(`${base}/account/me/bookings/${id}`);
    const passport = c.getByRole('region', { name: 'Passeport allergies des convives' });
    await passport.waitFor({ timeout: 15_000 });
    await passport.getByRole('button', { name: 'Créer un lien d’invitation' }).click();
    const link = passport.getByLabel('Lien d’invitation pour vos convives');
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(new RegExp(`^${base}/guest/[\\w-]{20,}$`));
    await expectAxeClean(c, 'main');

    // 2. The guest opens it without an account and enters a severe nut allergy.
    const g = guest.page;
    await g.goto(url);
    await g.getByRole('heading', { level: 1, name: 'Your diet and allergies' }).waitFor({ timeout: 15_000 });
    const lists = await call<{ data: { allergy: { key: string; name: string }[] } }>(g, 'GET', '/v1/lists');
    const nuts = lists.json.data.allergy.find((a) => a.key === 'nuts')!;
    expect(nuts, 'the vocabulary has nuts').toBeDefined();
    expect(await g.getByTestId('guest-invite-intro').innerText()).toContain(`Chloé invited you to a dinner by chef ${chefName}`);
    const form = g.getByTestId('guest-answer-form');
    await form.getByLabel('Your name').fill('Jonas');
    await form.getByRole('group', { name: 'Allergies and intolerances' }).getByText(nuts.name, { exact: true }).click();
    await g.getByTestId('allergy-level-nuts').getByRole('radio', { name: /^Severe \(anaphylaxis\)/ }).check();
    await expectAxeClean(g, 'main');
    await form.getByRole('button', { name: 'Send to the chef' }).click();
    await g.getByTestId('guest-form-done').waitFor({ timeout: 15_000 });
    expect(await g.getByTestId('guest-form-done').innerText()).toContain('Thank you! Your answer was sent to the chef.');
    const answers = await rows<{ name: string; allergies: string; severe_at: number | null }>('select name, allergies, severe_at from guest_answers where booking_id = ?', [id]);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.name).toBe('Jonas');
    expect(JSON.parse(answers[0]!.allergies)).toEqual([{ key: 'nuts', level: 'severe' }]);
    expect(answers[0]!.severe_at).not.toBeNull();

    // The customer is told the chef must answer first.
    await c.reload();
    await passport.getByTestId('passport-waiting').waitFor({ timeout: 15_000 });
    expect(await passport.getByTestId('passport-waiting').innerText()).toBe(
      'Un convive a une allergie sévère. Le chef doit indiquer par écrit ce qu’il va changer avant que la réservation puisse continuer.',
    );

    // 3. The chef sees the summary; accepting waits for the written answer (the button, and the server).
    const k = chef.page;
    await k.goto(`${base}/account/me/chefbookings/${id}`);
    const chefPassport = k.getByRole('region', { name: 'Guests’ allergy passport' });
    await chefPassport.getByTestId('passport-summary').waitFor({ timeout: 15_000 });
    const severe = chefPassport.getByTestId('passport-summary').locator('[data-level="severe"]');
    expect(await severe.innerText()).toContain(`1 guest with a severe allergy (anaphylaxis) to ${nuts.name}`);
    const accept = k.getByRole('button', { name: 'Accept request' });
    expect(await accept.isDisabled()).toBe(true);
    const refused = await call<{ code: string }>(k, 'POST', `/v1/bookings/${id}/accept`, {});
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('ALLERGY_ACK_REQUIRED');
    const ackForm = chefPassport.getByTestId('passport-ack-form');
    expect(await ackForm.innerText()).toContain(`A guest has a severe allergy: ${nuts.name}`);
    const ack = 'No nuts in the kitchen that evening: the dessert becomes a poached pear, and I bring separate boards.';
    await ackForm.getByLabel('What will you change?').fill(ack);
    await expectAxeClean(k, 'main');
    await ackForm.getByRole('button', { name: 'Send my answer to the customer' }).click();
    await chefPassport.getByTestId('passport-ack').waitFor({ timeout: 15_000 });
    expect(await ackForm.count()).toBe(0);
    await expect.poll(() => accept.isDisabled()).toBe(false);
    await accept.click();
    await k.locator('main [data-testid="booking-status"][data-status="accepted"]').waitFor({ timeout: 15_000 });
    const [booking] = await rows<{ status: string; allergy_ack: string; allergy_ack_at: number }>('select status, allergy_ack, allergy_ack_at from bookings where id = ?', [id]);
    expect(booking).toMatchObject({ status: 'accepted', allergy_ack: ack });
    expect(Number(booking!.allergy_ack_at)).toBeGreaterThanOrEqual(Number(answers[0]!.severe_at));

    // 4. The customer reads the chef's answer, and the summary.
    await c.reload();
    const answer = passport.getByTestId('passport-ack');
    await answer.waitFor({ timeout: 15_000 });
    expect(await answer.locator('p').allInnerTexts()).toEqual([`Réponse de ${chefName} aux allergies sévères`, ack]);
    expect(await passport.getByTestId('passport-summary').locator('[data-level="severe"]').innerText()).toContain(`1 convive avec une allergie sévère (anaphylaxie) : `);
    expect(await passport.getByTestId('passport-waiting').count()).toBe(0);

    expect(customer.errors).toEqual([]);
    expect(chef.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
  }, 180_000);
});
