// Analytics behind a small adapter, started only after cookie consent (seed §4). The local adapter sends nothing
// anywhere; it announces each call as a `ylc:analytics` window event so tests can observe it.
import { storage } from './storage';

export const CONSENT_STORAGE_KEY = 'cookie-consent';
export type Consent = 'accepted' | 'rejected';

export interface UserProperties {
  is_chef: boolean;
  is_su: boolean;
  is_logged_in: boolean;
  currency: string;
  locale: string;
}

export type AnalyticsCall =
  | { kind: 'user_properties'; properties: UserProperties }
  | { kind: 'experiment_impression'; experiment: string; variant: string };

export interface AnalyticsAdapter {
  setUserProperties(properties: UserProperties): void;
  experimentImpression(experiment: string, variant: string): void;
}

export const ANALYTICS_EVENT = 'ylc:analytics';

const announce = (detail: AnalyticsCall) => {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<AnalyticsCall>(ANALYTICS_EVENT, { detail }));
};

export const localAnalytics: AnalyticsAdapter = {
  setUserProperties: (properties) => announce({ kind: 'user_properties', properties }),
  experimentImpression: (experiment, variant) => announce({ kind: 'experiment_impression', experiment, variant }),
};

let adapter: AnalyticsAdapter = localAnalytics;

/** Swaps in a real provider's adapter (none is configured yet). */
export function setAnalyticsAdapter(next: AnalyticsAdapter): void {
  adapter = next;
}

export function readConsent(): Consent | null {
  const value = storage.get(CONSENT_STORAGE_KEY);
  return value === 'accepted' || value === 'rejected' ? value : null;
}

export function storeConsent(value: Consent): void {
  storage.set(CONSENT_STORAGE_KEY, value);
}

/** Sends the user properties and one experiment impression per test group. */
export function sendSessionAnalytics(input: {
  user: { is_chef: boolean; is_su: boolean } | null;
  currency: string;
  locale: string;
  testGroups: Record<string, string>;
}): void {
  adapter.setUserProperties({
    is_chef: input.user?.is_chef ?? false,
    is_su: input.user?.is_su ?? false,
    is_logged_in: input.user !== null,
    currency: input.currency,
    locale: input.locale,
  });
  for (const [experiment, variant] of Object.entries(input.testGroups)) adapter.experimentImpression(experiment, variant);
}
