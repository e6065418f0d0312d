// Chef journeys in real Chromium against the real server (fresh seeded database): the demo chef (Active, Signature,
// Zürich) writes a menu with a picture, publishes it once the picture is approved, and finds it among the menus
// near Zürich; blocking a day takes the menu out of the search for that date; and a new user goes through the whole
// application, uploads and the SMS code from the outbox (with a reload while it is on its way) included, up to the
// submission. Typed work is kept: leaving the menu editor with unsaved changes (by a link or the browser's Back) asks
// first, and the application keeps a step's unsaved typing while the chef moves between steps.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { encodePng } from '../../scripts/seed/png';
import { call, DEMO_PASSWORD, expectAxeClean, signIn } from './support/journey';
import { useBrowser } from './support/session';
import { DAY } from '#shared/time';

const base = inject('baseURL');
const menuName = `E2E tasting menu ${Date.now()}`;

let chefPage: Page;
let chefErrors: string[];
let zurichId: number;
let menuId: number;

/** A 1200×800 PNG with a gradient and a plate, so every crop has something to show. */
function testPicture(): Buffer {
  const w = 1200;
  const h = 800;
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 3;
      const plate = (x - w / 2) ** 2 + (y - h / 2) ** 2 < 300 ** 2;
      rgb[o] = plate ? 245 : 180 + Math.round((x / w) * 60);
      rgb[o + 1] = plate ? 240 : 90 + Math.round((y / h) * 60);
      rgb[o + 2] = plate ? 230 : 40;
    }
  }
  return Buffer.from(encodePng(w, h, rgb));
}

/** The smallest file the server recognises as a PDF. */
const testPdf = (title: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${title}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

const { state, newPage } = useBrowser();

const LEAVE_QUESTION = 'You have changes that are not saved. Leave this page and lose them?';

/** Answers the next browser dialog (the leave question) and resolves with its text. */
function answerNextDialog(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      const text = dialog.message();
      void (accept ? dialog.accept() : dialog.dismiss()).then(() => resolve(text));
    });
  });
}


