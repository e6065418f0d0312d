// Shared set-up of the chef-side web tests: a signed-in chef, API objects shaped like the server's, a fetch stub
// that answers by method and path (and records the calls), and a fresh swr cache per render.
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeAll, vi } from 'vitest';
import type { OnboardingState, OwnMenu, OwnProfile } from '../../web/src/features/chef-area/chefApi';
import { ensureAreaTexts } from '../../web/src/lib/i18n';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser } from './helpers';

/** The DOM set-up plus the texts of the lazily loaded areas (chefarea.*, onboarding.*), which the pages bring along. */
export function setupChefTests(): void {
  setupDomTests();
  beforeAll(async () => {
    await ensureAreaTexts();
  });
}

export function givenChef(status = 1) {
  givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 7, uri: 'anna-muster-7', status, is_public: true } } }) }));
}

export function ownProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: 7,
    uri: 'anna-muster-7',
    status: 1,
    status_name: 'Active',
    rejection_reason: null,
    paused_by: null,
    pause_reason: null,
    submitted_at: null,
    is_pro: false,
    is_signature: true,
    is_verified: true,
    verified_at: '2026-01-10T10:00:00.000Z',
    firstname: 'Anna',
    lastname: 'Muster',
    phone: '+41791234567',
    phone_verified: true,
    display_location: 'Zürich',
    profile_bio: 'I cook seasonal Swiss food with a Mediterranean twist for friends and families.',
    languages: ['de', 'en'],
    experience_years: 8,
    address: 'Bahnhofstrasse 1, 8001 Zürich',
    home_region_id: 2657896,
    home_region: { data: { id: 2657896, name: 'Zürich', zip: '8001', state: 'ZH', country_code: 'CH' } },
    lat: 47.37,
    lon: 8.54,
    travel_radius_km: 30,
    timezone: 'Europe/Zurich',
    currency: 'CHF',
    review_count: 0,
    review_avg: 0,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-10T10:00:00.000Z',
    avatar_image_id: null,
    avatar: null,
    avatar_status: null,
    regions: { data: [] },
    cuisines: { data: [{ key: 'swiss', name: 'Swiss' }] },
    ...overrides,
  };
}

export function ownMenu(overrides: Partial<OwnMenu> = {}): OwnMenu {
  return {
    id: 41,
    status: 'draft',
    name: 'Autumn in Ticino',
    description: 'Chestnuts, risotto and more.',
    image_id: null,
    image: null,
    image_status: null,
    min_guests: 2,
    max_guests: 12,
    price_per_person: 9500,
    currency: 'CHF',
    price_tiers: [],
    at_customer: true,
    at_chef: false,
    booking_mode: 'request',
    cuisines: ['swiss'],
    diets: [],
    allergens: [],
    courses: [
      { id: 1, course_type: 'starter', name: 'Chestnut soup', description: '', allergens: [] },
      { id: 2, course_type: 'main', name: 'Risotto', description: '', allergens: ['milk'] },
      { id: 3, course_type: 'dessert', name: 'Torta di pane', description: '', allergens: ['gluten'] },
    ],
    review_count: 0,
    review_avg: 0,
    booking_count: 0,
    publish_missing: ['image'],
    published_at: null,
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

const STEP_KEYS = ['account', 'personal', 'location', 'profile', 'documents', 'menu', 'payout'] as const;

export function onboarding(missing: Partial<Record<(typeof STEP_KEYS)[number], string[]>> = {}, status_name = 'New'): OnboardingState {
  const steps = STEP_KEYS.map((key) => ({ key, complete: !(missing[key]?.length), missing: missing[key] ?? [] }));
  const complete = steps.every((s) => s.complete);
  const statuses: Record<string, number> = { New: 0, Active: 1, Paused: 2, Onboarded: 3, OnboardingFailed: -2, Banned: -1 };
  return {
    status: statuses[status_name] as OnboardingState['status'],
    status_name: status_name as OnboardingState['status_name'],
    rejection_reason: null,
    steps,
    complete,
    can_submit: complete && (status_name === 'New' || status_name === 'OnboardingFailed'),
  };
}

/** GET /v1/lists: the vocabularies chefs pick from. */
export const VOCABULARY = {
  data: {
    cuisine: [{ key: 'swiss', name: 'Swiss' }, { key: 'italian', name: 'Italian' }],
    diet: [{ key: 'vegetarian', name: 'Vegetarian' }],
    allergy: [{ key: 'gluten', name: 'Gluten' }, { key: 'milk', name: 'Milk' }],
  },
};

type Reply = { status?: number; body?: unknown };
type Handler = Reply | ((call: { url: string; method: string; body: unknown }) => Reply);

/**
 * A fetch stub keyed by "METHOD path" (exact, or the path before the query string); "GET" is the default when the
 * key has no method. Unknown calls get a 404 like the API's.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const call = { url, method, body };
    calls.push(call);
    const path = url.split('?')[0]!;
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${path}`] ?? (method === 'GET' ? (routes[url] ?? routes[path]) : undefined);
    const reply: Reply = handler === undefined ? { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } } : typeof handler === 'function' ? handler(call) : handler;
    return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path) };
}

export const vocabularyRoutes = {
  '/v1/lists': { body: VOCABULARY },
};

export const renderFresh = (path: string, ui: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>);

/** The text of the elements an input points to with aria-describedby. */
export function describedText(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** Clicks a button once it is there and idle (loading buttons stay busy for at least 400 ms). */
export async function press(root: HTMLElement, name: string | RegExp) {
  const button = await waitFor(() => {
    const b = within(root).getByRole('button', { name });
    if (b.getAttribute('aria-busy') === 'true') throw new Error('busy');
    return b;
  });
  await act(async () => {
    fireEvent.click(button);
  });
}

export async function type(el: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.change(el, { target: { value } });
  });
}
