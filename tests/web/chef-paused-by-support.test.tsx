// Issue 15 L1: a chef whose profile support paused reads that support paused it and why, on the profile page and in
// the chef area's banner, and is offered to contact support instead of a resume button (only support lifts it). The
// chef's own pause still offers to resume.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ChefProfileEditPage from '../../web/src/features/chef-area/ChefProfileEditPage';
import MenusPage from '../../web/src/features/chef-area/MenusPage';
import { setLocale } from '../../web/src/lib/i18n';
import { givenChef, ownProfile, press, renderFresh, setupChefTests, stubApi, vocabularyRoutes } from './chef-fixtures';

setupChefTests();

const REASON = 'Two guests reported food poisoning; we are looking into it.';
const bySupport = ownProfile({ status: 2, status_name: 'Paused', paused_by: 'admin', pause_reason: REASON });
const byChef = ownProfile({ status: 2, status_name: 'Paused', paused_by: 'chef', pause_reason: null });

function given(profile: ReturnType<typeof ownProfile>) {
  givenChef(2);
  stubApi({ '/v1/chefs/me': { body: { data: profile } }, '/v1/chefs/me/menus': { body: { data: [] } }, ...vocabularyRoutes });
}

describe('a profile support paused', () => {
  it('says on the profile page that support paused it and why, and offers to contact support instead of resuming', async () => {
    given(bySupport);
    renderFresh('/account/me/chefprofile', <ChefProfileEditPage />);
    const text = await screen.findByTestId('chef-status-text');
    expect(text.textContent).toBe(`Our support team paused your profile. Reason: ${REASON} Your menus are hidden and nobody can book you. Only support can resume your profile; existing bookings stay as they are.`);
    expect(screen.queryByRole('button', { name: 'Resume my profile' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/page/contact');
  });

  it('says the same in the chef area’s banner, without the way to resume', async () => {
    given(bySupport);
    renderFresh('/account/me/menumanagement', <MenusPage />);
    const banner = await screen.findByTestId('chef-status-banner');
    expect(banner.textContent).toContain(`Reason: ${REASON}`);
    expect(banner.textContent).toContain('Contact support');
    expect(banner.textContent).not.toContain('Resume your profile');
  });

  it('still offers the chef to resume their own pause', async () => {
    given(byChef);
    renderFresh('/account/me/chefprofile', <ChefProfileEditPage />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resume my profile' })).toBeTruthy());
    expect(screen.getByTestId('chef-status-text').textContent).toBe('Your menus are hidden and nobody can book you until you resume your profile. Existing bookings stay as they are.');
    expect(screen.queryByRole('link', { name: 'Contact support' })).toBeNull();
  });

  it.each([
    ['de', 'Profil wieder aktivieren', 'Kochprofil wieder aktivieren?', `Unser Support-Team hat dein Kochprofil pausiert. Grund: ${REASON} Nur der Support kann es wieder aktivieren; bitte kontaktiere uns.`],
    ['fr', 'Réactiver mon profil', 'Réactiver votre profil de chef ?', `Notre équipe de support a mis votre profil de chef en pause. Motif : ${REASON} Seul le support peut le réactiver ; veuillez nous contacter.`],
  ] as const)('says in the chef’s language (%s) that support paused the profile and why when a resume is refused without a field', async (locale, resume, question, said) => {
    givenChef(2);
    stubApi({
      '/v1/chefs/me': { body: { data: byChef } },
      '/v1/chefs/me/menus': { body: { data: [] } },
      ...vocabularyRoutes,
      // Support paused the profile after this page loaded: the server refuses with its English, the code and the
      // words by key with the reason support gave.
      'POST /v1/chefs/me/resume': {
        status: 403,
        body: {
          message: `Our support team paused your chef profile. Reason: ${REASON} Only support can resume it; please contact us.`,
          code: 'PAUSED_BY_ADMIN',
          message_key: { key: 'validation.refusal.paused_by_admin_reason', params: { reason: REASON } },
          error_keys: {},
        },
      },
    });
    await setLocale(locale);
    try {
      renderFresh('/account/me/chefprofile', <ChefProfileEditPage />);
      await press(await screen.findByTestId('chef-status'), resume);
      await press(screen.getByRole('dialog', { name: question }), resume);
      const card = screen.getByTestId('chef-status');
      await waitFor(() => expect(within(card).getByText(said)).toBeTruthy());
    } finally {
      await setLocale('en');
    }
  });
});
