// The user menu's entries (seed §2), shared by the desktop dropdown and the mobile menu.
import type { SessionUser } from '../../lib/api-types';
import type { TFunction } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';

export interface UserMenuItem {
  key: string;
  label: string;
  href: string;
  badge?: number;
}

export function userMenuItems(user: Pick<SessionUser, 'is_chef' | 'is_su' | 'chef' | 'unseen_order_message_count'>, t: TFunction): UserMenuItem[] {
  const items: UserMenuItem[] = [];
  // A chef manages the profile (and, from there, menus, calendar and payouts) in the chef area; it links to the public page.
  if (user.is_chef) items.push({ key: 'chefprofile', label: t('usermenu.mychefprofile'), href: routeUrl('account.chefprofile') });
  if (user.is_su) items.push({ key: 'admin', label: t('usermenu.admin'), href: routeUrl('ylcadmin.home') });
  const unseen = user.unseen_order_message_count ?? 0;
  items.push({ key: 'bookings', label: t('usermenu.mybookings'), href: routeUrl('account.bookings'), ...(unseen > 0 ? { badge: unseen } : {}) });
  items.push({ key: 'settings', label: t('usermenu.settings'), href: routeUrl('account.home') });
  return items;
}
