import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../web/src/app/App';
import MenusNearMePage from '../../web/src/features/discovery/MenusNearMePage';
import { activeChips, filtersToSearch, isOptionDisabled, nearApiPath, parseFilters, toggleFilter } from '../../web/src/features/discovery/filters';
import type { Menu } from '../../web/src/lib/client';
import { marketDay } from '../../web/src/lib/booking-window';
import { booking, defaultBookingSettings, updateBooking } from '../../web/src/state/booking';
import { givenSession, renderAt, setupDomTests } from './helpers';

setupDomTests();

const fresh = (ui: ReactElement) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>;
const zurich = { id: 2657896, name: 'Zürich', zip: '8001', state: 'ZH', country_code: 'CH' };
const basel = { id: 2661604, name: 'Basel', zip: '4001', state: 'BS', country_code: 'CH' };

const menu = (id: number, name: string): Menu => ({
  id,
  chef_id: 3,
  name,
  description: 'A **lovely** dinner.',
  review_count: 0,
  review_avg: 0,
  effective_per_person_cost_lc_formatted: 'CHF 90.00',
  image: null,
  chef: { data: { id: 3, uri: 'anna-muster-3', firstname: 'Anna', lastname: 'Muster', display_location: 'Zürich', is_pro: false, is_signature: true, is_verified: false, verified_at: null, review_count: 0, review_avg: 0, user_public: { data: { firstname: 'Anna', avatar: null } } } },
});

