// Admin users screens: the search and role filter (kept in the URL) over the paged list with its empty and error
// states, the account page with its sections, the confirmations before ending sessions, removing the super-user
// right and disabling, and the server's refusal shown in the section it belongs to. Also: the Admin entry of the
// user menu is there for super-users only.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userMenuItems } from '../../web/src/app/layout/userMenuItems';
import AdminUserPage from '../../web/src/features/admin/AdminUserPage';
import AdminUsersPage from '../../web/src/features/admin/AdminUsersPage';
import type { AdminUserDetail, AdminUserRow } from '../../web/src/features/admin/UsersApi';
import { t } from '../../web/src/lib/i18n';
import { ui } from '../../web/src/state/ui';
import { press, renderFresh, setupChefTests, stubApi, type } from './chef-fixtures';
import { expectFooter, filteredEnvelope, signedInUser } from './helpers';

setupChefTests();

const row = (over: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id: 5,
  email: 'anna@example.com',
  firstname: 'Anna',
  lastname: 'Muster',
  is_su: false,
  is_chef: false,
  chef: null,
  disabled: false,
  email_verified: true,
  created_at: '2026-01-10T10:00:00.000Z',
  ...over,
});

const detail = (over: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  id: 5,
  email: 'anna@example.com',
  firstname: 'Anna',
  lastname: 'Muster',
  phone: '+41791234567',
  phone_verified: true,
  email_verified: true,
  locale: 'de',
  currency: 'CHF',
  created_at: '2026-01-10T10:00:00.000Z',
  is_su: false,
  is_self: false,
  disabled: false,
  disabled_at: null,
  is_chef: true,
  chef: { id: 7, uri: 'anna-muster-7', status: 1, status_name: 'Active' },
  sign_in_methods: { password: true, providers: [{ provider: 'google', email: 'anna@gmail.com', linked_at: '2026-02-01T10:00:00.000Z' }] },
  sessions: [
    { id: 'aaaaaaaaaaaaaaaa', created_at: '2026-05-01T10:00:00.000Z', last_seen_at: '2026-05-30T10:00:00.000Z', expires_at: '2026-06-30T10:00:00.000Z', remember_me: true, user_agent: 'Firefox on Linux', ip: '10.0.0.1' },
    { id: 'bbbbbbbbbbbbbbbb', created_at: '2026-05-02T10:00:00.000Z', last_seen_at: '2026-05-29T10:00:00.000Z', expires_at: '2026-06-30T10:00:00.000Z', remember_me: false, user_agent: 'Safari on iPhone', ip: '10.0.0.2' },
  ],
  bookings: {
    data: [
      {
        id: 42,
        role: 'customer',
        status: 'confirmed',
        menu_name: 'Alpine Autumn',
        event_date: '2026-09-01',
        starts_at: '2026-09-01T17:00:00.000Z',
        timezone: 'Europe/Zurich',
        guests: 4,
        total: 39900,
        currency: 'CHF',
        created_at: '2026-05-01T10:00:00.000Z',
        customer: { id: 5, firstname: 'Anna', lastname: 'Muster' },
        chef: { id: 9, firstname: 'Marco', lastname: 'Rossi' },
      },
    ],
    total_count: 1,
  },
  ...over,
});

const list = (data: AdminUserRow[]) => ({ data, total_count: 40, filter_count: data.length });

