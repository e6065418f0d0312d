import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import de from '../../i18n/de.json';
import ChefMenuPage from '../../web/src/features/chef/ChefMenuPage';
import ChefProfilePage, { greetingName, verifiedLabel } from '../../web/src/features/chef/ChefProfilePage';
import type { ChefProfile, MenuDetail } from '../../web/src/features/chef/chefsApi';
import { chefDisplayName } from '../../web/src/lib/chef';
import { ensureAreaTexts, setLocale, t } from '../../web/src/lib/i18n';
import { defaultBookingSettings, updateBooking } from '../../web/src/state/booking';
import { applySession } from '../../web/src/state/session';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();

const fresh = (ui: ReactElement) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>;

const chef = (overrides: Partial<ChefProfile> = {}): ChefProfile => ({
  id: 12,
  uri: 'marco-bernasconi-12',
  canonical_uri: 'marco-bernasconi-12',
  firstname: 'Marco',
  lastname: 'Bernasconi',
  display_location: 'Zürich',
  profile_bio: 'I cook **Ticino** classics.<script>alert(1)</script><img src=x onerror=alert(1)>',
  review_count: 14,
  review_avg: 4.8,
  is_verified: true,
  verified_at: '2024-03-05T10:00:00.000Z',
  created_at: '2023-11-20T10:00:00.000Z',
  is_pro: true,
  is_signature: true,
  languages: ['de', 'it'],
  user_public: { data: { firstname: 'Marco', avatar: null } },
  ...overrides,
});

const menuDetail = (overrides: Partial<MenuDetail> = {}): MenuDetail => ({
  id: 77,
  chef_id: 12,
  name: 'Risotto Evening',
  description: 'Creamy **risotto** from Ticino.',
  review_count: 3,
  review_avg: 4.7,
  effective_per_person_cost_lc_formatted: 'CHF 85.00',
  currency: 'CHF',
  image: { data: { id: 5, url: { t512_1x1: '/v1/images/5/t512_1x1', t512_2x1: '/v1/images/5/t512_2x1', t1024_2x1: '/v1/images/5/t1024_2x1' } } },
  min_guests: 2,
  max_guests: 12,
  at_customer: true,
  at_chef: true,
  booking_mode: 'request',
  price_tiers: [
    { min_guests: 2, max_guests: 5, price_per_person_lc_formatted: 'CHF 95.00' },
    { min_guests: 6, max_guests: 12, price_per_person_lc_formatted: 'CHF 85.00' },
  ],
  cuisines: { data: [{ key: 'italian', name: 'Italian' }] },
  diets: { data: [{ key: 'vegetarian', name: 'Vegetarian' }] },
  allergies: { data: [{ key: 'milk', name: 'Milk (lactose)' }] },
  items: {
    data: [
      { id: 1, course_type: 'starter', name: 'Vitello tonnato', description: 'Thin veal, tuna sauce.', allergens: { data: [{ key: 'fish', name: 'Fish' }] } },
      { id: 2, course_type: 'main', name: 'Risotto ai funghi', description: '', allergens: { data: [] } },
    ],
  },
  chef: { data: { id: 12, uri: 'marco-bernasconi-12', firstname: 'Marco', lastname: 'Bernasconi', display_location: 'Zürich', is_pro: true, is_signature: false, is_verified: false, verified_at: null, review_count: 0, review_avg: 0, user_public: { data: { firstname: 'Marco', avatar: null } } } },
  ...overrides,
});

const review = { id: 5, menu_id: 77, rating: 5, text: 'Wonderful evening!', reply: 'Thank you!', replied_at: null, created_at: '2026-01-10T19:00:00.000Z', user_public: { data: { firstname: 'Lea', avatar: null } } };

function chefApi(profile = chef()) {
  return stubFetch({
    [`/v1/chefs/${profile.uri}`]: { body: { data: profile } },
    '/v1/chefs/marco-12': { body: { data: profile } },
    '/v1/chefs/12/menus': { body: { data: [menuDetail({ chef: undefined })] } },
    '/v1/chefs/12/reviews': { body: { data: [review], total_count: 1, filter_count: 1 } },
    '/v1/chefs/marco-bernasconi-12/menus/77': { body: { data: menuDetail() } },
    '/v1/chefs/marco-12/menus/77': { body: { data: menuDetail() } },
  });
}

beforeEach(() => {
  updateBooking(defaultBookingSettings());
  givenSession();
});

