// The OAuth providers' token and profile endpoints, the tests' one fake each: Google's token endpoint answers an ID
// token with the claims a test gives (oauth2.googleapis.com); Facebook's Graph API answers a token, then the
// profile (graph.facebook.com). Apple signs in by form post and needs no fake here.
import { recordingFake, type RecordedCall } from './fetch';

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An unsigned ID token with these claims (the server reads it from Google's own TLS answer, not by signature). */
export const idToken = (claims: Record<string, unknown>) => `${b64url({ alg: 'RS256' })}.${b64url(claims)}.sig`;

export const googleAnswers = (claims: Record<string, unknown>) => () => Response.json({ access_token: 'at', token_type: 'Bearer', id_token: idToken(claims) });

export const facebookAnswers = (profile: Record<string, unknown>) => (call: RecordedCall) =>
  new URL(call.url).pathname.includes('oauth') ? Response.json({ access_token: 'fb', token_type: 'bearer' }) : Response.json(profile);

const unset = () => Response.json({ error: 'not set up by the test (fake)' }, { status: 400 });

export function fakeOAuth() {
  const google = recordingFake(unset);
  const facebook = recordingFake(unset);
  return { google, facebook, routes: { 'oauth2.googleapis.com': google.route, 'graph.facebook.com': facebook.route } };
}
