import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { App } from '../../web/src/app/App';
import HomePage from '../../web/src/features/home/HomePage';
import type { Menu } from '../../web/src/lib/client';
import { setLocale } from '../../web/src/lib/i18n';
import { preferences } from '../../web/src/state/preferences';
import { givenSession, renderAt, setupDomTests, stubFetch } from './helpers';

setupDomTests();

const fresh = (ui: ReactElement) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>;

const menu = (overrides: Partial<Menu> = {}): Menu => ({
  id: 7,
  chef_id: 3,
  name: 'Alpine tasting menu',
  description: 'Five courses from the mountains.',
  review_count: 12,
  review_avg: 4.75,
  effective_per_person_cost_lc_formatted: 'CHF 95.00',
  image: { data: { id: 70, url: { t512_1x1: '/img/7-sq.jpg', t512_2x1: '/img/7-wide.jpg', t1024_2x1: '/img/7-wide@2x.jpg' } } },
  chef: {
    data: {
      id: 3,
      uri: 'anna-muster-3',
      firstname: 'Anna',
      lastname: 'Muster',
      display_location: 'Zürich',
      is_pro: true,
      is_signature: false,
      is_verified: false,
      verified_at: null,
      review_count: 0,
      review_avg: 0,
      user_public: { data: { firstname: 'Anna', avatar: null } },
    },
  },
  ...overrides,
});

describe('home page', () => {
  it('shows the hero headline and the three steps', async () => {
    stubFetch({ '/v1/menus/featured': { body: { data: [] } } });
    givenSession();
    renderAt('/', fresh(<HomePage />));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Book your private Cook');
    const steps = within(screen.getByRole('region', { name: 'How it works' }));
    expect(steps.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Tell us about your event', 'Choose your menu', 'Sit back and enjoy']);
    await screen.findByText('No featured menus yet');
  });

  it('renders featured menus as cards that open the chef menu page in a new tab', async () => {
    stubFetch({ '/v1/menus/featured': { body: { data: [menu(), menu({ id: 8, name: 'Pasta night', review_count: 0, review_avg: 0, image: null, chef: undefined })] } } });
    givenSession();
    renderAt('/', fresh(<HomePage />));

    const cards = await screen.findAllByTestId('featured-menu');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    const link = first.getByRole('link', { name: /Alpine tasting menu/ });
    expect(link.getAttribute('href')).toBe('/chefs/anna-muster-3/menu/7');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(first.getByText('CHF 95.00 per person')).toBeTruthy();
    expect(first.getByText('Anna Muster')).toBeTruthy();
    expect(first.getByText('Rated 4.8 out of 5 from 12 reviews')).toBeTruthy();
    const img = cards[0]!.querySelector('img[loading="lazy"]');
    expect(img?.getAttribute('src')).toBe('/img/7-wide.jpg');
    expect(cards[0]!.querySelector('source')?.getAttribute('srcset')).toBe('/img/7-sq.jpg');

    const second = within(cards[1]!);
    expect(second.queryByTestId('menu-reviews')).toBeNull();
    expect(second.getByTestId('menu-image-placeholder')).toBeTruthy();
  });

  it('shows an error with a retry button when the menus cannot be loaded', async () => {
    const { calls } = stubFetch({ '/v1/menus/featured': { status: 500, body: { message: 'Internal error', code: 'INTERNAL' } } });
    givenSession();
    renderAt('/', fresh(<HomePage />));
    expect(await screen.findByText("We couldn't load the featured menus.")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    await waitFor(() => expect(calls.filter((c) => c.url === '/v1/menus/featured').length).toBeGreaterThan(1));
  });
});

describe('locale modal', () => {
  it('changes language and currency at once; prices refetch in the new currency', async () => {
    const { calls } = stubFetch({ '/v1/menus/featured': { body: { data: [menu()] } } });
    givenSession();
    renderAt('/', fresh(<App />));
    await screen.findAllByTestId('featured-menu');

    await act(async () => {
      fireEvent.click(screen.getAllByTestId('locale-button')[0]!);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Language and currency' });

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('radio', { name: /EUR/ }));
    });
    expect(preferences.currency).toBe('EUR');
    await waitFor(() => {
      const last = calls.filter((c) => c.url === '/v1/menus/featured').at(-1)!;
      expect(new Headers(last.init.headers).get('x-currency')).toBe('EUR');
    });

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('radio', { name: /Italiano/ }));
    });
    expect(await screen.findByRole('dialog', { name: 'Lingua e valuta' })).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('locale')).toBe('it_IT');
    expect(localStorage.getItem('locale')).toBe('it');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Indietro' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () => {
      await setLocale('en');
    });
    preferences.currency = 'CHF';
    window.history.replaceState(null, '', '/');
  });
});
