// Who the public can see. A chef is visible while their profile is Active and their account is not disabled; a
// disabled account hides its chef presence exactly like a ban. Every public read (profile, reviews, menus, menus near,
// featured menus, SEO pages, sitemap) and every new booking uses this one condition, so they cannot drift apart.
// It sits under db/ because the chefs, menus, bookings and SEO modules all filter by it and none of them owns it.
import { and, eq, isNull } from 'drizzle-orm';
import { ChefStatus, chefs } from './schema/chefs';
import { menus } from './schema/menus';
import { users } from './schema/users';

/** The chef's row is public. The query must join `chefs` and, unaliased, the chef's own `users` row. */
export const publicChef = () => and(eq(chefs.status, ChefStatus.Active), isNull(users.disabledAt));

/** The same rule for a chef read already: a signed-in user's own chef (a disabled account has no session). */
export const isPublicChef = (status: number | null, accountDisabled = false): boolean => status === ChefStatus.Active && !accountDisabled;

/**
 * Only published menus of public chefs (Active, account not disabled) are ever visible; anything else reads as "not
 * found". The query must join the chef and the chef's user, as menuCardQuery does.
 */
export const visibleMenu = () => and(eq(menus.status, 'published'), publicChef());
