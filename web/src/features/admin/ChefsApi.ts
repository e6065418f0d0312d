// The admin chefs calls (/v1/admin/chefs) as the screens use them, with their answers as the server types them: the
// paths, and the writes (status actions and the tier).
import { CHEF_TIERS, type ChefActionBody, type ChefActionWithBody, type ChefActionWithoutBody, type ChefAdminAction, type ChefTierName } from '#shared/schemas/admin.chefs.schema';
import { client, unwrap, type Answer } from '../../lib/client';
import { tk } from '../../lib/i18n';

export { CHEF_TIERS };
export type { ChefAdminAction, ChefTierName };

const chefs = client.admin.chefs;
const chef = chefs[':id'];

export type AdminChefList = Answer<typeof chefs.$get>;
export type AdminChefRow = AdminChefList['data'][number];
export type AdminChefDetail = Answer<typeof chef.$get>['data'];
export type ChefStatusName = AdminChefRow['status_name'];
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
    chefs.$path({ query: { status: filters.status || undefined, q: filters.q || undefined, tier: filters.tier || undefined } }),
  chef: (id: number | string) => chef.$path({ param: { id } }),
  statements: (id: number) => chef.statements.$path({ param: { id } }),
};

export const chefsApi = {
  /** Reject, pause or ban, with the body the status dialog built. */
  act: (id: number, action: ChefActionWithBody, body: ChefActionBody) => unwrap(chef[action].$post({ param: { id }, json: body })),
  /** Approve, resume or unban: their routes take an empty body. */
  actWithoutBody: (id: number, action: ChefActionWithoutBody) => unwrap(chef[action].$post({ param: { id }, json: {} })),
  setTier: (id: number, tier: ChefTierName) => unwrap(chef.tier.$put({ param: { id }, json: { tier } })),
};

export const chefName = (c: { firstname: string; lastname: string; uri?: string }) => `${c.firstname} ${c.lastname}`.trim() || c.uri || '';
