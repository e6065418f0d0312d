// Admin journey (issue 7) in real Chromium against the real server (fresh seeded database). The steps run in order
// and share one super-user profile, one applicant and one visitor:
// 1. a customer and a chef are refused /ylcadmin by the client guard (and /v1/admin by the server), and neither
//    browser downloads any chunk built from web/src/features/admin;
// 2. the super-user opens Chefs → "Under review", approves a pending application (a seeded Onboarded chef whose
//    draft menu waits with a picture in the moderation queue); the chef's editor says the picture waits for review,
//    the super-user approves it in Images, the chef publishes the menu, and a visitor finds it among the menus near
//    the chef's home region;
// 3. the super-user hides the menu's picture in Images with a reason (asked for in a dialog): the visitor's card
//    shows the placeholder, the picture's public URL is gone, and the chef is told why in the app and by mail;
// 4. the super-user blocks the chef after a confirmation: the menu leaves the search and the chef's profile and menu
//    pages are unavailable.
// axe (serious/critical = fail) runs on every admin screen the journey visits, the block dialog included; the
// database is checked after each decision (chef status, is_verified, image status, audit_log with before/after).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { call, DEMO_PASSWORD, expectAxeClean, signIn } from './support/journey';
import { ROOT } from './support/server';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const { newPage, rows } = useBrowser();

const ADMIN_EMAIL = 'admin@example.com';
/** ChefStatus in functions/_api/db/schema/chefs.ts. */
const STATUS = { Active: 1, Onboarded: 3, Banned: -1 } as const;
const BAN_NOTE = 'E2E: repeated no-shows reported by guests.';
const HIDE_REASON = 'E2E: the picture shows a phone number.';

/**
 * The built chunks that come from web/src/features/admin: Vite names a chunk after its first module, so every
 * file of that folder that became a chunk of its own (pages, the layout, shared admin parts) is found by its name.
 */
function adminChunks(): string[] {
  const modules = new Set(readdirSync(path.join(ROOT, 'web/src/features/admin')).map((f) => f.replace(/\.tsx?$/, '')));
  const chunks = readdirSync(path.join(ROOT, 'dist/assets')).filter((f) => {
    const m = /^(.+)-[\w-]{8}\.js$/.exec(f);
    return m !== null && modules.has(m[1]!);
  });
  expect(chunks.some((c) => c.startsWith('AdminLayout-'))).toBe(true);
  return chunks;
}

/** Every script the page requests, by file name. */
function trackScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r: Request) => {
    if (r.resourceType() === 'script') scripts.push(path.basename(new URL(r.url()).pathname));
  });
  return scripts;
}

type AuditRow = { action: string; actor_user_id: number; before: string; after: string };
async function auditRows(targetType: string, targetId: number, action: string): Promise<AuditRow[]> {
  return rows<AuditRow>('select action, actor_user_id, before, after from audit_log where target_type = ? and target_id = ? and action = ? order by id', [targetType, String(targetId), action]);
}

const notification = (page: Page, title: string) => page.getByTestId('notification').filter({ hasText: title });

type Applicant = { chefId: number; userId: number; uri: string; email: string; name: string; regionId: number; menuId: number; menuName: string; imageId: number };
let applicant: Applicant;
let adminPage: Page;
let adminErrors: string[];
let adminId: number;
let visitorPage: Page;
let visitorErrors: string[];
let imageUrl: string;

/** The visitor's search for the applicant's menu near the chef's home region, as the discovery page shows it. */
async function openSearch(page: Page) {
  await page.goto(`${base}/menus/nearme/${applicant.regionId}?${new URLSearchParams({ search: applicant.menuName })}`);
  await page.getByRole('heading', { level: 1, name: /^Menus near / }).waitFor();
}
const menuCard = (page: Page) => page.getByTestId('menu-card').filter({ has: page.locator(`a[href$="/menu/${applicant.menuId}"]`) });

async function nearIds(page: Page): Promise<number[]> {
  const res = await call<{ data: { id: number }[] }>(page, 'GET', `/v1/menus/near/${applicant.regionId}?${new URLSearchParams({ search: applicant.menuName, page_size: '200' })}`);
  expect(res.status).toBe(200);
  return res.json.data.map((m) => m.id);
}

