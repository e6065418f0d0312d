// The user menu's entries (seed §2), shared by the desktop dropdown and the mobile menu.
import type { TFunction } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import type { SessionUser } from '../../state/session';

export interface UserMenuItem {
  key: string;
  label: string;
  href: string;
  badge?: number;
}

export function userMenuItems(user: Pick<SessionUser, 'is_chef' | 'is_su' | 'chef' | 'unseen_order_message_count'>, t: TFunction): UserMenuItem[] {
  const items: UserMenuItem[] = [];
  // The chef's public profile (the session's chef.data.uri), with "Edit profile" one click away on it; a profile the
  // public cannot see yet (an application, a paused profile) opens in the chef area, where its status is explained.
  const chef = user.chef?.data;
  if (user.is_chef) {
    const href = chef?.uri && chef.is_public ? routeUrl('chefs.profile', { uri: chef.uri }) : routeUrl('account.chefprofile');
    items.push({ key: 'chefprofile', label: t('usermenu.mychefprofile'), href });
  }
  if (user.is_su) items.push({ key: 'admin', label: t('usermenu.admin'), href: routeUrl('ylcadmin.home') });
  const unseen = user.unseen_order_message_count ?? 0;
  items.push({ key: 'bookings', label: t('usermenu.mybookings'), href: routeUrl('account.bookings'), ...(unseen > 0 ? { badge: unseen } : {}) });
  items.push({ key: 'settings', label: t('usermenu.settings'), href: routeUrl('account.home') });
  return items;
}
