// The runtime's bindings (Cloudflare or Node), apart from env.ts so that the platform adapters, which env.ts's request
// variables are built from, can read them without importing env.ts back.
import type { D1Database, KVNamespace, R2Bucket } from '@cloudflare/workers-types';

export type Bindings = {
  /** D1, when the deployer picks D1 over Turso. */
  DB?: D1Database;
  /** Turso / libSQL over HTTP. */
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
  KV: KVNamespace;
  FILES: R2Bucket;
  APP_ENV?: 'production' | 'development' | 'test';
  /** Public origin, e.g. https://www.example.ch; used for links in mail and OAuth redirect URIs. */
  PUBLIC_URL?: string;
  SESSION_SECRET?: string;
  LAUNCH_MODE?: 'live' | 'prelaunch';
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  /** Postmark (platform/mail.ts): a server's API token, and the sender, e.g. "YourLocalChef <hello@example.ch>". */
  POSTMARK_SERVER_TOKEN?: string;
  MAIL_FROM?: string;
  /** Postmark's message stream (default "outbound", the transactional one). */
  POSTMARK_MESSAGE_STREAM?: string;
  /** Postmark's API base (default https://api.postmarkapp.com); the reliability suite points it at a fault stub. */
  POSTMARK_API_BASE?: string;
  /** Twilio (platform/sms.ts): the account's SID and auth token, and the sender (a number, a sender ID or a Messaging Service SID). */
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Stripe's API base (default https://api.stripe.com/v1); the reliability suite points it at a fault stub. */
  STRIPE_API_BASE?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  FACEBOOK_CLIENT_ID?: string;
  FACEBOOK_CLIENT_SECRET?: string;
  APPLE_CLIENT_ID?: string;
  APPLE_TEAM_ID?: string;
  APPLE_KEY_ID?: string;
  APPLE_PRIVATE_KEY?: string;
  /** Error reporting and tracing (lib/observability.ts): off without it. */
  SENTRY_DSN?: string;
  /** Analytics after cookie consent: the site's domain in Plausible, off without it; PLAUSIBLE_HOST for a self-hosted one. */
  PLAUSIBLE_DOMAIN?: string;
  PLAUSIBLE_HOST?: string;
};