/** The chef's detail page, from the admin navigation: Chefs → status tab → the chef's row. */
async function openChef(page: Page, tab: string) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Chefs', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Chefs' }).waitFor();
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  await page.getByRole('search').getByLabel('Search by name, e-mail or location').fill(applicant.email);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await page.waitForURL((url) => url.searchParams.get('q') === applicant.email);
  const row = page.getByTestId('chef-row').filter({ hasText: applicant.email });
  await row.waitFor();
  await expectAxeClean(page, 'main');
  await row.click();
  await page.waitForURL(`${base}/ylcadmin/chefs/${applicant.chefId}`);
  await page.getByRole('heading', { level: 1, name: applicant.name }).waitFor();
}

describe('admin console', () => {
  it('refuses /ylcadmin to a customer and to a chef, who never download the admin chunks', async () => {
    const chunks = adminChunks();
    for (const email of ['customer@example.com', 'chef@example.com']) {
      const { page, errors } = await newPage();
      const scripts = trackScripts(page);
      await signIn(page, base, email, DEMO_PASSWORD);
      for (const target of ['/ylcadmin', '/ylcadmin/home', '/ylcadmin/chefs', '/ylcadmin/images']) {
        await page.goto(`${base}${target}`);
        await page.waitForURL(`${base}/`);
        await page.getByTestId('featured-menu').first().waitFor({ timeout: 15_000 });
        expect(await page.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
      }
      // The server refuses the admin API on its own.
      const api = await call<{ code: string }>(page, 'GET', '/v1/admin/chefs');
      expect(api.status).toBe(403);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((s) => chunks.includes(s)), `${email} downloaded admin chunks`).toEqual([]);
      expect(errors).toEqual([]);
    }
  });

  it('approves a pending application; the chef publishes the menu and a visitor finds it near the chef', async () => {
    // A seeded applicant under review whose complete draft menu has a picture in the moderation queue.
    const [found] = await rows<Applicant>(
      `select c.id as chefId, u.id as userId, c.uri, u.email, u.firstname || ' ' || u.lastname as name, c.home_region_id as regionId,
              m.id as menuId, m.name as menuName, i.id as imageId
         from chefs c join users u on u.id = c.user_id join menus m on m.chef_id = c.id join images i on i.id = m.image_id
        where c.status = ? and c.home_region_id is not null and m.status = 'draft' and i.status = 'pending' and i.kind = 'menu'
          and (select count(*) from menus o where o.image_id = i.id) = 1
          and (select count(*) from menu_courses mc where mc.menu_id = m.id) >= 3
        order by c.id limit 1`,
      [STATUS.Onboarded],
    );
    expect(found).toBeTruthy();
    applicant = { ...found!, chefId: Number(found!.chefId), userId: Number(found!.userId), regionId: Number(found!.regionId), menuId: Number(found!.menuId), imageId: Number(found!.imageId) };
    adminId = Number((await rows<{ id: number }>('select id from users where email = ?', [ADMIN_EMAIL]))[0]!.id);

    // The applicant cannot publish yet: the profile is under review, and so is the picture.
    const { page: chefPage, errors: chefErrors } = await newPage();
    await signIn(chefPage, base, applicant.email, DEMO_PASSWORD);
    const early = await call<{ code: string; errors: Record<string, string[]> }>(chefPage, 'POST', `/v1/chefs/me/menus/${applicant.menuId}/publish`, {});
    expect(early.status).toBe(409);
    expect(Object.keys(early.json.errors)).toEqual(['chef', 'image_id']);

    // The super-user: /ylcadmin leads to the dashboard, the admin chunks load for them.
    ({ page: adminPage, errors: adminErrors } = await newPage());
    const adminScripts = trackScripts(adminPage);
    await signIn(adminPage, base, ADMIN_EMAIL, DEMO_PASSWORD);
    await adminPage.goto(`${base}/ylcadmin`);
    await adminPage.waitForURL(`${base}/ylcadmin/home`);
    await adminPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await adminPage.getByTestId('home-figures').waitFor();
    await expectAxeClean(adminPage, 'main');
    expect(adminScripts.some((s) => s.startsWith('AdminLayout-'))).toBe(true);

    await openChef(adminPage, 'Under review');
    const decision = adminPage.getByTestId('decision-section');
    await decision.getByRole('button', { name: 'Approve' }).waitFor();
    await adminPage.getByTestId('chef-status').filter({ hasText: 'Under review' }).waitFor();
    await expectAxeClean(adminPage, 'main');
    const countNotices = async () => Number((await rows<{ n: number }>('select count(*) as n from notifications where user_id = ?', [applicant.userId]))[0]!.n);
    const noticesBefore = await countNotices();
    await decision.getByRole('button', { name: 'Approve' }).click();
    await notification(adminPage, 'The application was approved.').waitFor();
    await adminPage.getByTestId('chef-status').filter({ hasText: 'Active' }).waitFor();
    await adminPage.locator('main').getByText('Verified', { exact: true }).waitFor();
    await decision.getByRole('button', { name: 'Block' }).waitFor();
    expect(await decision.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await expectAxeClean(adminPage, 'main');

    const [chef] = await rows<{ status: number; is_verified: number; verified_at: number | null }>('select status, is_verified, verified_at from chefs where id = ?', [applicant.chefId]);
    expect({ status: Number(chef!.status), verified: Number(chef!.is_verified), hasVerifiedAt: chef!.verified_at != null }).toEqual({ status: STATUS.Active, verified: 1, hasVerifiedAt: true });
    const approvals = await auditRows('chef', applicant.chefId, 'chef.status.approve');
    expect(approvals).toHaveLength(1);
    expect(Number(approvals[0]!.actor_user_id)).toBe(adminId);
    expect(JSON.parse(approvals[0]!.before)).toEqual({ status: STATUS.Onboarded });
    expect(JSON.parse(approvals[0]!.after)).toMatchObject({ status: STATUS.Active, actor_role: 'admin' });
    // The chef is told, in the app and by e-mail.
    const [mail] = await rows<{ n: number }>("select count(*) as n from outbox where channel = 'mail' and recipient = ? and template = 'notify.chef_status.approve'", [applicant.email]);
    expect({ inApp: (await countNotices()) - noticesBefore, mail: Number(mail!.n) }).toEqual({ inApp: 1, mail: 1 });

    // Approved, the chef opens the menu: its picture still waits for moderation, so the editor says why it cannot
    // go live yet (issue 15 L4).
    await chefPage.goto(`${base}/account/me/menumanagement/${applicant.menuId}`);
    await chefPage.getByTestId('picture-pending').waitFor();
    await chefPage.getByTestId('publish-checklist').getByText('The picture must first be approved by our team.').waitFor();
    // The super-user approves the picture in Images, where it waits with the menu it is used on.
    await adminPage.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Images', exact: true }).click();
    await adminPage.getByRole('heading', { level: 1, name: 'Images' }).waitFor();
    const picture = adminPage.getByTestId(`image-${applicant.imageId}`);
    await picture.getByTestId('image-uses').getByText(`Menu: ${applicant.menuName}`).waitFor();
    await picture.getByRole('button', { name: 'Approve' }).click();
    await notification(adminPage, 'The picture was approved.').waitFor();
    // Now the chef publishes the menu.
    await chefPage.reload();
    await chefPage.getByTestId('publish-checklist').getByText('Everything is there. You can publish this menu.').waitFor();
    await chefPage.getByRole('button', { name: 'Publish', exact: true }).click();
    await chefPage.getByText('The menu is published.').waitFor();
    expect(chefErrors).toEqual([]);

    // A visitor searches menus near the chef's home region and finds it, with its picture.
    ({ page: visitorPage, errors: visitorErrors } = await newPage());
    await openSearch(visitorPage);
    const card = menuCard(visitorPage);
    await card.waitFor({ timeout: 15_000 });
    await card.getByText(applicant.name).waitFor();
    const img = card.locator('img').first();
    await img.waitFor();
    imageUrl = (await img.getAttribute('src'))!;
    expect(imageUrl).toMatch(/^\/v1\/images\//);
    expect(await card.getByTestId('menu-image-placeholder').count()).toBe(0);
    expect((await visitorPage.request.get(`${base}${imageUrl}`)).status()).toBe(200);
    expect(await nearIds(visitorPage)).toContain(applicant.menuId);
    expect(adminErrors).toEqual([]);
  });

  it('pages a search by the rows it finds, and finds chefs by their town typed without its accents', async () => {
    const page = adminPage;
    // Users: the footer counts what the search found, the whole list only beside it, with no empty pages offered.
    const found = await call<{ filter_count: number; total_count: number }>(page, 'GET', '/v1/admin/users?q=lea&count=1');
    expect(found.json.filter_count).toBeGreaterThan(0);
    expect(found.json.filter_count).toBeLessThan(found.json.total_count);
    await page.goto(`${base}/ylcadmin/users?q=lea`);
    await page.getByTestId('user-row').first().waitFor();
    const n = found.json.filter_count;
    expect(await page.getByTestId('paged-range').textContent()).toBe(`1–${n} of ${n} (${found.json.total_count} in all)`);
    expect(await page.getByRole('button', { name: /^Page \d+$/ }).count()).toBe(0);

    // Chefs: "zurich" finds the chefs shown in "Zürich", and the footer counts them.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Chefs', exact: true }).click();
    await page.getByRole('search').getByLabel('Search by name, e-mail or location').fill('zurich');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'zurich');
    const zurich = await rows<{ n: number }>("select count(*) as n from chefs where display_location like 'Zürich%'");
    const chefsFound = Number(zurich[0]!.n);
    expect(chefsFound).toBeGreaterThan(0);
    const range = `1–${Math.min(chefsFound, 20)} of ${chefsFound}`;
    await page.getByTestId('paged-range').filter({ hasText: range }).waitFor();
    const rowTexts = await page.getByTestId('chef-row').allTextContents();
    expect(rowTexts.length).toBe(Math.min(chefsFound, 20));
    expect(rowTexts.every((text) => text.includes('Zürich'))).toBe(true);
    await expectAxeClean(page, 'main');
    expect(adminErrors).toEqual([]);
  });

  it("hides the menu's picture in Images, and the visitor's card shows the placeholder", async () => {
    const page = adminPage;
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Images', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Images' }).waitFor();
    // The applicant's picture, approved in the step before, is listed under Approved with the menu it is used on.
    await page.getByRole('tab', { name: 'Approved' }).click();
    const card = page.getByTestId(`image-${applicant.imageId}`);
    await card.waitFor();
    await card.getByTestId('image-uses').getByText(`Menu: ${applicant.menuName}`).waitFor();
    await expectAxeClean(page, 'main');
    await card.getByRole('button', { name: 'Hide' }).click();
    const dialog = page.getByRole('dialog', { name: `Hide picture ${applicant.imageId}?` });
    await dialog.waitFor();
    await expectAxeClean(page, '[role="dialog"]');
    // Without a reason nothing is sent: the field says what is needed.
    await dialog.getByRole('button', { name: 'Hide picture' }).click();
    await dialog.getByText('Please give the reason. The owner of the picture reads it.').waitFor();
    expect((await rows<{ status: string }>('select status from images where id = ?', [applicant.imageId]))[0]!.status).toBe('approved');
    await dialog.getByLabel('Reason').fill(HIDE_REASON);
    await dialog.getByRole('button', { name: 'Hide picture' }).click();
    await dialog.waitFor({ state: 'detached' });
    await notification(page, 'The picture was hidden.').waitFor();
    // It leaves the approved pictures and is listed under Hidden.
    await card.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Hidden' }).click();
    await card.getByTestId('image-status').filter({ hasText: 'Hidden' }).waitFor();
    expect(await card.getByRole('button', { name: 'Hide' }).isDisabled()).toBe(true);
    await expectAxeClean(page, 'main');

    const [image] = await rows<{ status: string; moderated_by: number }>('select status, moderated_by from images where id = ?', [applicant.imageId]);
    expect(image!.status).toBe('hidden');
    expect(Number(image!.moderated_by)).toBe(adminId);
    const hides = await auditRows('image', applicant.imageId, 'image.hide');
    expect(hides).toHaveLength(1);
    expect(Number(hides[0]!.actor_user_id)).toBe(adminId);
    expect(JSON.parse(hides[0]!.before)).toEqual({ status: 'approved' });
    expect(JSON.parse(hides[0]!.after)).toEqual({ status: 'hidden', reason: HIDE_REASON });
    // The chef reads why, in the app and by mail, with a link to the menu to replace the picture.
    const [note] = await rows<{ message: string; link: string }>('select message, link from notifications where user_id = ? order by id desc limit 1', [applicant.userId]);
    expect(note!.message).toContain(HIDE_REASON);
    expect(note!.link).toBe(`/account/me/menumanagement/${applicant.menuId}`);
    const [mail] = await rows<{ body: string; template: string }>('select body, template from outbox where recipient = ? order by id desc limit 1', [applicant.email]);
    expect(mail!.template).toBe('notify.image_hidden.menu');
    expect(mail!.body).toContain(HIDE_REASON);

    // The visitor: the menu is still there, with the placeholder, and the picture's public URL is gone.
    await openSearch(visitorPage);
    const menu = menuCard(visitorPage);
    await menu.waitFor({ timeout: 15_000 });
    await menu.getByTestId('menu-image-placeholder').waitFor();
    expect(await menu.locator('img[src^="/v1/images/"]').count()).toBe(0);
    expect((await visitorPage.request.get(`${base}${imageUrl}`)).status()).toBe(404);
    expect(adminErrors).toEqual([]);
  });

  it('blocks the chef after a confirmation: the menus leave the search and the profile is unavailable', async () => {
    const page = adminPage;
    await openChef(page, 'Active');
    await page.getByTestId('decision-section').getByRole('button', { name: 'Block' }).click();
    const dialog = page.getByRole('dialog', { name: `Block ${applicant.name}?` });
    await dialog.waitFor();
    await expectAxeClean(page, '[role="dialog"]');
    await dialog.getByLabel('Note for the audit log (optional)').fill(BAN_NOTE);
    await dialog.getByRole('button', { name: 'Block chef' }).click();
    await dialog.waitFor({ state: 'detached' });
    await notification(page, 'The chef profile was blocked.').waitFor();
    await page.getByTestId('chef-status').filter({ hasText: 'Blocked' }).waitFor();
    await page.getByText('Status before the block: Active').waitFor();
    await page.getByTestId('decision-section').getByRole('button', { name: 'Lift block' }).waitFor();
    await expectAxeClean(page, 'main');

    const [chef] = await rows<{ status: number; status_before_ban: number }>('select status, status_before_ban from chefs where id = ?', [applicant.chefId]);
    expect({ status: Number(chef!.status), before: Number(chef!.status_before_ban) }).toEqual({ status: STATUS.Banned, before: STATUS.Active });
    const bans = await auditRows('chef', applicant.chefId, 'chef.status.ban');
    expect(bans).toHaveLength(1);
    expect(Number(bans[0]!.actor_user_id)).toBe(adminId);
    expect(JSON.parse(bans[0]!.before)).toEqual({ status: STATUS.Active });
    expect(JSON.parse(bans[0]!.after)).toEqual({ status: STATUS.Banned, reason: BAN_NOTE, actor_role: 'admin' });

    // The visitor: nothing matches the search any more, and the chef's pages say the chef is not available.
    await openSearch(visitorPage);
    await visitorPage.getByText('No menu matches your search').waitFor({ timeout: 15_000 });
    expect(await menuCard(visitorPage).count()).toBe(0);
    expect(await nearIds(visitorPage)).not.toContain(applicant.menuId);
    await visitorPage.goto(`${base}/chefs/${applicant.uri}`);
    await visitorPage.getByTestId('chef-not-found').waitFor();
    // A menu the public cannot see (any more) is the 404 page.
    await visitorPage.goto(`${base}/chefs/${applicant.uri}/menu/${applicant.menuId}`);
    await visitorPage.getByTestId('not-found').waitFor();
    expect(visitorErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });
});
