// Data fetching with swr. The key carries locale and currency so translated texts and converted prices refetch when
// the visitor changes either.
import useSWR, { mutate, preload, type SWRConfiguration } from 'swr';
import { useSnapshot } from 'valtio';
import { preferences } from '../state/preferences';
import { api, type ApiError } from './api';

type Key = readonly [path: string, locale: string, currency: string];

// The request names the key's locale and currency, not the app's current ones: the entry prefetches the landing page
// in the locale whose texts are still loading, and that answer is cached under (and shown in) that locale.
const fetcher = ([path, locale, currency]: Key) => api.get<unknown>(path, { headers: { 'x-locale': locale, 'x-currency': currency } });

export function useApi<T>(path: string | null, config?: SWRConfiguration<T, ApiError>) {
  const { locale, currency } = useSnapshot(preferences);
  const key: Key | null = path ? [path, locale, currency] : null;
  return useSWR<T, ApiError, Key | null>(key, fetcher as (key: Key) => Promise<T>, {
    revalidateOnFocus: false,
    keepPreviousData: true,
    ...config,
  });
}

/**
 * Starts the request that useApi(path) will make on the first render, so the page finds it under way or done (swr's
 * preload). The entry calls it for the landing page before the texts are loaded, so it names the locale they will be in.
 */
export function prefetchApi<T>(path: string, locale: string): Promise<T> {
  const key: Key = [path, locale, preferences.currency];
  return preload(key, fetcher as (key: Key) => Promise<T>);
}

/** Fetches useApi(path) again wherever it is shown, in every locale and currency it was read in. */
export const revalidateApi = (path: string): Promise<unknown> => mutate((key) => Array.isArray(key) && key[0] === path);