async function menusNear(page: Page, query: Record<string, string>): Promise<number[]> {
  const qs = new URLSearchParams({ search: menuName, page_size: '200', ...query }).toString();
  const res = await call<{ data: { id: number }[] }>(page, 'GET', `/v1/menus/near/${zurichId}?${qs}`);
  expect(res.status).toBe(200);
  return res.json.data.map((m) => m.id);
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

describe('chef area', () => {
  it('creates and publishes a menu with a picture, which then shows among the menus near Zürich', async () => {
    const { page, errors } = await newPage();
    chefPage = page;
    chefErrors = errors;
    await signIn(page, base, 'chef@example.com', DEMO_PASSWORD);

    const regions = await call<{ data: { id: number; name: string }[] }>(page, 'GET', `/v1/locations/regions?${new URLSearchParams({ text: 'Zürich', limit: '10' })}`);
    zurichId = (regions.json.data.find((r) => r.name === 'Zürich') ?? regions.json.data[0]!).id;
    expect(zurichId).toBeGreaterThan(0);

    await page.goto(`${base}/account/me/menumanagement`);
    await page.getByRole('heading', { level: 1, name: 'Menu management' }).waitFor();
    await page.getByTestId('own-menu').first().waitFor();
    await page.getByRole('link', { name: 'New menu' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'New menu' }).waitFor();

    const editor = page.getByTestId('menu-editor');
    await editor.getByLabel('Name of the menu').fill(menuName);
    await editor.getByLabel('Description', { exact: true }).fill('Five seasonal plates from the market, cooked in your kitchen.');

    // The browser crops and resizes the picture into the three stacks and uploads them with progress.
    await editor.getByTestId('menu-image-uploader').locator('input[type="file"]').setInputFiles({ name: 'dish.png', mimeType: 'image/png', buffer: testPicture() });
    await editor.getByTestId('menu-image-uploader').locator('img[src^="blob:"]').waitFor({ timeout: 20_000 });
    expect(await editor.getByTestId('menu-image-uploader').locator('[data-field-error]').count()).toBe(0);

    const courses = editor.getByTestId('course');
    const dishes = ['Beetroot tartare', 'Saddle of venison', 'Plum tarte'];
    for (let i = 0; i < 3; i++) await courses.nth(i).getByLabel('Name of the dish').fill(dishes[i]!);
    await courses.nth(2).getByText('Gluten', { exact: true }).click();
    await editor.getByRole('group', { name: 'Cuisines' }).getByText('Swiss', { exact: true }).click();
    await editor.getByLabel('Maximum guests').fill('10');
    await editor.getByLabel('Price per person').first().fill('95');
    await expectAxeClean(page, 'main');

    await editor.getByRole('button', { name: 'Create menu' }).click();
    await page.waitForURL(/\/account\/me\/menumanagement\/\d+\?created=1$/);
    menuId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('The menu was saved as a draft.').first().waitFor();
    await page.getByTestId('menu-status').filter({ hasText: 'Draft' }).waitFor();

    // The new picture waits for moderation: the editor says so, and the menu goes live only once a super-user has
    // approved it (issue 15 L4; the admin journey does this in the Images screen).
    await page.getByTestId('picture-pending').waitFor();
    const draft = await call<{ data: { image_id: number; publish_missing: string[] } }>(page, 'GET', `/v1/chefs/me/menus/${menuId}`);
    expect(draft.json.data.publish_missing).toEqual(['image_pending']);
    const { page: admin } = await newPage();
    await signIn(admin, base, 'admin@example.com', DEMO_PASSWORD);
    expect((await call(admin, 'POST', `/v1/admin/images/${draft.json.data.image_id}/approve`, {})).status).toBe(200);
    await page.reload();
    await page.getByTestId('menu-status').filter({ hasText: 'Draft' }).waitFor();
    expect(await page.getByTestId('picture-pending').count()).toBe(0);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('The menu is published.').waitFor();
    await page.getByTestId('menu-status').filter({ hasText: 'Published' }).waitFor();

    const saved = await call<{ data: { status: string; image: { data: { url: Record<string, string> } } | null; courses: unknown[]; allergens: string[] } }>(page, 'GET', `/v1/chefs/me/menus/${menuId}`);
    expect(saved.json.data.status).toBe('published');
    expect(Object.keys(saved.json.data.image!.data.url).sort()).toEqual(['t1024_2x1', 't512_1x1', 't512_2x1']);
    expect(saved.json.data.courses).toHaveLength(3);
    expect(saved.json.data.allergens).toEqual(['gluten']);

    expect(await menusNear(page, {})).toContain(menuId);
    expect(chefErrors).toEqual([]);
  });

  it('takes the menu out of the search for a day the chef blocks, and back when it is freed', async () => {
    const page = chefPage;
    // A day a month or so ahead on which the menu can be booked now.
    const start = new Date(Date.now() + 30 * DAY);
    let day = '';
    for (let i = 0; i < 30 && !day; i++) {
      const candidate = isoDay(new Date(start.getTime() + i * DAY));
      if ((await menusNear(page, { date: candidate })).includes(menuId)) day = candidate;
    }
    expect(day).not.toBe('');

    await page.goto(`${base}/account/me/availability`);
    const grid = page.getByRole('grid');
    await grid.waitFor();
    const cell = page.locator(`[data-day="${day}"]`);
    for (let i = 0; i < 3 && !(await cell.count()); i++) {
      await page.getByRole('button', { name: 'Next month' }).click();
      await page.waitForTimeout(100);
    }
    await cell.waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    expect(await cell.getAttribute('aria-pressed')).toBe('false');
    await expectAxeClean(page, 'main');

    await cell.click();
    await page.waitForFunction((d) => document.querySelector(`[data-day="${d}"]`)?.getAttribute('aria-pressed') === 'true' && !document.querySelector(`[data-day="${d}"][aria-busy="true"]`), day);
    expect(await menusNear(page, { date: day })).not.toContain(menuId);
    const blocked = await state.db.execute({
      sql: 'select count(*) as n from availability_blocks where day = ? and chef_id = (select c.id from chefs c join users u on u.id = c.user_id where u.email = ?)',
      args: [day, 'chef@example.com'],
    });
    expect(Number(blocked.rows[0]!.n)).toBe(1);

    // The keyboard frees it again: focus the day and press Enter.
    await cell.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((d) => document.querySelector(`[data-day="${d}"]`)?.getAttribute('aria-pressed') === 'false' && !document.querySelector(`[data-day="${d}"][aria-busy="true"]`), day);
    expect(await menusNear(page, { date: day })).toContain(menuId);
    expect(chefErrors).toEqual([]);
  });

  it('asks before leaving the menu editor with unsaved changes, and keeps them when the chef stays', async () => {
    const page = chefPage;
    const editor = `/account/me/menumanagement/${menuId}`;
    await page.goto(`${base}/account/me/menumanagement`);
    await page.locator(`a[href="${editor}"]`).first().click();
    await page.waitForURL(`${base}${editor}`);
    const name = page.getByTestId('menu-editor').getByLabel('Name of the menu');
    await name.fill(`${menuName} (renamed)`);
    await page.getByText('You have unsaved changes.').waitFor();

    // The browser's Back button asks too; staying shows the editor again with what was typed.
    const stayBack = answerNextDialog(page, false);
    await page.goBack();
    expect(await stayBack).toBe(LEAVE_QUESTION);
    await page.waitForURL(`${base}${editor}`);
    await page.getByText('You have unsaved changes.').waitFor();
    expect(await name.inputValue()).toBe(`${menuName} (renamed)`);

    const stay = answerNextDialog(page, false);
    await page.getByRole('link', { name: 'All menus' }).click();
    expect(await stay).toBe(LEAVE_QUESTION);
    expect(new URL(page.url()).pathname).toBe(`/account/me/menumanagement/${menuId}`);
    expect(await name.inputValue()).toBe(`${menuName} (renamed)`);

    const leave = answerNextDialog(page, true);
    await page.getByRole('link', { name: 'All menus' }).click();
    expect(await leave).toBe(LEAVE_QUESTION);
    await page.waitForURL(`${base}/account/me/menumanagement`);
    const saved = await call<{ data: { name: string } }>(page, 'GET', `/v1/chefs/me/menus/${menuId}`);
    expect(saved.json.data.name).toBe(menuName);
    expect(chefErrors).toEqual([]);
  });
});

describe('chef application', () => {
  it('takes a new user from the become-a-chef page through every step to the submission', async () => {
    const { page, errors } = await newPage();
    const email = `e2e-chef-${Date.now()}@example.com`;
    const phone = `079${String(Date.now()).slice(-7)}`;
    await page.goto(`${base}/become-a-chef`);
    await page.getByRole('heading', { level: 1, name: 'Cook for guests in your region – on your terms' }).waitFor();
    await page.getByTestId('earnings-example').waitFor();
    await expectAxeClean(page, 'main');
    const signup = await call<{ authenticated: boolean }>(page, 'POST', '/v1/auth/signup', { firstname: 'Lea', lastname: 'Koch', email, password: 'lea-password-1', cftoken: '' });
    expect(signup.status).toBe(201);
    await page.reload();

    await page.getByTestId('become-chef-cta').filter({ hasText: 'Start my application' }).click();
    await page.waitForURL(`${base}/account/me/becomechef?step=personal`);
    const rail = page.getByTestId('progress-rail');
    await rail.waitFor();
    await expectAxeClean(page, 'main');
    await page.getByTestId('step-personal').waitFor();

    // Step 3: the mobile number, confirmed with the code from the SMS outbox.
    const phoneSection = page.getByTestId('phone-section');
    await phoneSection.getByLabel('Mobile number').fill(phone);
    await phoneSection.getByRole('button', { name: 'Send code' }).click();
    await phoneSection.getByText(/We have sent a code by SMS to/).waitFor();
    // A reload while the code is on its way keeps the code field (issue 14).
    await page.reload();
    await phoneSection.getByText(`We have sent a code by SMS to +41${phone.slice(1)}.`).waitFor();
    const sms = await state.db.execute({ sql: "select body from outbox where channel = 'sms' and recipient = ? order by id desc limit 1", args: [`+41${phone.slice(1)}`] });
    const code = String(sms.rows[0]?.body ?? '').match(/\b\d{6}\b/)?.[0];
    expect(code).toBeTruthy();
    await phoneSection.getByLabel('6-digit code').fill(code!);
    await phoneSection.getByRole('button', { name: 'Confirm number' }).click();
    await phoneSection.getByTestId('phone-verified').waitFor();
    await rail.locator('[data-step="personal"][data-complete="true"]').waitFor();

    // Step 4: address, home region and the regions within the radius.
    await page.getByTestId('next-step').click();
    const location = page.getByTestId('location-form');
    await location.getByLabel('Your address').fill('Seestrasse 10, 8002 Zürich');
    await location.getByTestId('region-input').fill('8002');
    await page.getByTestId('region-option').first().click();
    await location.getByTestId('regions-count').waitFor();
    await location.getByRole('button', { name: 'Save' }).click();
    await rail.locator('[data-step="location"][data-complete="true"]').waitFor();

    // Step 5: profile with a resized avatar.
    await page.getByTestId('next-step').click();
    const profile = page.getByTestId('profile-form');
    await profile.getByTestId('avatar-uploader').locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: testPicture() });
    await profile.getByText('Your profile picture was saved.').waitFor({ timeout: 20_000 });
    // Another file, refused, takes the "saved" note away: the picker says only what is true now.
    await profile.getByTestId('avatar-uploader').locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await profile.getByText('This file type is not accepted. Choose a JPEG, PNG or WebP picture.').waitFor();
    expect(await profile.getByText('Your profile picture was saved.').count()).toBe(0);
    const bio = 'Trained in Lucerne, I cook seasonal Swiss dishes with herbs from my own garden for small groups.';
    await profile.getByLabel('About you', { exact: true }).fill(bio);
    // What was typed stays while the chef looks at another step and comes back, and leaving the application asks.
    await page.getByTestId('next-step').click();
    await page.getByTestId('step-documents').waitFor();
    await page.getByRole('button', { name: '← Profile' }).click();
    expect(await page.getByTestId('profile-form').getByLabel('About you', { exact: true }).inputValue()).toBe(bio);
    const question = answerNextDialog(page, false);
    await page.getByRole('navigation', { name: 'Chef area' }).getByRole('link', { name: 'Menus' }).click();
    expect(await question).toBe(LEAVE_QUESTION);
    expect(new URL(page.url()).pathname).toBe('/account/me/becomechef');
    expect(await page.getByTestId('profile-form').getByLabel('About you', { exact: true }).inputValue()).toBe(bio);
    await profile.getByRole('group', { name: 'Your cuisines' }).getByText('Swiss', { exact: true }).click();
    await profile.getByRole('group', { name: 'Languages you speak' }).getByText('German', { exact: true }).click();
    await profile.getByLabel('Years of experience').fill('6');
    await profile.getByRole('button', { name: 'Save' }).click();
    await rail.locator('[data-step="profile"][data-complete="true"]').waitFor();

    // Step 6: the three documents, each with its own upload.
    await page.getByTestId('next-step').click();
    for (const kind of ['id_document', 'hygiene_certificate', 'liability_insurance']) {
      const slot = page.getByTestId(`document-${kind}`);
      await slot.locator('input[type="file"]').setInputFiles({ name: `${kind}.pdf`, mimeType: 'application/pdf', buffer: testPdf(kind) });
      await slot.getByRole('link', { name: `${kind}.pdf` }).waitFor();
    }
    // A file of the wrong type is refused at the file, before uploading.
    const idSlot = page.getByTestId('document-id_document');
    await idSlot.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await idSlot.getByText('This file type is not accepted. Upload a PDF, JPEG, PNG or WebP file.').waitFor();
    await rail.locator('[data-step="documents"][data-complete="true"]').waitFor();

    // Step 7: the first menu, in the same editor.
    await page.getByTestId('next-step').click();
    const editor = page.getByTestId('menu-editor');
    await editor.getByLabel('Name of the menu').fill('Garden to table');
    const courses = editor.getByTestId('course');
    for (const [i, dish] of ['Herb soup', 'Trout with butter', 'Apple strudel'].entries()) await courses.nth(i).getByLabel('Name of the dish').fill(dish);
    await editor.getByLabel('Price per person').first().fill('85');
    await editor.getByRole('button', { name: 'Create menu' }).click();
    await rail.locator('[data-step="menu"][data-complete="true"]').waitFor();

    // Step 8: payout details, with the live IBAN check and the password.
    await page.getByTestId('next-step').click();
    const payout = page.getByTestId('payout-details-form');
    await payout.getByLabel('Account holder').fill('Lea Koch');
    await payout.getByLabel('IBAN').fill('CH93 0076 2011 6238 5295 7');
    await payout.getByText('Valid IBAN (CH)').waitFor();
    await payout.getByLabel('Your password').fill('lea-password-1');
    await payout.getByRole('button', { name: 'Save payout details' }).click();
    await page.getByTestId('iban-masked').waitFor();
    expect(await page.getByTestId('iban-masked').innerText()).toMatch(/^CH93 \*{4} /);
    await rail.locator('[data-step="payout"][data-complete="true"]').waitFor();

    // Step 9: submit.
    await page.getByTestId('next-step').click();
    await page.getByText('Everything is complete. Submit your application for review.').waitFor();
    await expectAxeClean(page, 'main');
    await page.getByTestId('submit-application').click();
    await page.locator('[data-testid="application-status"][data-status="Onboarded"]').waitFor();
    const row = await state.db.execute({ sql: 'select c.status from chefs c join users u on u.id = c.user_id where u.email = ?', args: [email] });
    expect(Number(row.rows[0]!.status)).toBe(3);
    expect(errors).toEqual([]);
  });
});
