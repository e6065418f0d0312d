// Static configuration derived from the bindings: environment, public URL, which providers are configured.
import type { Bindings } from '../env';

export type OAuthProvider = 'apple' | 'google' | 'facebook';

export type Config = {
  appEnv: 'production' | 'development' | 'test';
  publicUrl: string | null;
  launchModeOverride: 'live' | 'prelaunch' | null;
  turnstileSiteKey: string | null;
  oauthProviders: OAuthProvider[];
};

export function readConfig(env: Bindings): Config {
  const oauthProviders: OAuthProvider[] = [];
  if (env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY) oauthProviders.push('apple');
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) oauthProviders.push('google');
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) oauthProviders.push('facebook');
  return {
    appEnv: env.APP_ENV ?? 'production',
    publicUrl: env.PUBLIC_URL ?? null,
    launchModeOverride: env.LAUNCH_MODE === 'live' || env.LAUNCH_MODE === 'prelaunch' ? env.LAUNCH_MODE : null,
    turnstileSiteKey: env.TURNSTILE_SECRET_KEY ? (env.TURNSTILE_SITE_KEY ?? null) : null,
    oauthProviders,
  };
}
