// Shared set-up for the web tests: English texts, clean stores and storage, a memory router, a stubbed session.
import { cleanup, render, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { setLocale } from '../../web/src/lib/i18n';
import { discardUnsaved } from '../../web/src/lib/unsaved-changes';
import { applySession, resetSession, session, type SessionResponse, type SessionUser } from '../../web/src/state/session';
import { resetUi } from '../../web/src/state/ui';

export function setupDomTests(): void {
  beforeAll(async () => {
    await setLocale('en');
  });
  beforeEach(() => {
    localStorage.clear();
    resetUi();
    resetSession();
  });
  afterEach(() => {
    cleanup();
    // Drafts kept for later and unsaved-work reports are per page view: each test starts without them.
    discardUnsaved();
    resetUi();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

export function sessionResponse(overrides: Partial<SessionResponse> = {}, app: Partial<SessionResponse['app']> = {}): SessionResponse {
  return {
    authenticated: false,
    early_access: false,
    data: null,
    test_groups: {},
    ...overrides,
    app: {
      site_name: 'YourLocalChef',
      supported_currencies: {
        CHF: { code: 'CHF', symbol: 'CHF', rate: 1, decimals: 2, default: true },
        EUR: { code: 'EUR', symbol: '€', rate: 1.05, decimals: 2, default: false },
        USD: { code: 'USD', symbol: '$', rate: 1.12, decimals: 2, default: false },
        GBP: { code: 'GBP', symbol: '£', rate: 0.89, decimals: 2, default: false },
      },
      default_currency: 'CHF',
      locales: [
        { code: 'de', label: 'Deutsch', country: 'DE' },
        { code: 'de-ch', label: 'Deutsch (Schweiz)', country: 'CH' },
        { code: 'en', label: 'English', country: 'US' },
        { code: 'fr', label: 'Français', country: 'FR' },
        { code: 'it', label: 'Italiano', country: 'IT' },
      ],
      default_locale: 'en',
      turnstile_site_key: '',
      oauth_providers: [],
      launch_mode: 'live',
      app_env: 'test',
      service_fee_bp: 500,
      commission_bp: 1500,
      error_reporting: null,
      analytics: null,
      ...app,
    },
  };
}

/** Marks the session as fetched with the given response, as after GET /v1/auth/session/user. */
export function givenSession(response: SessionResponse = sessionResponse()): void {
  applySession(response);
  session.fetched = true;
}

export const signedInUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 1,
  firstname: 'Anna',
  lastname: 'Muster',
  email: 'anna@example.com',
  email_verified: false,
  phone: null,
  phone_verified: false,
  locale: 'en',
  avatar: null,
  is_chef: false,
  is_su: false,
  chef: null,
  unseen_order_message_count: 0,
  ...overrides,
});

export function renderAt(path: string, ui: ReactElement) {
  const location = memoryLocation({ path, record: true });
  const result = render(<Router hook={location.hook} searchHook={location.searchHook}>{ui}</Router>);
  return { ...result, location };
}

/** A fetch stub answering JSON by path. */
export function stubFetch(routes: Record<string, { status?: number; body: unknown }>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const route = Object.entries(routes).find(([path]) => url === path || url.startsWith(`${path}?`));
    if (!route) return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    const { status = 200, body } = route[1];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** A list answer in which the filters leave `filtered` rows of `all` (seed envelope). */
export const filteredEnvelope = <T,>(data: T[], filtered: number, all = 104) => ({ data, total_count: all, filter_count: filtered });

/** The paged list's footer inside `root`: its range text and the page buttons it offers (none for one page). */
export async function expectFooter(root: HTMLElement, expected: { range: string; pages: string[] }) {
  const footer = await within(root).findByTestId('paged-footer');
  expect(within(footer).getByTestId('paged-range').textContent).toBe(expected.range);
  expect(within(footer).queryAllByRole('button', { name: /^Page \d+$/ }).map((p) => p.textContent)).toEqual(expected.pages);
}
