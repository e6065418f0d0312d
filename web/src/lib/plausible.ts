// Plausible Analytics (cookieless, no personal data) through its official tracker, a lazy chunk that lib/analytics.ts
// loads after consent. Plausible has no user profile: the seed's user properties travel as custom properties on
// every event (the page views the tracker captures on each navigation, and the impressions), and an experiment
// impression is a non-interactive "Experiment Impression" event per test group.
import { init, track, type PlausibleRequestPayload } from '@plausible-analytics/tracker';
import type { AppConfig } from '../state/session';

// What analytics.ts hands the tracker; declared here, in the lazy chunk, so that the chunk imports nothing back.
export interface UserProperties {
  is_chef: boolean;
  is_su: boolean;
  is_logged_in: boolean;
  currency: string;
  locale: string;
}

export type AnalyticsConfig = NonNullable<AppConfig['analytics']>;

export const IMPRESSION_EVENT = 'Experiment Impression';

/** Page addresses without their query and fragment: recovery tokens, OAuth codes and search texts stay here. */
const withoutQuery = (url: string): string => url.replace(/[?#].*$/, '');

const asProps = (p: UserProperties): Record<string, string> => ({
  is_chef: String(p.is_chef),
  is_su: String(p.is_su),
  is_logged_in: String(p.is_logged_in),
  currency: p.currency,
  locale: p.locale,
});

let started = false;

/** Starts the tracker once per page (its first page view goes out at once) and sends the impressions. */
export function startPlausible(config: AnalyticsConfig, properties: () => UserProperties, testGroups: Record<string, string>): void {
  if (!started) {
    started = true;
    init({
      domain: config.domain,
      endpoint: config.endpoint,
      customProperties: () => asProps(properties()),
      transformRequest: (payload: PlausibleRequestPayload) => ({ ...payload, u: withoutQuery(payload.u), r: payload.r ? withoutQuery(payload.r) : null }),
      // The deployment's configuration decides whether to count, not the host name (a local run that sets
      // PLAUSIBLE_DOMAIN means it), and window.plausible stays unset: nothing else on the page may send.
      captureOnLocalhost: true,
      bindToWindow: false,
      logging: false,
    });
  }
  for (const [experiment, variant] of Object.entries(testGroups)) track(IMPRESSION_EVENT, { props: { experiment, variant }, interactive: false });
}
