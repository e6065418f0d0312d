// The chef's menus page and the menu editor's publish checklist say why the menus are not live for each chef status:
// an application still under review can publish once approved; a paused chef is told the menus are hidden and to
// resume on the profile page, one paused by support to contact support; a blocked chef that the profile is blocked.
// An active chef reads no such notice. Never "once approved" to a chef who was approved long ago.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MenuEditor } from '../../web/src/features/chef-area/MenuEditor';
import MenusPage from '../../web/src/features/chef-area/MenusPage';
import type { OwnProfile } from '../../web/src/features/chef-area/chefApi';
import { setLocale } from '../../web/src/lib/i18n';
import { givenChef, ownMenu, ownProfile, renderFresh, setupChefTests, stubApi, vocabularyRoutes } from './chef-fixtures';

setupChefTests();

const PENDING = 'You can write menus now. Publishing is possible once your chef profile is approved and active.';
const PAUSED = 'Your profile is paused: your menus, published ones included, are hidden from customers, and no menu can be published. Resume your profile on your profile page to show them again.';
const BY_SUPPORT = 'Our support team paused your profile: your menus, published ones included, are hidden from customers, and no menu can be published. Only support can resume it: please contact support.';
const BANNED = 'Your chef profile is blocked: your menus, published ones included, are hidden from customers, and no menu can be published. Please contact support if you have questions.';

const STATUSES: [string, Partial<OwnProfile>, string | null][] = [
  ['a new application', { status: 0, status_name: 'New' }, PENDING],
  ['an application under review', { status: 3, status_name: 'Onboarded' }, PENDING],
  ['an approved, active chef', { status: 1, status_name: 'Active' }, null],
  ['a chef who paused themselves', { status: 2, status_name: 'Paused', paused_by: 'chef' }, PAUSED],
  ['a chef support paused', { status: 2, status_name: 'Paused', paused_by: 'admin', pause_reason: 'Complaints to look into.' }, BY_SUPPORT],
  ['a blocked chef', { status: -1, status_name: 'Banned' }, BANNED],
];

const draft = ownMenu({ status: 'draft', publish_missing: ['chef_not_active'] });

function given(profile: OwnProfile) {
  givenChef(profile.status);
  stubApi({ '/v1/chefs/me': { body: { data: profile } }, '/v1/chefs/me/menus': { body: { data: [draft] } }, ...vocabularyRoutes });
}

describe('why the menus are not live', () => {
  it.each(STATUSES)('the menus page tells %s the true reason', async (_, status, notice) => {
    given(ownProfile(status));
    renderFresh('/account/me/menumanagement', <MenusPage />);
    await screen.findByTestId('own-menu');
    expect(screen.queryByTestId('menus-not-live')?.textContent ?? null).toBe(notice);
  });

  it.each(STATUSES.filter(([, s]) => s.status_name !== 'Active'))('the editor’s publish checklist tells %s the same', async (_, status, notice) => {
    const chef = ownProfile(status);
    given(chef);
    renderFresh(`/account/me/menumanagement/${draft.id}`, <MenuEditor chef={chef} menu={draft} />);
    const checklist = await screen.findByTestId('publish-checklist');
    expect(within(checklist).getAllByRole('listitem').map((li) => li.textContent)).toEqual([notice === PENDING ? 'Your chef profile must be approved and active.' : notice]);
  });

  it('says it in the chef’s language', async () => {
    given(ownProfile({ status: 2, status_name: 'Paused', paused_by: 'chef' }));
    await setLocale('fr');
    try {
      renderFresh('/account/me/menumanagement', <MenusPage />);
      expect((await screen.findByTestId('menus-not-live')).textContent).toBe(
        'Votre profil est en pause : vos menus, y compris ceux publiés, sont masqués aux clients, et aucun menu ne peut être publié. Réactivez votre profil sur votre page de profil pour les afficher à nouveau.',
      );
    } finally {
      await setLocale('en');
    }
  });
});