describe('chef display name', () => {
  it('is first plus last name, else the uri, else "[Unknown Chef]"', () => {
    expect(chefDisplayName({ firstname: 'Anna', lastname: 'Muster', uri: 'anna-muster-1' })).toBe('Anna Muster');
    expect(chefDisplayName({ firstname: 'Anna', lastname: null, uri: 'anna-1' })).toBe('Anna');
    expect(chefDisplayName({ firstname: ' ', lastname: '', uri: 'anna-muster-1' })).toBe('anna-muster-1');
    expect(chefDisplayName({ firstname: null, lastname: null, uri: null })).toBe('[Unknown Chef]');
    expect(chefDisplayName(null)).toBe('[Unknown Chef]');
  });
});

describe('chef profile', () => {
  it('shows avatar with badge, name, location, reviews, joined year, verified-since, greeting, bio, menus and reviews', async () => {
    const { calls } = chefApi();
    renderAt('/chefs/marco-bernasconi-12', fresh(<ChefProfilePage params={{ uri: 'marco-bernasconi-12' }} />));
    expect(await screen.findByRole('heading', { level: 1, name: 'Marco Bernasconi' })).toBeTruthy();
    expect(calls[0]!.url).toBe('/v1/chefs/marco-bernasconi-12?resolve=user_public%2Cuser_public.avatar');
    const profile = screen.getByTestId('chef-profile');
    expect(within(profile).getAllByTestId('chef-badge')[0]!.textContent).toBe('Signature');
    expect(screen.getByTestId('chef-location').textContent).toBe('Zürich');
    expect(screen.getByTestId('chef-reviews').textContent).toBe('4.8 out of 5 · 14 reviews');
    expect(screen.getByTestId('chef-joined').textContent).toBe('Joined in 2023');
    expect(screen.getByTestId('chef-verified').textContent).toBe('Signature chef since 03/05/2024');
    expect(screen.getByRole('heading', { level: 2, name: "Hi, I'm Marco" })).toBeTruthy();
    const bio = screen.getByTestId('chef-bio');
    expect(bio.querySelector('strong')?.textContent).toBe('Ticino');
    expect(bio.querySelector('script, img')).toBeNull();

    const cards = await screen.findAllByTestId('menu-card');
    expect(cards).toHaveLength(1);
    const link = within(cards[0]!).getByRole('link', { name: /Risotto Evening/ });
    expect(link.getAttribute('href')).toBe('/chefs/marco-bernasconi-12/menu/77');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(calls.some((c) => c.url === '/v1/chefs/12/menus?resolve=diets%2Callergies%2Ccuisines%2Citems%2Cimage&stacks=t512_1x1%2Ct512_2x1')).toBe(true);

    const reviews = await screen.findAllByTestId('review');
    expect(within(reviews[0]!).getByText('Wonderful evening!')).toBeTruthy();
    expect(within(reviews[0]!).getByText('Reply from Marco')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/v1/chefs/12/reviews?resolve=user_public%2Cuser_public.avatar%2Cchef&page=0&page_size=10'))).toBe(true);
  });

  it('dates the verified-since, the joined year and the reviews in the marketplace’s zone, the same for every visitor', async () => {
    // 23:30 UTC on New Year's Eve / 8 March is already the next day in Zürich; a visitor in New York (still the day
    // before there) and one in Tokyo read the same dates as the chef and the Zürich office.
    const savedTz = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const late = { id: 6, menu_id: 77, rating: 4, text: 'Late review', reply: null, replied_at: null, created_at: '2026-01-10T23:30:00.000Z', user_public: { data: { firstname: 'Tom', avatar: null } } };
      stubFetch({
        '/v1/chefs/marco-bernasconi-12': { body: { data: chef({ verified_at: '2024-03-08T23:30:00.000Z', created_at: '2023-12-31T23:30:00.000Z' }) } },
        '/v1/chefs/12/menus': { body: { data: [] } },
        '/v1/chefs/12/reviews': { body: { data: [late], total_count: 1, filter_count: 1 } },
      });
      renderAt('/chefs/marco-bernasconi-12', fresh(<ChefProfilePage params={{ uri: 'marco-bernasconi-12' }} />));
      expect((await screen.findByTestId('chef-verified')).textContent).toBe('Signature chef since 03/09/2024');
      expect(screen.getByTestId('chef-joined').textContent).toBe('Joined in 2024');
      const reviews = await screen.findAllByTestId('review');
      expect(reviews[0]!.querySelector('time')!.textContent).toBe('01/11/2026');
    } finally {
      if (savedTz === undefined) delete process.env.TZ;
      else process.env.TZ = savedTz;
    }
  });

  it('shows a masked contact detail in the bio with its brackets, next to a link that stays a link', async () => {
    // What the server puts in place of a phone number in a German visitor's bio (lib/masking.ts publicText).
    const hidden = de.masking.contact;
    expect(hidden).toMatch(/^\[.+\]$/);
    chefApi(chef({ profile_bio: `Ruf mich an: ${hidden}, oder lies [meine Fragen](/help).\n\nAm [Samstag] koche ich ${hidden}.` }));
    renderAt('/chefs/marco-bernasconi-12', fresh(<ChefProfilePage params={{ uri: 'marco-bernasconi-12' }} />));
    const bio = await screen.findByTestId('chef-bio');
    expect(Array.from(bio.querySelectorAll('p')).map((p) => p.textContent)).toEqual([
      `Ruf mich an: ${hidden}, oder lies meine Fragen.`,
      `Am [Samstag] koche ich ${hidden}.`,
    ]);
    expect(Array.from(bio.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['meine Fragen', '/help']]);
  });

  it('names the chef’s languages in running French in lower case', async () => {
    await ensureAreaTexts();
    await setLocale('fr');
    try {
      chefApi();
      renderAt('/chefs/marco-bernasconi-12', fresh(<ChefProfilePage params={{ uri: 'marco-bernasconi-12' }} />));
      expect(await screen.findByText('Parle allemand, italien')).toBeTruthy();
    } finally {
      await setLocale('en');
    }
  });

  it('replaces an outdated uri with the canonical one', async () => {
    chefApi();
    const { location } = renderAt('/chefs/marco-12', fresh(<ChefProfilePage params={{ uri: 'marco-12' }} />));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/chefs/marco-bernasconi-12'));
    expect(location.history).toHaveLength(1); // replaced, not pushed
  });

  it('reloads when the session changes', async () => {
    const { calls } = chefApi();
    renderAt('/chefs/marco-bernasconi-12', fresh(<ChefProfilePage params={{ uri: 'marco-bernasconi-12' }} />));
    await screen.findByRole('heading', { level: 1, name: 'Marco Bernasconi' });
    const before = calls.filter((c) => c.url.startsWith('/v1/chefs/marco-bernasconi-12?')).length;
    await act(async () => {
      applySession(sessionResponse({ authenticated: true, data: signedInUser() }));
    });
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/v1/chefs/marco-bernasconi-12?')).length).toBeGreaterThan(before));
  });

  it('offers "Edit profile" (the chef area) to the chef on their own profile only', async () => {
    chefApi();
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 12, uri: 'marco-bernasconi-12', status: 1, is_public: true } } }) }));
    renderAt('/chefs/marco-bernasconi-12', fresh(<ChefProfilePage params={{ uri: 'marco-bernasconi-12' }} />));
    const edit = await screen.findByRole('link', { name: 'Edit profile' });
    expect(edit.getAttribute('href')).toBe('/account/me/chefprofile');
  });

  it('shows no "Edit profile" to visitors or other chefs', async () => {
    chefApi();
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 99, uri: 'someone-else-99', status: 1, is_public: true } } }) }));
    renderAt('/chefs/marco-bernasconi-12', fresh(<ChefProfilePage params={{ uri: 'marco-bernasconi-12' }} />));
    await screen.findByRole('heading', { level: 1, name: 'Marco Bernasconi' });
    expect(screen.queryByRole('link', { name: 'Edit profile' })).toBeNull();
  });

  it('shows "Chef not found" for an unknown chef', async () => {
    stubFetch({});
    renderAt('/chefs/nobody-1', fresh(<ChefProfilePage params={{ uri: 'nobody-1' }} />));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chef not found' })).toBeTruthy();
  });

  it('labels the verified date by tier and greets "Chef" without a first name', () => {
    const base = { is_verified: true, verified_at: '2024-03-05T10:00:00.000Z' };
    expect(verifiedLabel({ ...base, is_signature: false, is_pro: true }, t, 'en')).toBe('PRO chef since 03/05/2024');
    expect(verifiedLabel({ ...base, is_signature: false, is_pro: false }, t, 'en')).toBe('Verified since 03/05/2024');
    expect(verifiedLabel({ ...base, is_signature: false, is_pro: false }, t, 'de')).toBe('Verified since 05.03.2024');
    expect(verifiedLabel({ is_verified: false, verified_at: null, is_signature: false, is_pro: false }, t, 'en')).toBeNull();
    expect(greetingName({ firstname: '' }, 'Chef')).toBe('Chef');
    expect(greetingName({ firstname: '  ', user_public: { data: { firstname: '' } } }, 'Chef')).toBe('Chef');
    expect(greetingName({ firstname: 'Marco' }, 'Chef')).toBe('Marco');
  });
});

