// Pausing a chef with upcoming bookings in real Chromium against the real server (issue 14 §5, issue 15 L1):
// 1. the super-user opens a seeded Active chef with upcoming bookings, pauses with the reason the chef will read,
//    cancels one paid booking in the dialog and keeps the others; the database holds the pause (by an admin), the
//    chef side's cancellation with its full refund, and the kept bookings as they were;
// 2. the chef signs in: the chef area says that support paused the profile and why, offers to contact support and
//    no way to resume, and the API refuses the chef's resume;
// 3. the super-user resumes the profile, which leaves the shared database as the other journeys expect it.
// axe (serious/critical = fail) runs on the dialog with its booking choices and on the chef's profile page.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { call, DEMO_PASSWORD, expectAxeClean, signIn } from './support/journey';
import { useBrowser } from './support/session';
import { DAY } from '#shared/time';

const base = inject('baseURL');
const { newPage, rows } = useBrowser();

const REASON = 'E2E: a guest reported a hygiene problem; we are looking into it.';

type Chef = { id: number; email: string; name: string };
type Upcoming = { id: number; status: string };

describe('pausing a chef with upcoming bookings', () => {
  let chef: Chef;
  let upcoming: Upcoming[];
  let paid: Upcoming;
  let adminPage: Page;

  it('lets the super-user cancel one booking with a full refund and keep the others', async () => {
    const now = Date.now();
    // A seeded Active chef (not the demo chef the other journeys use) with a confirmed booking and at least one more ahead.
    const [found] = await rows<Chef>(
      `select c.id, u.email, u.firstname || ' ' || u.lastname as name from chefs c join users u on u.id = c.user_id
       where c.status = 1 and u.email <> 'chef@example.com' and u.disabled_at is null
         and exists (select 1 from bookings b where b.chef_id = c.id and b.status = 'confirmed' and b.starts_at > ?)
         and (select count(*) from bookings b where b.chef_id = c.id and b.status in ('requested', 'accepted', 'confirmed') and b.starts_at > ?) >= 2
       order by c.id limit 1`,
      [now + DAY, now + DAY],
    );
    expect(found).toBeDefined();
    chef = found!;
    upcoming = await rows<Upcoming>(
      "select id, status from bookings where chef_id = ? and status in ('requested', 'accepted', 'confirmed') and starts_at > ? order by starts_at, id",
      [chef.id, now],
    );
    paid = upcoming.find((b) => b.status === 'confirmed')!;

    let errors: string[];
    ({ page: adminPage, errors } = await newPage());
    await signIn(adminPage, base, 'admin@example.com', DEMO_PASSWORD);
    await adminPage.goto(`${base}/ylcadmin/chefs/${chef.id}`);
    await adminPage.getByRole('heading', { level: 1, name: chef.name }).waitFor();
    await adminPage.getByTestId('decision-section').getByRole('button', { name: 'Pause' }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Pause ${chef.name}?` });
    await dialog.waitFor();
    for (const b of upcoming) await dialog.getByTestId(`upcoming-${Number(b.id)}`).waitFor();
    await expectAxeClean(adminPage, '[role="dialog"]');

    await dialog.getByLabel('Reason for the chef (the chef reads it)').fill(REASON);
    await dialog.getByTestId(`upcoming-${Number(paid.id)}`).getByRole('radio', { name: /Cancel/ }).check();
    const message = dialog.getByLabel('Message to the customers of the cancelled bookings');
    expect(await message.inputValue()).toBe('We are sorry: the chef can no longer take your booking. Anything you paid is refunded in full.');
    await expectAxeClean(adminPage, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Pause chef' }).click();
    await dialog.waitFor({ state: 'detached' });
    await adminPage.getByTestId('notification').filter({ hasText: 'The chef profile was paused.' }).waitFor();
    await adminPage.getByTestId('paused-by').filter({ hasText: `Paused by our team. Reason given to the chef: ${REASON}` }).waitFor();

    const [row] = await rows<{ status: number; paused_by: string; pause_reason: string }>('select status, paused_by, pause_reason from chefs where id = ?', [chef.id]);
    expect({ ...row, status: Number(row!.status) }).toEqual({ status: 2, paused_by: 'admin', pause_reason: REASON });
    const after = await rows<Upcoming>(`select id, status from bookings where id in (${upcoming.map((b) => Number(b.id)).join(', ')}) order by starts_at, id`);
    expect(after).toEqual(upcoming.map((b) => (b.id === paid.id ? { ...b, status: 'cancelled_by_chef' } : b)));
    const [refund] = await rows<{ refunded: number; paid: number }>(
      "select (select sum(r.amount) from refunds r where r.booking_id = p.booking_id) as refunded, p.amount as paid from payments p where p.booking_id = ? and p.status in ('refunded', 'partially_refunded', 'succeeded')",
      [paid.id],
    );
    expect(Number(refund!.refunded)).toBe(Number(refund!.paid));
    expect(errors).toEqual([]);
  });

  it('tells the chef that support paused the profile and why, and does not let the chef resume it', async () => {
    const { page, errors } = await newPage();
    await signIn(page, base, chef.email, DEMO_PASSWORD);
    await page.goto(`${base}/account/me/chefprofile`);
    const text = page.getByTestId('chef-status-text');
    await text.waitFor();
    expect(await text.textContent()).toContain(`Our support team paused your profile. Reason: ${REASON}`);
    expect(await page.getByRole('button', { name: 'Resume my profile' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Contact support' }).first().waitFor();
    await expectAxeClean(page, 'main');
    const resume = await call<{ code: string }>(page, 'POST', '/v1/chefs/me/resume', {});
    expect(resume.status).toBe(403);
    expect(resume.json.code).toBe('PAUSED_BY_ADMIN');
    expect(errors.filter((e) => !e.includes('403'))).toEqual([]);
  });

  it('is lifted by the super-user', async () => {
    await adminPage.getByTestId('decision-section').getByRole('button', { name: 'Resume' }).click();
    await adminPage.getByTestId('chef-status').filter({ hasText: 'Active' }).waitFor();
    const [row] = await rows<{ status: number; paused_by: string | null }>('select status, paused_by from chefs where id = ?', [chef.id]);
    expect({ status: Number(row!.status), paused_by: row!.paused_by }).toEqual({ status: 1, paused_by: null });
  });
});
