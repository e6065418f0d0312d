// Account journeys in real Chromium against the real server (fresh database, no Turnstile, mail to the outbox).
// The journeys run in order and share one new account: sign up, sign out, sign in; a wrong password; the reset by
// the mailed link; completing a blank profile; and an accessibility pass over the dialogs and settings screens.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAxeClean as expectAllAxeClean, submitSignIn } from './support/journey';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const email = `e2e-auth-${Date.now()}@example.com`;
const firstPassword = 'first-password-1';
const secondPassword = 'second-password-2';

const { state, newPage } = useBrowser();


const header = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();
const userMenuButton = (page: Page) => page.getByRole('button', { name: /User menu/ });

const signInOnPage = (page: Page, password: string) => submitSignIn(page, base, email, password);

async function logOut(page: Page) {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await header(page).getByRole('link', { name: 'Sign in' }).waitFor();
}

/** The text of the element(s) an input points to with aria-describedby. */
async function describedText(page: Page, input: ReturnType<Page['getByLabel']>): Promise<string> {
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' ');
}

/** This suite holds the sign-in and account screens to every axe rule, minor ones included. */
const expectAxeClean = (page: Page, include: string) => expectAllAxeClean(page, include, { every: true });

let signedIn: Page;

describe('accounts', () => {
  it('signs up in the dialog, signs out, and signs in again on /login', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${base}/help`);
    await header(page).getByRole('link', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('botcheck-disabled').count()).toBe(1);
    expect(await dialog.getByTestId('oauth-not-configured').count()).toBe(1);
    await expectAxeClean(page, '[role="dialog"]');

    await dialog.getByLabel('First name').fill('Erika');
    await dialog.getByLabel('Last name').fill('Beispiel');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password').fill(firstPassword);
    await dialog.getByRole('button', { name: 'Sign up' }).click();

    const welcome = page.getByTestId('notification').filter({ hasText: 'Welcome!' });
    await welcome.waitFor();
    expect(await welcome.innerText()).toContain('We are glad to have you on board.');
    await dialog.waitFor({ state: 'detached' });
    expect(await userMenuButton(page).innerText()).toContain('Erika');
    expect(new URL(page.url()).pathname).toBe('/help');

    await logOut(page);
    await signInOnPage(page, firstPassword);
    await page.waitForURL(`${base}/`);
    await userMenuButton(page).waitFor();
    expect(errors).toEqual([]);
    signedIn = page;
  });

  it('shows a wrong password error under the password field', async () => {
    const { page } = await newPage();
    await signInOnPage(page, 'not-the-password');
    const password = page.getByTestId('signin-form').getByLabel('Password');
    await page.getByText('These credentials do not match our records.').waitFor();
    expect(await describedText(page, password)).toBe('These credentials do not match our records.');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('resets a forgotten password through the mailed link and ends signed in with the new one', async () => {
    const { page, errors } = await newPage();
    // Hold the request a moment so the "being sent" alert can be seen.
    await page.route('**/v1/auth/forgot', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.goto(`${base}/help`);
    await header(page).getByRole('link', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.waitFor();
    await expectAxeClean(page, '[role="dialog"]');

    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    expect(await describedText(page, dialog.getByLabel('E-mail'))).toBe('Please enter your email address');

    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    const alert = page.getByTestId('global-alert');
    await alert.getByText('Password reset is being sent').waitFor();
    await alert.getByText("Alright! We've sent you an email with further instructions.").waitFor();

    // The mail goes out after the answer (so a known address answers as fast as an unknown one): wait for it.
    let body = '';
    for (let i = 0; i < 50 && !body; i++) {
      const mail = await state.db.execute({
        sql: "select body from outbox where channel = 'mail' and recipient = ? and template = 'password_reset' order by id desc limit 1",
        args: [email],
      });
      body = String(mail.rows[0]?.body ?? '');
      if (!body) await new Promise((r) => setTimeout(r, 100));
    }
    const link = body.match(/https?:\/\/\S+\/auth\/recovery\?\S+/)?.[0];
    expect(link).toBeTruthy();
    const target = new URL(link!);

    await page.keyboard.press('Escape');
    await page.goto(`${base}${target.pathname}${target.search}`);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await page.getByLabel('Current password').isDisabled()).toBe(true);
    await expectAxeClean(page, 'main');

    const update = page.getByRole('button', { name: 'Update password' });
    await page.getByLabel('New password', { exact: true }).fill(secondPassword);
    await page.getByLabel('Confirm new password').fill(secondPassword.replace(/2$/, '3'));
    await page.getByText('The passwords do not match.').waitFor();
    expect(await update.isDisabled()).toBe(true);
    await page.getByLabel('Confirm new password').fill(secondPassword);
    expect(await update.isDisabled()).toBe(false);
    await update.click();

    await page.waitForURL(`${base}/`);
    await userMenuButton(page).waitFor();
    expect(await userMenuButton(page).innerText()).toContain('Erika');

    // The old password is gone, the new one works.
    await logOut(page);
    await signInOnPage(page, secondPassword);
    await page.waitForURL(`${base}/`);
    await userMenuButton(page).waitFor();
    expect(errors).toEqual([]);
    signedIn = page;
  });

  it('asks to complete the profile when the name is blank, and saves it', async () => {
    const page = signedIn;
    await state.db.execute({ sql: "update users set firstname = '', lastname = '' where email = ?", args: [email] });
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Complete your profile' });
    await dialog.waitFor();
    await expectAxeClean(page, '[role="dialog"]');
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('First name').fill('  Erika ');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Last name').fill(' Muster ');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('button[aria-haspopup="menu"]')?.textContent?.includes('Erika'));
    const row = await state.db.execute({ sql: 'select firstname, lastname from users where email = ?', args: [email] });
    expect(row.rows[0]).toMatchObject({ firstname: 'Erika', lastname: 'Muster' });

    await page.reload();
    await userMenuButton(page).waitFor();
    await page.waitForTimeout(800);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('shows the settings screens, labelled and free of axe violations', async () => {
    const page = signedIn;
    await page.goto(`${base}/account`);
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    await expectAxeClean(page, 'main');

    await page.getByRole('link', { name: /Personal details/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Personal details' }).waitFor();
    expect(await page.getByTestId('account-email').innerText()).toBe(email);
    await expectAxeClean(page, 'main');

    await page.goto(`${base}/account/me/login-security`);
    await page.getByTestId('this-device').waitFor();
    await page.getByTestId('methods-section').getByText('Set', { exact: true }).waitFor();
    await expectAxeClean(page, 'main');

    await page.goto(`${base}/account/me/notifications`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await page.getByTestId('notifications-section').locator('[role="status"]').waitFor({ state: 'detached' });
    await expectAxeClean(page, 'main');
  });
});
