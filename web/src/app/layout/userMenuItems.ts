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
  if (user.is_chef && user.chef?.data.uri) items.push({ key: 'chefprofile', label: t('usermenu.mychefprofile'), href: routeUrl('chefs.profile', { uri: user.chef.data.uri }) });
  if (user.is_su) items.push({ key: 'admin', label: t('usermenu.admin'), href: routeUrl('ylcadmin.home') });
  const unseen = user.unseen_order_message_count ?? 0;
  items.push({ key: 'bookings', label: t('usermenu.mybookings'), href: routeUrl('account.bookings'), ...(unseen > 0 ? { badge: unseen } : {}) });
  items.push({ key: 'settings', label: t('usermenu.settings'), href: routeUrl('account.home') });
  return items;
}