/** A fake /v1/menus/near: the Italian filter narrows to one menu, Thai matches none, "nuts" excludes one. */
function nearApi(opts: { total?: number; status?: number } = {}) {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    if (url.pathname === '/v1/locations/regions') {
      const data = [zurich, basel].filter((r) => String(r.id) === url.searchParams.get('id'));
      return new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    if (opts.status) return new Response(JSON.stringify({ message: 'Region not found.', code: 'NOT_FOUND' }), { status: opts.status, headers: { 'Content-Type': 'application/json' } });
    const cuisines = (url.searchParams.get('cuisines') ?? '').split(',').filter(Boolean);
    const excluded = (url.searchParams.get('allergies_exclude') ?? '').split(',').filter(Boolean);
    let menus = [menu(1, 'Tuscan Feast'), menu(2, 'Paris Bistro'), menu(3, 'Roman Vegan')];
    if (cuisines.length) menus = menus.filter((m) => (cuisines.includes('italian') && m.id !== 2) || (cuisines.includes('french') && m.id === 2));
    if (excluded.includes('nuts')) menus = menus.filter((m) => m.id !== 2);
    const total = opts.total ?? 3;
    const body = {
      data: total ? menus : [],
      total_count: total,
      filter_count: total ? menus.length : 0,
      filters: {
        cuisine: { items: [{ key: 'italian', name: 'Italian', count: 2 }, { key: 'french', name: 'French', count: 1 }, { key: 'thai', name: 'Thai', count: 0 }] },
        diet: { items: [{ key: 'vegan', name: 'Vegan', count: 2 }] },
        allergy: { items: [{ key: 'nuts', name: 'Tree nuts', count: 1 }, { key: 'milk', name: 'Milk', count: 0 }] },
      },
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const nearCalls = (calls: URL[]) => calls.filter((u) => u.pathname.startsWith('/v1/menus/near/'));
const renderPage = (path: string) => {
  const regionId = path.split('/')[3]!.split('?')[0]!;
  return renderAt(path, fresh(<MenusNearMePage params={{ regionId }} />));
};

beforeEach(() => {
  updateBooking(defaultBookingSettings());
  givenSession();
});

describe('menus near me', () => {
  it('asks for the region’s menus with the seed parameters, the filters and the booking settings', async () => {
    const date = new Date();
    date.setDate(date.getDate() + 5);
    date.setHours(19, 0, 0, 0);
    updateBooking({ region: zurich, date: date.toISOString(), expected_guests: 6, at_chefs_place: false });
    const calls = nearApi();
    renderPage('/menus/nearme/2657896?cuisines=italian&diets=vegan&allergies_exclude=nuts&search=pasta');
    await screen.findAllByTestId('menu-card');
    const url = nearCalls(calls)[0]!;
    expect(url.pathname).toBe('/v1/menus/near/2657896');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      resolve: 'chef,diets,cuisines,image,chef.user_public,chef.user_public.avatar',
      stacks: 't512_1x1,t512_2x1,t1024_2x1',
      version: '1',
      page_size: '200',
      page: '0',
      count: '1',
      cuisines: 'italian',
      diets: 'vegan',
      allergies_exclude: 'nuts',
      search: 'pasta',
      date: marketDay(date),
      guests: '6',
      at_chefs_place: '0',
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Menus near 8001 Zürich');
  });

  it('leaves out the date when none is set and sends at_chefs_place=1 for the chef’s place', async () => {
    updateBooking({ at_chefs_place: true });
    const calls = nearApi();
    renderPage('/menus/nearme/2657896');
    await screen.findAllByTestId('menu-card');
    const params = nearCalls(calls)[0]!.searchParams;
    expect(params.has('date')).toBe(false);
    expect(params.get('at_chefs_place')).toBe('1');
    expect(params.has('cuisines')).toBe(false);
  });

  it('shows active filters as chips; removing one updates the URL and the results', async () => {
    const calls = nearApi();
    const { location } = renderPage('/menus/nearme/2657896?cuisines=italian&allergies_exclude=nuts');
    await waitFor(() => expect(screen.getAllByTestId('menu-card')).toHaveLength(2));
    const chips = screen.getAllByTestId('filter-chip');
    expect(chips.map((c) => c.textContent)).toEqual(['Italian', 'Without Tree nuts']);
    expect(screen.getByTestId('menus-count').textContent).toBe('2 of 3 menus');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Italian' }));
    });
    expect(location.history?.at(-1)).toBe('/menus/nearme/2657896?allergies_exclude=nuts');
    await waitFor(() => expect(screen.getAllByTestId('menu-card')).toHaveLength(2));
    expect(nearCalls(calls).at(-1)!.searchParams.has('cuisines')).toBe(false);
    expect(screen.getAllByTestId('filter-chip').map((c) => c.textContent)).toEqual(['Without Tree nuts']);

    await act(async () => {
      fireEvent.click(screen.getByTestId('filter-clear'));
    });
    expect(location.history?.at(-1)).toBe('/menus/nearme/2657896');
    await waitFor(() => expect(screen.getAllByTestId('menu-card')).toHaveLength(3));
    expect(screen.queryByTestId('filter-chips')).toBeNull();
  });

  it('disables zero-count options unless they are checked, and ticking one filters', async () => {
    nearApi();
    const { location } = renderPage('/menus/nearme/2657896?allergies_exclude=milk');
    await screen.findAllByTestId('menu-card');

    fireEvent.click(within(screen.getByTestId('popover-cuisine')).getByRole('button', { name: /Cuisine/ }));
    const cuisine = within(screen.getByRole('dialog', { name: 'Cuisine' }));
    const thai = cuisine.getByRole('checkbox', { name: /Thai/ }) as HTMLInputElement;
    const italian = cuisine.getByRole('checkbox', { name: /Italian/ }) as HTMLInputElement;
    expect(thai.disabled).toBe(true);
    expect(italian.disabled).toBe(false);

    fireEvent.click(within(screen.getByTestId('popover-allergy')).getByRole('button', { name: /Allergies/ }));
    const allergy = within(screen.getByRole('dialog', { name: 'Allergies' }));
    const milk = allergy.getByRole('checkbox', { name: /Milk/ }) as HTMLInputElement;
    expect(milk.checked).toBe(true);
    expect(milk.disabled).toBe(false); // count 0, but checked: it can be removed
    // An allergen's number is how many menus contain it, and it says so; other facets count matches.
    const countOf = (box: HTMLElement) => box.closest('label')!.querySelector('[data-testid="option-count"]')!.textContent;
    expect(countOf(allergy.getByRole('checkbox', { name: /Tree nuts/ }))).toBe('in 1 menu');
    expect(countOf(milk)).toBe('in 0 menus');
    expect(countOf(italian)).toBe('2 menus');

    await act(async () => {
      fireEvent.click(italian);
    });
    expect(location.history?.at(-1)).toBe('/menus/nearme/2657896?allergies_exclude=milk&cuisines=italian');
    await waitFor(() => expect(screen.getAllByTestId('menu-card')).toHaveLength(2));
  });

  it('offers the same filters in a slide-in panel on small screens', async () => {
    nearApi();
    renderPage('/menus/nearme/2657896');
    await screen.findAllByTestId('menu-card');
    fireEvent.click(screen.getByTestId('filter-panel-button'));
    const panel = within(await screen.findByRole('dialog', { name: 'Filters' }));
    expect(panel.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual(['Cuisine', 'Diet', 'Allergies']);
    expect((panel.getByRole('checkbox', { name: /Thai/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(panel.getByRole('button', { name: 'Show results (3)' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
  });

  it('shows the no-chef-in-region block with a newsletter sign-up and a become-a-chef button', async () => {
    nearApi({ total: 0 });
    updateBooking({ region: zurich });
    renderPage('/menus/nearme/2657896');
    const block = within(await screen.findByTestId('no-chef-in-region'));
    expect(block.getByRole('heading', { name: 'No chefs in 8001 Zürich yet' })).toBeTruthy();
    expect(block.getByTestId('newsletter-form')).toBeTruthy();
    expect(block.getByRole('link', { name: 'Become a chef' }).getAttribute('href')).toBe('/become-a-chef');
  });

  it('says so when the region is unknown', async () => {
    nearApi({ status: 404 });
    renderPage('/menus/nearme/999999');
    expect(await screen.findByTestId('region-not-found')).toBeTruthy();
  });

  it('opened from a link without a region, names the page’s region in the booking settings once the first menus are in', async () => {
    const calls = nearApi();
    renderPage('/menus/nearme/2657896');
    await screen.findAllByTestId('menu-card');
    await waitFor(() => expect(booking.region).toEqual(zurich));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Menus near 8001 Zürich');
    // The region is asked for by id, after the menus (the first cards never wait for it), and only once.
    const paths = calls.map((u) => u.pathname);
    expect(paths.indexOf('/v1/locations/regions')).toBeGreaterThan(paths.findIndex((p) => p.startsWith('/v1/menus/near/')));
    expect(calls.filter((u) => u.pathname === '/v1/locations/regions').map((u) => u.search)).toEqual(['?id=2657896']);
  });

  it('puts the page’s region in place of another stored one, and asks nothing when the stored one is the page’s', async () => {
    const calls = nearApi();
    updateBooking({ region: basel });
    const view = renderPage('/menus/nearme/2657896');
    await waitFor(() => expect(booking.region).toEqual(zurich));
    expect(view.location.history?.at(-1)).toBe('/menus/nearme/2657896');
    view.unmount();

    calls.length = 0;
    renderPage('/menus/nearme/2657896');
    await screen.findAllByTestId('menu-card');
    expect(calls.filter((u) => u.pathname === '/v1/locations/regions')).toEqual([]);
  });

  it('follows the session region to the new region’s page', async () => {
    const calls = nearApi();
    updateBooking({ region: zurich });
    const { location } = renderPage('/menus/nearme/2657896');
    await screen.findAllByTestId('menu-card');
    await act(async () => {
      updateBooking({ region: basel });
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/menus/nearme/2661604'));
    expect(nearCalls(calls).length).toBeGreaterThan(0);
  });

  it('takes the place from a chefs.near link and keeps the URL in step when the place changes', async () => {
    const calls = nearApi();
    const { location } = renderPage('/menus/nearme/2657896?at_chefs_place=1');
    await screen.findAllByTestId('menu-card');
    await waitFor(() => expect(nearCalls(calls).at(-1)!.searchParams.get('at_chefs_place')).toBe('1'));
    expect(location.history?.at(-1)).toBe('/menus/nearme/2657896?at_chefs_place=1');
    await act(async () => {
      updateBooking({ at_chefs_place: false });
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/menus/nearme/2657896'));
    await waitFor(() => expect(nearCalls(calls).at(-1)!.searchParams.get('at_chefs_place')).toBe('0'));
  });

  it('has no footer on this route', async () => {
    nearApi();
    renderAt('/menus/nearme/2657896', fresh(<App />));
    await screen.findAllByTestId('menu-card');
    expect(screen.queryByTestId('site-footer')).toBeNull();
    expect(screen.getAllByTestId('booking-bar').length).toBeGreaterThan(0);
  });
});

describe('near-me filters', () => {
  it('read and write the URL query with comma lists, keeping other parameters', () => {
    const filters = parseFilters('?cuisines=italian,thai&diets=vegan&allergies_exclude=nuts&search=pasta&at_chefs_place=1');
    expect(filters).toEqual({ cuisines: ['italian', 'thai'], diets: ['vegan'], allergies_exclude: ['nuts'], search: 'pasta' });
    const next = toggleFilter(toggleFilter(filters, 'cuisines', 'thai'), 'diets', 'vegetarian');
    expect(filtersToSearch(next, 'at_chefs_place=1&cuisines=italian,thai')).toBe('at_chefs_place=1&cuisines=italian&diets=vegan%2Cvegetarian&allergies_exclude=nuts&search=pasta');
    expect(parseFilters('?cuisines=<script>,ok')).toMatchObject({ cuisines: ['ok'] });
  });

  it('disable an option with no matches unless it is checked', () => {
    expect(isOptionDisabled({ key: 'thai', name: 'Thai', count: 0 }, false)).toBe(true);
    expect(isOptionDisabled({ key: 'thai', name: 'Thai', count: 0 }, true)).toBe(false);
    expect(isOptionDisabled({ key: 'italian', name: 'Italian', count: 4 }, false)).toBe(false);
  });

  it('name chips from the facets', () => {
    const chips = activeChips(parseFilters('cuisines=italian&allergies_exclude=gone'), { cuisine: { items: [{ key: 'italian', name: 'Italienisch', count: 2 }] } });
    expect(chips).toEqual([
      { param: 'cuisines', key: 'italian', name: 'Italienisch' },
      { param: 'allergies_exclude', key: 'gone', name: 'gone' },
    ]);
  });

  it("build the API path with the seed's version and only the parameters that are set", () => {
    const path = nearApiPath('42', parseFilters(''), { date: null, expected_guests: 2, at_chefs_place: false }, 1);
    expect(path).toBe('/v1/menus/near/42?resolve=chef%2Cdiets%2Ccuisines%2Cimage%2Cchef.user_public%2Cchef.user_public.avatar&stacks=t512_1x1%2Ct512_2x1%2Ct1024_2x1&version=1&page_size=200&page=1&count=1&guests=2&at_chefs_place=0');
  });
});

describe('a long result page', () => {
  it('paints the first screenful of cards first, then renders all of them', async () => {
    const many = Array.from({ length: 40 }, (_, i) => menu(i + 1, `Menu number ${i + 1}`));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: many, total_count: 40, filter_count: 40, filters: {} }), { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    renderPage('/menus/nearme/2657896');
    const grid = await screen.findByTestId('menu-grid');
    await within(grid).findByText('Menu number 1');
    // No card image here, so the rest follows once the first card's wait (800 ms) is over; a very slow machine may
    // already be past it.
    expect([15, 40]).toContain(within(grid).getAllByTestId('menu-card').length);
    await waitFor(() => expect(within(grid).getAllByTestId('menu-card')).toHaveLength(40), { timeout: 3000 });
    expect(within(grid).getByText('Menu number 40')).toBeTruthy();
  });
});
