// OAuth sign-in flow: start (redirect URL + signed state cookie) and completion (state check, identity, account).
import { and, eq } from 'drizzle-orm';
import { oauthAccounts, users } from '../../db/schema/users';
import { ApiError, badRequest } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import type { OAuthProvider } from '../../platform/config';
import { newSession, type SessionMeta } from '../session/session.middleware';
import type { AuthResult } from './auth.service';
import type { OAuthIdentity } from './oauth';

export const OAUTH_FAILED = 'Signing in with this provider did not work. Please try again.';

export function assertConfigured(deps: Deps, provider: OAuthProvider) {
  if (!deps.config.oauthProviders.includes(provider)) throw badRequest('This sign-in provider is not available.', { provider: ['This sign-in provider is not available.'] }, 'PROVIDER_DISABLED');
}

/** Finds the account for an identity, links it by verified e-mail, or creates it; then opens a session. */
export async function completeOAuth(deps: Deps, provider: OAuthProvider, identity: OAuthIdentity, meta: SessionMeta, locale: string): Promise<AuthResult & { created: boolean }> {
  const { db, clock } = deps;
  const now = clock.now();
  if (!identity.subject) throw new ApiError(400, OAUTH_FAILED, 'OAUTH_FAILED');

  const linked = await db
    .select({ userId: oauthAccounts.userId, disabledAt: users.disabledAt })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, identity.subject)))
    .limit(1);
  let userId = linked[0]?.userId;
  let created = false;
  if (linked[0]?.disabledAt) throw new ApiError(403, 'This account is disabled.', 'ACCOUNT_DISABLED');

  if (!userId) {
    const email = identity.email?.trim().toLowerCase() || null;
    const existing = email ? await db.query.users.findFirst({ where: eq(users.email, email), columns: { id: true, disabledAt: true } }) : undefined;
    if (existing) {
      if (!identity.emailVerified) {
        throw new ApiError(409, 'An account with this e-mail address already exists. Sign in with your password first, then connect this provider.', 'ACCOUNT_EXISTS');
      }
      if (existing.disabledAt) throw new ApiError(403, 'This account is disabled.', 'ACCOUNT_DISABLED');
      userId = existing.id;
    } else {
      const [u] = await db
        .insert(users)
        .values({
          // Without an address from the provider, the account gets a non-deliverable placeholder until the user adds one.
          email: email ?? `${provider}-${identity.subject}@users.invalid`,
          firstname: identity.firstname.slice(0, 100),
          lastname: identity.lastname.slice(0, 100),
          emailVerifiedAt: email && identity.emailVerified ? now : null,
          locale,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      userId = u!.id;
      created = true;
    }
    await db.insert(oauthAccounts).values({ userId, provider, subject: identity.subject, email: identity.email, createdAt: now }).onConflictDoNothing();
  }
  const session = await newSession(db, now, userId, true, meta);
  await session.insert;
  return { userId, session, created };
}