describe('users list', () => {
  it('searches by name or e-mail and filters by role, keeping both in the URL', async () => {
    const api = stubApi({ '/v1/admin/users': ({ url }) => ({ body: list(url.includes('role=su') ? [row({ id: 1, firstname: 'Sara', is_su: true })] : [row(), row({ id: 6, firstname: 'Ben', disabled: true, email_verified: false, chef: { id: 3, status: 3, status_name: 'Onboarded' }, is_chef: true })]) }) });
    const { location } = renderFresh('/ylcadmin/users', <AdminUsersPage />);

    const rows = await screen.findAllByTestId('user-row');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(['/ylcadmin/users/5', '/ylcadmin/users/6']);
    expect(rows[1]!.textContent).toContain('Disabled');
    expect(rows[1]!.textContent).toContain('Chef: Under review');
    expect(rows[1]!.textContent).toContain('E-mail not verified');
    expect(api.calls[0]!.url).toContain('order=created_at&order_dir=desc');

    await type(screen.getByLabelText('Search by name or e-mail'), 'anna ');
    await act(async () => {
      fireEvent.submit(screen.getByRole('search'));
    });
    await waitFor(() => expect(api.calls.at(-1)!.url).toContain('q=anna'));
    expect(location.history?.at(-1)).toBe('/ylcadmin/users?q=anna');

    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Super-users' }));
    });
    await waitFor(() => expect(api.calls.at(-1)!.url).toMatch(/q=anna&role=su/));
    expect(location.history?.at(-1)).toBe('/ylcadmin/users?q=anna&role=su');
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(screen.getByRole('tab', { name: 'Super-users' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says when nothing matches, with the search still in the box', async () => {
    stubApi({ '/v1/admin/users': { body: list([]) } });
    renderFresh('/ylcadmin/users?q=nobody', <AdminUsersPage />);
    expect((await screen.findByTestId('empty-state')).textContent).toBe('No users match.');
    expect((screen.getByLabelText('Search by name or e-mail') as HTMLInputElement).value).toBe('nobody');
  });

  it('pages by the rows the search finds, not by every account ("lea": 2 of 104 is one page)', async () => {
    stubApi({ '/v1/admin/users': { body: filteredEnvelope([row({ firstname: 'Lea' }), row({ id: 6, firstname: 'Leandro' })], 2) } });
    renderFresh('/ylcadmin/users?q=lea', <AdminUsersPage />);
    await expectFooter(document.body, { range: '1–2 of 2 (104 in all)', pages: [] });
  });

  it('offers the pages the filtered rows fill and fetches the last one', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => row({ id: 100 + i }));
    const api = stubApi({ '/v1/admin/users': ({ url }) => ({ body: filteredEnvelope(url.includes('page=2') ? rows.slice(0, 5) : rows, 45) }) });
    renderFresh('/ylcadmin/users?role=chef', <AdminUsersPage />);
    await expectFooter(document.body, { range: '1–20 of 45 (104 in all)', pages: ['1', '2', '3'] });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    });
    await waitFor(() => expect(api.calls.at(-1)!.url).toContain('page=2&page_size=20'));
    await expectFooter(document.body, { range: '41–45 of 45 (104 in all)', pages: ['1', '2', '3'] });
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the error state with a retry', async () => {
    let fail = true;
    stubApi({ '/v1/admin/users': () => (fail ? { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } : { body: list([row()]) }) });
    renderFresh('/ylcadmin/users', <AdminUsersPage />);
    const alert = await screen.findByRole('alert');
    fail = false;
    await press(alert, 'Try again');
    expect(await screen.findAllByTestId('user-row')).toHaveLength(1);
  });
});

