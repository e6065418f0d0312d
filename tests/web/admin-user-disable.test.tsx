// Disabling an account from the admin user page: the confirmation tells the admin that a chef's profile and menus
// are hidden while the account is disabled, and says nothing of the kind for an account without a chef profile.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdminUserPage from '../../web/src/features/admin/AdminUserPage';
import type { AdminUserDetail } from '../../web/src/features/admin/UsersApi';
import { press, renderFresh, setupChefTests, stubApi } from './chef-fixtures';

setupChefTests();

const detail = (over: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  id: 5,
  email: 'anna@example.com',
  firstname: 'Anna',
  lastname: 'Muster',
  phone: null,
  phone_verified: false,
  email_verified: true,
  locale: 'de',
  currency: 'CHF',
  created_at: '2026-01-10T10:00:00.000Z',
  is_su: false,
  is_self: false,
  disabled: false,
  disabled_at: null,
  is_chef: false,
  chef: null,
  sign_in_methods: { password: true, providers: [] },
  sessions: [],
  bookings: { data: [], total_count: 0 },
  ...over,
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
  it("says that a chef's profile and menus are hidden while the account is disabled", async () => {
    const { api, dialog } = await openDisableDialog(detail({ is_chef: true, chef: { id: 7, uri: 'anna-muster-7', status: 1, status_name: 'Active' } }));
    expect(dialog.textContent).toContain('signed out on every device');
    expect(dialog.textContent).toContain(CHEF_SENTENCE);
    // Nothing is sent before the admin confirms.
    expect(api.sent('PUT', '/v1/admin/users/5/disabled')).toEqual([]);
    await press(dialog, 'Disable account');
    expect(api.sent('PUT', '/v1/admin/users/5/disabled').map((c) => c.body)).toEqual([{ disabled: true }]);
  });

  it('does not mention a chef profile for an account without one', async () => {
    const { dialog } = await openDisableDialog(detail());
    expect(within(dialog).getByText(/signed out on every device/)).toBeTruthy();
    expect(dialog.textContent).not.toContain('chef profile');
  });
});
