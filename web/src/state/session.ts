// The session: who is signed in and the app configuration, from GET /v1/auth/session/user (seed §3, §7).
// Failure is only logged (seed §7); callbacks wait for the fetch in flight, or run at once when it is done (seed §4).
import { proxy, useSnapshot } from 'valtio';
import { api } from '../lib/api';
import type { Answer, client } from '../lib/client';
import { preferences, resolveCurrency } from './preferences';
import { MODALS, openModal, ui } from './ui';

// The session is read at startup, where the typed client's module is not loaded (lib/client.ts; with the logout call
// it would add 0.2 KB gzip to the home page's first download): the path is written out, the answer's type is still
// the route's.
export const SESSION_PATH = '/v1/auth/session/user';
/** GET /v1/auth/session/user as the server answers it. */
export type SessionResponse = Answer<typeof client.auth.session.user.$get>;
export type SessionUser = NonNullable<SessionResponse['data']>;
export type AppConfig = SessionResponse['app'];

/** Reads the session endpoint (also the messages menu's unseen-count poll). */
export const getSession = (): Promise<SessionResponse> => api.get<SessionResponse>(SESSION_PATH);
/** Seed §4/§9: the complete-your-profile dialog is requested this long after a fetch finds a blank name. */
export const PROFILE_MODAL_DELAY_MS = 500;
/** Seed §9: local-storage flag, set to 'true' when a visitor means to become a chef; read (and cleared) after sign-in. */
export const BECOME_CHEF_INTENT_KEY = 'becomechef';

interface SessionState {
  /** True once the first fetch finished, successfully or not. */
  fetched: boolean;
  loading: boolean;
  authenticated: boolean;
  early_access: boolean;
  user: SessionUser | null;
  app: AppConfig | null;
  test_groups: Record<string, string>;
}

export const session = proxy<SessionState>({
  fetched: false,
  loading: false,
  authenticated: false,
  early_access: false,
  user: null,
  app: null,
  test_groups: {},
});

let queued: Array<() => void> = [];
let inFlight: Promise<void> | null = null;
let profileTimer: ReturnType<typeof setTimeout> | null = null;

const isBlank = (value: string | null | undefined) => !value?.trim();

/** Seed §4: after the user is fetched, a blank first or last name requests the set-username modal after 500 ms. */
function requestProfileIfIncomplete(): void {
  if (profileTimer) clearTimeout(profileTimer);
  profileTimer = null;
  const user = session.user;
  if (!user || !(isBlank(user.firstname) || isBlank(user.lastname))) return;
  profileTimer = setTimeout(() => {
    profileTimer = null;
    const now = session.user;
    if (now && (isBlank(now.firstname) || isBlank(now.lastname)) && ui.modal?.name !== MODALS.completeProfile) openModal(MODALS.completeProfile);
  }, PROFILE_MODAL_DELAY_MS);
}

function runQueued() {
  const callbacks = queued;
  queued = [];
  for (const callback of callbacks) {
    try {
      callback();
    } catch (err) {
      console.error('Session callback failed', err);
    }
  }
}

export function applySession(res: SessionResponse): void {
  session.authenticated = Boolean(res.authenticated && res.data);
  session.early_access = res.early_access === true;
  session.user = res.data ?? null;
  session.app = res.app ?? null;
  session.test_groups = res.test_groups ?? {};
  preferences.currency = resolveCurrency(preferences.currency, session.app);
}

/** Fetches (or refetches, e.g. after sign-in) the current user. Concurrent calls share one request. */
export function fetchSession(): Promise<void> {
  if (inFlight) return inFlight;
  session.loading = true;
  inFlight = getSession()
    .then((res) => {
      applySession(res);
      requestProfileIfIncomplete();
    })
    .catch((err: unknown) => {
      console.error('Could not fetch the session', err);
    })
    .finally(() => {
      session.loading = false;
      session.fetched = true;
      inFlight = null;
      runQueued();
    });
  return inFlight;
}

/** Runs `callback` after the current fetch completes, or at once if the session is already fetched. */
export function afterSessionFetched(callback: () => void): void {
  if (session.fetched && !inFlight) callback();
  else queued.push(callback);
}

/** Test helper: back to the state before the first fetch. */
export function resetSession(): void {
  Object.assign(session, { fetched: false, loading: false, authenticated: false, early_access: false, user: null, app: null, test_groups: {} });
  queued = [];
  inFlight = null;
  if (profileTimer) clearTimeout(profileTimer);
  profileTimer = null;
}

export const useSession = () => useSnapshot(session);
