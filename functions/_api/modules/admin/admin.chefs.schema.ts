// Input of the admin chefs API (/v1/admin/chefs): the list filters, the status actions with their bodies, the tier.
// The reject and ban bodies are shared with the admin screen's dialogs, so this file imports no database code.
import * as v from 'valibot';
import { multiline } from '../../lib/text-rules';
import type { ChefStatus } from '../../db/schema/chefs';
import { listQuery } from '../../lib/list';
import { searchText } from './admin.users.schema';

export const CHEF_ORDER = ['created_at', 'submitted_at', 'lastname', 'id'] as const;
/** The names of ChefStatus (seed §3), which the list filters by. */
export const CHEF_STATUS_FILTER = ['New', 'Active', 'Paused', 'Onboarded', 'OnboardingFailed', 'Banned'] as const satisfies readonly (keyof typeof ChefStatus)[];
export const CHEF_TIERS = ['chef', 'pro', 'signature'] as const;
export type ChefTierName = (typeof CHEF_TIERS)[number];
const TIER_MESSAGE = 'Choose chef, pro or signature.';

export const chefsQuery = v.strictObject({
  ...listQuery(CHEF_ORDER),
  q: searchText,
  status: v.optional(v.picklist(CHEF_STATUS_FILTER, `Choose one of ${CHEF_STATUS_FILTER.join(', ')}.`)),
  tier: v.optional(v.picklist(CHEF_TIERS, TIER_MESSAGE)),
});

export const chefIdParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be a chef id.'), v.transform(Number)) });

export const REASON_MAX = 1000;
const REASON_REQUIRED = 'Please give the chef a reason.';
const reasonText = v.pipe(v.string(REASON_REQUIRED), multiline, v.trim(), v.maxLength(REASON_MAX, `Use at most ${REASON_MAX} characters.`));

/** The status changes an admin makes, each with its body: reject needs the reason the chef will read; ban may note one. */
export const CHEF_ADMIN_ACTIONS = {
  approve: v.strictObject({}),
  reject: v.pipe(
    v.strictObject({ reason: v.optional(reasonText) }),
    v.forward(v.check((b) => Boolean(b.reason), REASON_REQUIRED), ['reason']),
  ),
  pause: v.strictObject({}),
  resume: v.strictObject({}),
  ban: v.strictObject({ reason: v.optional(reasonText) }),
  unban: v.strictObject({}),
} as const;
export type ChefAdminAction = keyof typeof CHEF_ADMIN_ACTIONS;

export const tierBody = v.pipe(
  v.strictObject({ tier: v.optional(v.picklist(CHEF_TIERS, TIER_MESSAGE)) }),
  v.forward(v.check((b) => b.tier !== undefined, TIER_MESSAGE), ['tier']),
  v.transform((b) => ({ tier: b.tier as ChefTierName })),
);
