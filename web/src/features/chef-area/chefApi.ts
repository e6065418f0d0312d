// The signed-in chef's data (/v1/chefs/me/...): response types taken from the services that produce them, the
// swr hooks of the chef screens, and one way to refresh them after a write.
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { availability } from '../../../../functions/_api/modules/chef-area/chef-availability.service';
import type { OwnMenu } from '../../../../functions/_api/modules/chef-area/chef-menus.service';
import type { OnboardingStep } from '#shared/onboarding-steps';
import type { onboardingState } from '../../../../functions/_api/modules/chef-area/chef-onboarding.service';
import type { chefPayouts, earnings, getPayoutDetails } from '../../../../functions/_api/modules/chef-area/chef-payouts.service';
import type { deriveRegions, OwnProfile } from '../../../../functions/_api/modules/chef-area/chef-profile.service';
import { api } from '../../lib/api';
import type { Region } from '../../lib/client';
import { useApi } from '../../lib/swr';

export type { OnboardingStep, OwnMenu, OwnProfile };
export type OnboardingState = Awaited<ReturnType<typeof onboardingState>>;
export type AvailabilityData = Awaited<ReturnType<typeof availability>>;
export type EarningsList = Awaited<ReturnType<typeof earnings>>;
export type Earning = EarningsList['data'][number];
export type PayoutList = Awaited<ReturnType<typeof chefPayouts>>;
export type Payout = PayoutList['data'][number];
export type PayoutDetails = NonNullable<Awaited<ReturnType<typeof getPayoutDetails>>>;
export type DerivedRegions = Awaited<ReturnType<typeof deriveRegions>>;
export type ChefStatusName = 'New' | 'Active' | 'Paused' | 'Onboarded' | 'OnboardingFailed' | 'Banned';

export const CHEF_PATHS = {
  me: '/v1/chefs/me',
  onboarding: '/v1/chefs/me/onboarding',
  menus: '/v1/chefs/me/menus',
  menu: (id: number | string) => `/v1/chefs/me/menus/${id}`,
  payoutDetails: '/v1/chefs/me/payout-details',
} as const;

const startsWithAny = (prefixes: string[]) => (key: unknown) =>
  Array.isArray(key) && typeof key[0] === 'string' && prefixes.some((p) => key[0] === p || (key[0] as string).startsWith(`${p}?`) || (key[0] as string).startsWith(`${p}/`));

/** A function that revalidates every cached response whose path starts with one of the prefixes (any locale or currency). */
export function useRefresh(): (...prefixes: string[]) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback((...prefixes: string[]) => mutate(startsWithAny(prefixes)), [mutate]);
}

/** The chef's own profile; a user without a chef profile gets a 404 with code NOT_A_CHEF. */
export const useOwnChef = (enabled = true) =>
  useApi<{ data: OwnProfile }>(enabled ? CHEF_PATHS.me : null, { shouldRetryOnError: false });

export const useOnboarding = (enabled = true) => useApi<{ data: OnboardingState }>(enabled ? CHEF_PATHS.onboarding : null, { shouldRetryOnError: false });

export const useOwnMenus = (enabled = true) => useApi<{ data: OwnMenu[] }>(enabled ? CHEF_PATHS.menus : null);

export const useOwnMenu = (id: number | null) => useApi<{ data: OwnMenu }>(id != null ? CHEF_PATHS.menu(id) : null, { shouldRetryOnError: false });

export const usePayoutDetails = () => useApi<{ data: PayoutDetails | null }>(CHEF_PATHS.payoutDetails);

/** PUT /v1/chefs/me with the fields to change; refreshes the profile and the application's progress. */
export function useSaveChefProfile(): (body: Record<string, unknown>) => Promise<OwnProfile> {
  const refresh = useRefresh();
  return useCallback(
    async (body) => {
      const res = await api.put<{ data: OwnProfile }>(CHEF_PATHS.me, body);
      await refresh(CHEF_PATHS.me, CHEF_PATHS.onboarding);
      return res.data;
    },
    [refresh],
  );
}

export type VocabularyItem = { key: string; name: string };
export type Vocabulary = { cuisine: VocabularyItem[]; diet: VocabularyItem[]; allergy: VocabularyItem[] };
/** Cuisines, diets and allergens (retired ones left out) with their names in the visitor's language. */
export function useVocabulary() {
  const lists = useApi<{ data: Vocabulary }>('/v1/lists', { revalidateIfStale: false });
  return { data: lists.data?.data, error: lists.error, isLoading: !lists.data && !lists.error, retry: () => lists.mutate() };
}
