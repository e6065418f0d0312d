// Where to go once someone signed in or up on a page, or came back from Apple, Google or Meta (seed §2 "After
// authentication") and the session refresh that every way of signing in ends with.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { findRoute, routeUrl } from '../../lib/routes';
import { storage } from '../../lib/storage';
import { BECOME_CHEF_INTENT_KEY, fetchSession, session, useSession } from '../../state/session';
import { clearAuthCallbacks, runAuthCallbacks } from '../../state/ui';

/** sessionStorage key: the page to come back to after a round trip through an OAuth provider. */
export const OAUTH_RETURN_KEY = 'auth-return';

/**
 * A screen of the app to return to, or null for anything else: other hosts, `//host`, paths that are no route of the
 * app (the API, files, the 404 page) and the sign-in screens themselves, which would loop.
 */
export function safeReturnPath(value: string | null | undefined, origin: string): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const route = findRoute(url.pathname)?.route;
  if (!route || route.name.startsWith('auth.')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Chef onboarding when the `return` query is 'becomechef' or '/become-a-chef', the referrer contains /become-a-chef,
 * or the become-a-chef intent flag is 'true' (seed §2). Otherwise the seed goes home; we go back to the screen that
 * asked for the sign-in (`return`, one of the app's own routes, README "Decisions"), else home. The flag is cleared here.
 */
export function afterAuthTarget(input: { returnParam: string | null; referrer: string; origin: string }): string {
  const becomeChef = routeUrl('account.beachef');
  const intent = storage.get(BECOME_CHEF_INTENT_KEY) === 'true';
  storage.remove(BECOME_CHEF_INTENT_KEY);
  if (input.returnParam === 'becomechef' || input.returnParam === becomeChef || input.referrer.includes(becomeChef) || intent) return becomeChef;
  return safeReturnPath(input.returnParam, input.origin) ?? routeUrl('home');
}

export function currentAfterAuthTarget(returnParam: string | null): string {
  return afterAuthTarget({ returnParam, referrer: document.referrer, origin: window.location.origin });
}

/** Refetches the user after signing in. A fetch that started before the sign-in (e.g. at page load) is not enough. */
export async function refreshSession(): Promise<void> {
  await fetchSession();
  if (!session.authenticated) await fetchSession();
}

/**
 * What the sign-in and sign-up dialogs share: closing by hand drops the queued callbacks; success closes the dialog,
 * refetches the user and runs them; OAuth comes back to the current page.
 */
export function authDialogHandlers(onClose: () => void) {
  return {
    dismiss: () => {
      clearAuthCallbacks();
      onClose();
    },
    onAuthenticated: async () => {
      onClose();
      await refreshSession();
      runAuthCallbacks();
    },
    oauthReturn: `${window.location.pathname}${window.location.search}`,
  };
}

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function rememberOAuthReturn(path: string | null): void {
  try {
    if (path) sessionStore()?.setItem(OAUTH_RETURN_KEY, path);
    else sessionStore()?.removeItem(OAUTH_RETURN_KEY);
  } catch {
    /* storage unavailable: the user lands on home */
  }
}

export function takeOAuthReturn(): string | null {
  try {
    const store = sessionStore();
    const value = store?.getItem(OAUTH_RETURN_KEY) ?? null;
    store?.removeItem(OAUTH_RETURN_KEY);
    return value;
  } catch {
    return null;
  }
}

/** On /login and /register: once someone is signed in (now, or already when they arrive), go where they meant to. */
export function useAfterAuthRedirect(returnParam: string | null): void {
  const [, navigate] = useLocation();
  const { user } = useSession();
  const done = useRef(false);
  useEffect(() => {
    if (!user || done.current) return;
    done.current = true;
    navigate(currentAfterAuthTarget(returnParam), { replace: true });
  }, [user, returnParam, navigate]);
}
