// The signed-in chef's data (/v1/chefs/me/...): the typed client of its routes, the answer types inferred from them
// (a server change that breaks a chef screen fails the typecheck), the swr hooks of the chef screens, and one way to
// refresh them after a write.
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client, unwrap, type Answer } from '../../lib/client';
import { useApi } from '../../lib/swr';

/** The typed client of /v1/chefs/me/... */
export const chefMe = client.chefs.me;
const ownMenu = chefMe.menus[':id'];

export type OwnProfile = Answer<typeof chefMe.$get>['data'];
export type ChefStatusName = OwnProfile['status_name'];
export type OnboardingState = Answer<typeof chefMe.onboarding.$get>['data'];
export type OwnMenu = Answer<typeof ownMenu.$get>['data'];
export type AvailabilityData = Answer<typeof chefMe.availability.$get>['data'];
export type EarningsList = Answer<typeof chefMe.earnings.$get>;
export type Earning = EarningsList['data'][number];
export type Payout = Answer<typeof chefMe.payouts.$get>['data'][number];
export type PayoutDetails = NonNullable<Answer<(typeof chefMe)['payout-details']['$get']>['data']>;
export type DerivedRegions = Answer<typeof chefMe.regions.derive.$post>;
/** The fields PUT /v1/chefs/me takes (each optional: fields not sent keep their value). */
export type ChefProfileInput = Parameters<typeof chefMe.$put>[0]['json'];

export const CHEF_PATHS = {
  me: chefMe.$path(),
  onboarding: chefMe.onboarding.$path(),
  menus: chefMe.menus.$path(),
  menu: (id: number) => ownMenu.$path({ param: { id } }),
  payoutDetails: chefMe['payout-details'].$path(),
} as const;

/** POST /v1/chefs/me/menus/{id}/publish or …/unpublish. */
export const setMenuPublished = (id: number, action: 'publish' | 'unpublish') =>
  unwrap(ownMenu[':action{publish|unpublish}'].$post({ param: { id, action }, json: {} }));

/** POST /v1/chefs/me/submit, …/pause or …/resume: the status changes the chef makes. */
export const changeChefStatus = (action: 'submit' | 'pause' | 'resume') => unwrap(chefMe[':action{submit|pause|resume}'].$post({ param: { action }, json: {} }));

const startsWithAny = (prefixes: string[]) => (key: unknown) =>
  Array.isArray(key) && typeof key[0] === 'string' && prefixes.some((p) => key[0] === p || (key[0] as string).startsWith(`${p}?`) || (key[0] as string).startsWith(`${p}/`));

/** A function that revalidates every cached response whose path starts with one of the prefixes (any locale or currency). */
export function useRefresh(): (...prefixes: string[]) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback((...prefixes: string[]) => mutate(startsWithAny(prefixes)), [mutate]);
}

/** The chef's own profile; a user without a chef profile gets a 404 with code NOT_A_CHEF. */
export const useOwnChef = (enabled = true) => useApi<Answer<typeof chefMe.$get>>(enabled ? CHEF_PATHS.me : null, { shouldRetryOnError: false });

export const useOnboarding = (enabled = true) =>
  useApi<Answer<typeof chefMe.onboarding.$get>>(enabled ? CHEF_PATHS.onboarding : null, { shouldRetryOnError: false });

export const useOwnMenus = (enabled = true) => useApi<Answer<typeof chefMe.menus.$get>>(enabled ? CHEF_PATHS.menus : null);

export const useOwnMenu = (id: number | null) => useApi<Answer<typeof ownMenu.$get>>(id != null ? CHEF_PATHS.menu(id) : null, { shouldRetryOnError: false });

export const usePayoutDetails = () => useApi<Answer<(typeof chefMe)['payout-details']['$get']>>(CHEF_PATHS.payoutDetails);

/** PUT /v1/chefs/me with the fields to change; refreshes the profile and the application's progress. */
export function useSaveChefProfile(): (body: ChefProfileInput) => Promise<OwnProfile> {
  const refresh = useRefresh();
  return useCallback(
    async (body) => {
      const res = await unwrap(chefMe.$put({ json: body }));
      await refresh(CHEF_PATHS.me, CHEF_PATHS.onboarding);
      return res.data;
    },
    [refresh],
  );
}

const lists = client.lists;
/** Cuisines, diets and allergens (retired ones left out) with their names in the visitor's language. */
export type Vocabulary = Answer<typeof lists.$get>['data'];
export type VocabularyItem = Vocabulary['cuisine'][number];
export function useVocabulary() {
  const answer = useApi<Answer<typeof lists.$get>>(lists.$path(), { revalidateIfStale: false });
  return { data: answer.data?.data, error: answer.error, isLoading: !answer.data && !answer.error, retry: () => answer.mutate() };
}
