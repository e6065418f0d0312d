// The admin chefs API as the screens see it: response types taken from the services that produce them, the paths,
// and the writes (status actions and the tier).
import type { AdminChefDetail, searchChefs } from '../../../../functions/_api/modules/admin/admin.chefs.service';
import { CHEF_TIERS, type ChefActionBody, type ChefAdminAction, type ChefTierName } from '#shared/schemas/admin.chefs.schema';
import type { BookingOutcome } from '../../../../functions/_api/modules/admin/admin.chefs.service';
import { api, withQuery } from '../../lib/api';
import { tk } from '../../lib/i18n';

export { CHEF_TIERS };
export type { AdminChefDetail, ChefAdminAction, ChefTierName };
export type AdminChefList = Awaited<ReturnType<typeof searchChefs>>;
export type AdminChefRow = AdminChefList['data'][number];
export type ChefStatusName = AdminChefRow['status_name'];
export type AdminChefMenu = AdminChefDetail['menus'][number];
export type AdminChefDocument = AdminChefDetail['documents'][number];
export type AdminChefEvent = AdminChefDetail['history'][number];

/** Translation keys of the chef statuses and tiers, as the admin screens name them. */
export const CHEF_STATUS_KEYS: Record<ChefStatusName, string> = {
  New: tk('admin.chefs.status.New'),
  Onboarded: tk('admin.chefs.status.Onboarded'),
  OnboardingFailed: tk('admin.chefs.status.OnboardingFailed'),
  Active: tk('admin.chefs.status.Active'),
  Paused: tk('admin.chefs.status.Paused'),
  Banned: tk('admin.chefs.status.Banned'),
};
export const CHEF_TIER_KEYS: Record<ChefTierName, string> = {
  chef: tk('admin.chefs.tier.chef'),
  pro: tk('admin.chefs.tier.pro'),
  signature: tk('admin.chefs.tier.signature'),
};

/** The status tabs of the list, the review queue first. */
export const CHEF_STATUS_TABS: readonly ChefStatusName[] = ['Onboarded', 'New', 'Active', 'Paused', 'OnboardingFailed', 'Banned'];

export const CHEFS_PATHS = {
  list: (filters: { status: string; q: string; tier: string }) =>
    withQuery('/v1/admin/chefs', { status: filters.status || undefined, q: filters.q || undefined, tier: filters.tier || undefined }),
  chef: (id: number | string) => `/v1/admin/chefs/${id}`,
};

type Result<T> = { message: string; data: T };

export const chefsApi = {
  act: (id: number, action: ChefAdminAction, body: ChefActionBody = {}) =>
    api.post<Result<{ status: number; status_name: string; bookings: BookingOutcome[] }>>(`${CHEFS_PATHS.chef(id)}/${action}`, body),
  setTier: (id: number, tier: ChefTierName) => api.put<Result<{ changed: boolean; tier: ChefTierName }>>(`${CHEFS_PATHS.chef(id)}/tier`, { tier }),
};

export const chefName = (c: { firstname: string; lastname: string; uri?: string }) => `${c.firstname} ${c.lastname}`.trim() || c.uri || '';