describe('user details', () => {
  const renderUser = () => renderFresh('/ylcadmin/users/5', <AdminUserPage params={{ userId: '5' }} />);

  it('shows the account, roles, sign-in methods, sessions and bookings', async () => {
    stubApi({ '/v1/admin/users/5': { body: { data: detail() } } });
    renderUser();
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Muster' })).toBeTruthy();
    expect(screen.getByTestId('account-section').textContent).toContain('anna@example.com · verified');
    const roles = screen.getByTestId('roles-section');
    expect(within(roles).getByRole('link', { name: 'Open the chef profile (Active)' }).getAttribute('href')).toBe('/ylcadmin/chefs/7');
    expect(screen.getByTestId('methods-section').textContent).toContain('Google');
    expect(screen.getAllByTestId('session-row').map((r) => r.textContent)).toEqual([expect.stringContaining('Firefox on Linux'), expect.stringContaining('Safari on iPhone')]);
    const booking = screen.getByTestId('booking-row');
    expect(booking.getAttribute('href')).toBe('/ylcadmin/bookings/42');
    expect(booking.textContent).toContain('with Marco Rossi');
    expect(booking.textContent).toContain('Confirmed');
  });

  it('ends one session or all of them only after a confirmation', async () => {
    let sessions = detail().sessions;
    const api = stubApi({
      '/v1/admin/users/5': () => ({ body: { data: detail({ sessions }) } }),
      'DELETE /v1/admin/users/5/sessions/aaaaaaaaaaaaaaaa': () => {
        sessions = sessions.filter((s) => s.id !== 'aaaaaaaaaaaaaaaa');
        return { body: { message: 'Server sentence, never shown on success.' } };
      },
      'POST /v1/admin/users/5/sessions/revoke': () => {
        sessions = [];
        return { body: { message: '1 sessions were ended.', revoked: 1 } };
      },
    });
    renderUser();
    const section = await screen.findByTestId('sessions-section');
    await press(section, 'End session: Firefox on Linux');
    const dialog = screen.getByRole('dialog', { name: 'End this session?' });
    expect(api.sent('DELETE', '/v1/admin/users/5/sessions/aaaaaaaaaaaaaaaa')).toHaveLength(0);
    await press(dialog, 'End session');
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(api.sent('DELETE', '/v1/admin/users/5/sessions/aaaaaaaaaaaaaaaa')).toHaveLength(1);
    expect(ui.notifications.at(-1)?.title).toBe('The session was ended.');

    await press(section, 'End all sessions');
    const all = screen.getByRole('dialog', { name: 'End all sessions of Anna Muster?' });
    await press(all, 'Cancel');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST', '/v1/admin/users/5/sessions/revoke')).toHaveLength(0);
    await press(section, 'End all sessions');
    await press(screen.getByRole('dialog'), 'End all sessions');
    expect(await within(section).findByText('No active sessions.')).toBeTruthy();
    expect(api.sent('POST', '/v1/admin/users/5/sessions/revoke')).toHaveLength(1);
  });

  it('asks before removing the super-user right and shows a refusal in the roles section', async () => {
    const api = stubApi({
      '/v1/admin/users/5': { body: { data: detail({ is_su: true }) } },
      'PUT /v1/admin/users/5/super-user': {
        status: 409,
        body: { message: 'At least one super-user must remain. Make someone else a super-user first.', code: 'LAST_SUPER_USER' },
      },
    });
    renderUser();
    const roles = await screen.findByTestId('roles-section');
    await press(roles, 'Remove super-user');
    const dialog = screen.getByRole('dialog', { name: 'Remove the super-user right of Anna Muster?' });
    await press(dialog, 'Remove super-user');
    expect((await within(roles).findByTestId('su-error')).textContent).toBe('At least one super-user must remain. Make someone else a super-user first.');
    expect(api.sent('PUT', '/v1/admin/users/5/super-user')[0]!.body).toEqual({ is_su: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('disabled-error')).toBeNull();
  });

  it('grants the right after a confirmation and shows the new state', async () => {
    let isSu = false;
    const api = stubApi({
      '/v1/admin/users/5': () => ({ body: { data: detail({ is_su: isSu }) } }),
      'PUT /v1/admin/users/5/super-user': () => {
        isSu = true;
        return { body: { message: 'The user is now a super-user.', data: { changed: true, is_su: true, disabled: false } } };
      },
    });
    renderUser();
    await press(await screen.findByTestId('roles-section'), 'Make super-user');
    await press(screen.getByRole('dialog', { name: 'Make Anna Muster a super-user?' }), 'Make super-user');
    expect(await within(screen.getByTestId('roles-section')).findByRole('button', { name: 'Remove super-user' })).toBeTruthy();
    expect(api.sent('PUT', '/v1/admin/users/5/super-user')[0]!.body).toEqual({ is_su: true });
    expect(screen.getByRole('heading', { level: 1 }).parentElement!.textContent).toContain('Super-user');
  });

  it('disables after a confirmation and enables again without one', async () => {
    let disabledAt: string | null = null;
    const api = stubApi({
      '/v1/admin/users/5': () => ({ body: { data: detail({ disabled: disabledAt != null, disabled_at: disabledAt }) } }),
      'PUT /v1/admin/users/5/disabled': ({ body }) => {
        disabledAt = (body as { disabled: boolean }).disabled ? '2026-06-01T10:00:00.000Z' : null;
        return { body: { message: 'ok', data: { changed: true, is_su: false, disabled: disabledAt != null } } };
      },
    });
    renderUser();
    const status = await screen.findByTestId('status-section');
    expect(status.textContent).toContain('The account is active.');
    await press(status, 'Disable account');
    const dialog = screen.getByRole('dialog', { name: 'Disable the account of Anna Muster?' });
    expect(dialog.textContent).toContain('signed out on every device');
    await press(dialog, 'Disable account');
    expect(await within(status).findByText(/Disabled since/)).toBeTruthy();
    await press(status, 'Enable account');
    expect(await within(status).findByText('The account is active.')).toBeTruthy();
    expect(api.sent('PUT', '/v1/admin/users/5/disabled').map((c) => c.body)).toEqual([{ disabled: true }, { disabled: false }]);
  });

  it('does not offer removing one’s own right or disabling one’s own account', async () => {
    stubApi({ '/v1/admin/users/5': { body: { data: detail({ is_su: true, is_self: true }) } } });
    renderUser();
    const roles = await screen.findByTestId('roles-section');
    expect((within(roles).getByRole('button', { name: 'Remove super-user' }) as HTMLButtonElement).disabled).toBe(true);
    expect(roles.textContent).toContain('You cannot remove your own super-user right.');
    expect((within(screen.getByTestId('status-section')).getByRole('button', { name: 'Disable account' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the user does not exist', async () => {
    stubApi({ '/v1/admin/users/5': { status: 404, body: { message: 'User not found.', code: 'NOT_FOUND' } } });
    renderUser();
    expect((await screen.findByTestId('empty-state')).textContent).toBe('This user was not found.');
  });
});

describe('user menu', () => {
  const keys = (is_su: boolean) => userMenuItems(signedInUser({ is_su }), t).map((i) => i.key);
  it('has the Admin entry for super-users only', () => {
    expect(keys(false)).not.toContain('admin');
    expect(keys(true)).toContain('admin');
    expect(userMenuItems(signedInUser({ is_su: true }), t).find((i) => i.key === 'admin')).toMatchObject({ label: 'Admin', href: '/ylcadmin/home' });
  });
});

const CHEF_SENTENCE = 'Their chef profile and menus are hidden from the public and cannot be booked while the account is disabled.';

async function openDisableDialog(user: AdminUserDetail) {
  const api = stubApi({
    '/v1/admin/users/5': { body: { data: user } },
    'PUT /v1/admin/users/5/disabled': { body: { message: 'ok', data: { changed: true, is_su: false, disabled: true } } },
  });
  renderFresh('/ylcadmin/users/5', <AdminUserPage params={{ userId: '5' }} />);
  await press(await screen.findByTestId('status-section'), 'Disable account');
  return { api, dialog: screen.getByRole('dialog', { name: 'Disable the account of Anna Muster?' }) };
}

describe('the disable confirmation', () => {
  // A chef's profile and menus are hidden while the account is disabled, and the admin is told so.
  it("says that a chef's profile and menus are hidden while the account is disabled", async () => {
    const { api, dialog } = await openDisableDialog(detail());
    expect(dialog.textContent).toContain('signed out on every device');
    expect(dialog.textContent).toContain(CHEF_SENTENCE);
    // Nothing is sent before the admin confirms.
    expect(api.sent('PUT', '/v1/admin/users/5/disabled')).toEqual([]);
    await press(dialog, 'Disable account');
    expect(api.sent('PUT', '/v1/admin/users/5/disabled').map((c) => c.body)).toEqual([{ disabled: true }]);
  });

  it('does not mention a chef profile for an account without one', async () => {
    const { dialog } = await openDisableDialog(detail({ is_chef: false, chef: null }));
    expect(within(dialog).getByText(/signed out on every device/)).toBeTruthy();
    expect(dialog.textContent).not.toContain('chef profile');
  });
});
