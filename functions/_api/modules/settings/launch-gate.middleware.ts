// The server's half of prelaunch mode (shared/prelaunch.ts): as in the seed's route guard, the marketplace is closed to
// visitors only. Anybody signed in (customers, chefs, super-users) sees and books everything, as the client lets
// them; a visitor gets chef profiles, menus, FAQ, content pages and the account calls, but no featured menus, no
// menus near a region and no quote. Calls that read the settings anyway pass the launch mode they read, so the
// check costs a session read only for a visitor's cookie in prelaunch.
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { ApiError } from '../../lib/errors';
import { currentUser } from '../session/session.middleware';
import type { LaunchMode } from './settings.service';

export const PRELAUNCH_MESSAGE = 'The marketplace is not open yet. Sign in to see menus and book.';

/** 403 PRELAUNCH for a visitor before launch. */
export async function assertMarketplaceOpen(c: Context<AppEnv>, launchMode: LaunchMode): Promise<void> {
  if (launchMode === 'live' || (await currentUser(c))) return;
  throw new ApiError(403, PRELAUNCH_MESSAGE, 'PRELAUNCH');
}

/** Before launch an answer differs for visitors and accounts, so a shared cache must not keep it. */
export const launchCacheControl = (launchMode: LaunchMode, live: string): string => (launchMode === 'live' ? live : 'private, no-store');
