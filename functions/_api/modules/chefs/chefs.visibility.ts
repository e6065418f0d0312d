// Who the public can see. A chef is visible while their profile is Active and their account is not disabled; a
// disabled account hides its chef presence exactly like a ban. Every public read (profile, reviews, menus, menus near,
// featured menus, SEO pages, sitemap) and every new booking uses this one condition, so they cannot drift apart.
import { and, eq, isNull } from 'drizzle-orm';
import { ChefStatus, chefs } from '../../db/schema/chefs';
import { users } from '../../db/schema/users';

/** The chef's row is public. The query must join `chefs` and, unaliased, the chef's own `users` row. */
export const publicChef = () => and(eq(chefs.status, ChefStatus.Active), isNull(users.disabledAt));

/** The same rule for a chef read already: a signed-in user's own chef (a disabled account has no session). */
export const isPublicChef = (status: number | null, accountDisabled = false): boolean => status === ChefStatus.Active && !accountDisabled;
