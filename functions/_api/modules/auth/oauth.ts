// Apple, Google and Meta sign-in through Arctic behind one interface: each provider builds its authorization URL
// and turns a returned code into a verified identity. Users are matched on (provider, subject); an existing account
// is linked by e-mail only when the provider asserts the address is verified (Meta never does).
import { Apple, decodeIdToken, Facebook, generateCodeVerifier, generateState, Google } from 'arctic';
import type { Bindings } from '../../env';
import type { OAuthProvider } from '../../platform/config';

export type OAuthIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstname: string;
  lastname: string;
};

export type OAuthClient = {
  authorizationUrl(state: string, codeVerifier: string): URL;
  identify(code: string, codeVerifier: string, extra: { user?: string }): Promise<OAuthIdentity>;
  usesPkce: boolean;
};

export const redirectUri = (origin: string, provider: OAuthProvider) =>
  provider === 'apple' ? `${origin}/v1/auth/oauth/apple/callback` : `${origin}/auth/external?provider=${provider}`;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function pemToPkcs8(pem: string): Uint8Array {
  const b64 = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  return Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
}

export function oauthClient(env: Bindings, provider: OAuthProvider, origin: string, doFetch: typeof fetch): OAuthClient {
  const redirect = redirectUri(origin, provider);
  if (provider === 'google') {
    const google = new Google(env.GOOGLE_CLIENT_ID!, env.GOOGLE_CLIENT_SECRET!, redirect);
    return {
      usesPkce: true,
      authorizationUrl: (state, verifier) => google.createAuthorizationURL(state, verifier, ['openid', 'email', 'profile']),
      async identify(code, verifier) {
        const tokens = await google.validateAuthorizationCode(code, verifier);
        const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
        return {
          subject: str(claims.sub),
          email: str(claims.email) || null,
          emailVerified: claims.email_verified === true,
          firstname: str(claims.given_name),
          lastname: str(claims.family_name),
        };
      },
    };
  }
  if (provider === 'facebook') {
    const fb = new Facebook(env.FACEBOOK_CLIENT_ID!, env.FACEBOOK_CLIENT_SECRET!, redirect);
    return {
      usesPkce: false,
      authorizationUrl: (state) => fb.createAuthorizationURL(state, ['email', 'public_profile']),
      async identify(code) {
        const tokens = await fb.validateAuthorizationCode(code);
        const url = new URL('https://graph.facebook.com/me');
        url.searchParams.set('fields', 'id,email,first_name,last_name');
        url.searchParams.set('access_token', tokens.accessToken());
        const res = await doFetch(url);
        if (!res.ok) throw new Error(`Facebook profile request failed: ${res.status}`);
        const me = (await res.json()) as Record<string, unknown>;
        // Meta does not assert that the address is verified.
        return { subject: str(me.id), email: str(me.email) || null, emailVerified: false, firstname: str(me.first_name), lastname: str(me.last_name) };
      },
    };
  }
  const apple = new Apple(env.APPLE_CLIENT_ID!, env.APPLE_TEAM_ID!, env.APPLE_KEY_ID!, pemToPkcs8(env.APPLE_PRIVATE_KEY!), redirect);
  return {
    usesPkce: false,
    authorizationUrl: (state) => {
      const url = apple.createAuthorizationURL(state, ['name', 'email']);
      // Apple returns name/email scopes only with form_post, which lands on our callback endpoint.
      url.searchParams.set('response_mode', 'form_post');
      return url;
    },
    async identify(code, _verifier, extra) {
      const tokens = await apple.validateAuthorizationCode(code);
      const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
      let firstname = '';
      let lastname = '';
      try {
        const user = extra.user ? (JSON.parse(extra.user) as { name?: { firstName?: string; lastName?: string } }) : null;
        firstname = str(user?.name?.firstName);
        lastname = str(user?.name?.lastName);
      } catch {
        // The name is a courtesy on the first sign-in; without it the profile dialog asks for it.
      }
      return {
        subject: str(claims.sub),
        email: str(claims.email) || null,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        firstname,
        lastname,
      };
    },
  };
}

export { generateCodeVerifier, generateState };
