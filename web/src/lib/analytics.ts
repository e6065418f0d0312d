// Analytics, started only after cookie consent (seed §4) and only where the deployment configures a provider
// (PLAUSIBLE_DOMAIN: the session's `app.analytics`). The provider's tracker is a lazy chunk (lib/plausible.ts), so a
// visitor who rejects, or has not answered yet, downloads and sends nothing.
import type { AnalyticsConfig, UserProperties } from './plausible';
import { storage } from './storage';

export const CONSENT_STORAGE_KEY = 'cookie-consent';
export type Consent = 'accepted' | 'rejected';

export function readConsent(): Consent | null {
  const value = storage.get(CONSENT_STORAGE_KEY);
  return value === 'accepted' || value === 'rejected' ? value : null;
}

export function storeConsent(value: Consent): void {
  storage.set(CONSENT_STORAGE_KEY, value);
}

export function userProperties(input: { user: { is_chef: boolean; is_su: boolean } | null; currency: string; locale: string }): UserProperties {
  return {
    is_chef: input.user?.is_chef ?? false,
    is_su: input.user?.is_su ?? false,
    is_logged_in: input.user !== null,
    currency: input.currency,
    locale: input.locale,
  };
}

/**
 * Loads the configured tracker and sends this page view with the user properties, and one experiment impression per
 * test group. `properties` is read at every event, so a sign-in later in the visit is reflected. Resolves once sent.
 */
export async function startAnalytics(config: AnalyticsConfig | null | undefined, properties: () => UserProperties, testGroups: Record<string, string>): Promise<void> {
  if (!config) return;
  const { startPlausible } = await import('./plausible');
  startPlausible(config, properties, testGroups);
}
