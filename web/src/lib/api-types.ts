// Shapes of the /v1 responses the client reads. Field names follow the seed spec.
import type { Locale } from '../../../functions/_api/lib/locales';

export type ImageUrl<K extends string> = { data: { url: Record<K, string> } } | null;

export interface CurrencyInfo {
  code: string;
  symbol: string;
  rate: number;
  decimals: number;
  default: boolean;
}

export interface AppConfig {
  site_name: string;
  supported_currencies: Record<string, CurrencyInfo>;
  default_currency: string;
  locales: { code: Locale; label: string; country: string }[];
  default_locale: Locale;
  turnstile_site_key: string;
  oauth_providers: string[];
  launch_mode: 'live' | 'prelaunch';
  /** The server's APP_ENV: a development or test instance names the providers it has no keys for. */
  app_env: 'production' | 'development' | 'test';
  service_fee_bp: number;
  commission_bp?: number;
  /** Sentry, when the deployment sets SENTRY_DSN: the browser reports its errors and traces 10% of its /v1 calls. */
  error_reporting?: { dsn: string; environment: string; traces_sample_rate: number } | null;
  /** Plausible, when the deployment sets PLAUSIBLE_DOMAIN: used only after cookie consent. */
  analytics?: { provider: 'plausible'; domain: string; endpoint: string } | null;
}

export interface SessionUser {
  firstname: string;
  lastname: string;
  email: string;
  avatar: ImageUrl<'t256x256'>;
  is_chef: boolean;
  is_su: boolean;
  /** The user's own chef profile; `is_public` while visitors can see it at /chefs/{uri}. */
  chef: { data: { id?: number; uri: string; is_public?: boolean } } | null;
  unseen_order_message_count: number;
}

export interface SessionResponse {
  authenticated: boolean;
  early_access: boolean;
  data: SessionUser | null;
  app: AppConfig;
  test_groups: Record<string, string>;
}

export interface Region {
  id: number;
  name: string;
  zip: string;
  state: string;
  country_code: string;
}

export interface MenuChef {
  id: number;
  uri: string;
  firstname: string | null;
  lastname: string | null;
  display_location: string | null;
  is_pro: boolean;
  is_signature: boolean;
  user_public: { data: { firstname: string | null; avatar: ImageUrl<'t256x256'> } } | null;
}

export interface Menu {
  id: number;
  chef_id: number;
  name: string;
  description: string | null;
  review_count: number;
  review_avg: number | null;
  effective_per_person_cost_lc_formatted: string;
  image: ImageUrl<'t512_1x1' | 't512_2x1' | 't1024_2x1'>;
  chef: { data: MenuChef } | null;
}

export interface ListEnvelope<T> {
  data: T[];
  total_count?: number;
  filter_count?: number;
}