describe('chef menu page', () => {
  it('shows courses, tags, price tiers, guest range, places, reviews and a "book this menu" link', async () => {
    updateBooking({ expected_guests: 8 });
    const { calls } = chefApi();
    renderAt('/chefs/marco-bernasconi-12/menu/77', fresh(<ChefMenuPage params={{ uri: 'marco-bernasconi-12', menuId: '77' }} />));
    expect(await screen.findByRole('heading', { level: 1, name: 'Risotto Evening' })).toBeTruthy();
    expect(calls[0]!.url).toBe('/v1/chefs/marco-bernasconi-12/menus/77?guests=8');
    expect(screen.getAllByTestId('course').map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(['Vitello tonnato', 'Risotto ai funghi']);
    expect(screen.getByText('Starter')).toBeTruthy();
    expect(screen.getByText('Allergens: Fish')).toBeTruthy();
    expect(within(screen.getByTestId('menu-cuisines')).getByText('Italian')).toBeTruthy();
    expect(within(screen.getByTestId('menu-diets')).getByText('Vegetarian')).toBeTruthy();
    expect(within(screen.getByTestId('menu-allergens')).getByText('Milk (lactose)')).toBeTruthy();
    const card = within(screen.getByTestId('menu-booking-card'));
    expect(card.getByTestId('menu-price').textContent).toBe('CHF 85.00');
    expect(card.getByText('per person for 8 guests')).toBeTruthy();
    expect(within(card.getByTestId('menu-tiers')).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['2–5 guestsCHF 95.00', '6–12 guestsCHF 85.00']);
    expect(card.getByText('For 2 to 12 guests')).toBeTruthy();
    expect(card.getByText("At your place · At the chef's place")).toBeTruthy();
    expect(card.getByRole('link', { name: 'Book this menu' }).getAttribute('href')).toBe('/booking/begin/77');
    expect(await screen.findByText('Wonderful evening!')).toBeTruthy();
  });

  it('says how an instant menu is paid, and keeps the price and the booking button in a bar at the bottom', async () => {
    updateBooking({ expected_guests: 8 });
    stubFetch({ '/v1/chefs/marco-bernasconi-12/menus/77': { body: { data: menuDetail({ booking_mode: 'instant' }) } } });
    renderAt('/chefs/marco-bernasconi-12/menu/77', fresh(<ChefMenuPage params={{ uri: 'marco-bernasconi-12', menuId: '77' }} />));
    const card = within(await screen.findByTestId('menu-booking-card'));
    expect(card.getByText('You pay when you book, and your booking is confirmed at once.')).toBeTruthy();
    expect(screen.queryByText("You won't be charged yet.")).toBeNull();
    const bar = screen.getByTestId('menu-sticky-bar');
    expect(bar.className).toMatch(/\bfixed\b.*\bbottom-0\b.*\blg:hidden\b/);
    expect(within(bar).getByText('CHF 85.00')).toBeTruthy();
    expect(within(bar).getByRole('link', { name: 'Book this menu' }).getAttribute('href')).toBe('/booking/begin/77');
  });

  it('says nothing is charged yet for a menu booked on request', async () => {
    chefApi();
    renderAt('/chefs/marco-bernasconi-12/menu/77', fresh(<ChefMenuPage params={{ uri: 'marco-bernasconi-12', menuId: '77' }} />));
    expect(await within(await screen.findByTestId('menu-booking-card')).findByText("You won't be charged yet.")).toBeTruthy();
  });

  it('shows the 404 page for a menu that is not this chef’s, or no longer published', async () => {
    stubFetch({ '/v1/chefs/marco-bernasconi-12/menus/78': { status: 404, body: { message: 'Menu not found.', code: 'NOT_FOUND' } } });
    renderAt('/chefs/marco-bernasconi-12/menu/78', fresh(<ChefMenuPage params={{ uri: 'marco-bernasconi-12', menuId: '78' }} />));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('Oops, the recipe for this page is missing!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeTruthy();
  });

  it('replaces a different chef uri with the canonical one', async () => {
    chefApi();
    const { location } = renderAt('/chefs/marco-12/menu/77', fresh(<ChefMenuPage params={{ uri: 'marco-12', menuId: '77' }} />));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/chefs/marco-bernasconi-12/menu/77'));
    expect(location.history).toHaveLength(1);
  });
});
