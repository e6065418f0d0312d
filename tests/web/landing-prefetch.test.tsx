// Landing on menus near me: the entry starts the page's first request before the app renders (prefetchPage in
// app/routeTable.tsx, prefetchMenusNear), the page then uses that request instead of sending its own, the first row's pictures are
// preloaded at high priority, and only the first row's images load eagerly.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/locales';
import { prefetchPage } from '../../web/src/app/routeTable';
import MenusNearMePage from '../../web/src/features/discovery/MenusNearMePage';
import { prefetchMenusNear } from '../../web/src/features/discovery/filters';
import type { Menu } from '../../web/src/lib/client';
import { firstRowSize } from '../../web/src/lib/menu-image';
import { defaultBookingSettings, updateBooking } from '../../web/src/state/booking';
import { preferences } from '../../web/src/state/preferences';
import { givenSession, renderAt, setupDomTests } from './helpers';

setupDomTests();

const picture = (id: number) => ({ data: { id, url: { t512_1x1: `/v1/images/${id}/t512_1x1`, t512_2x1: `/v1/images/${id}/t512_2x1`, t1024_2x1: `/v1/images/${id}/t1024_2x1` } } });
const menu = (id: number): Menu => ({
  id,
  chef_id: 3,
  name: `Menu ${id}`,
  description: '',
  review_count: 0,
  review_avg: 0,
  effective_per_person_cost_lc_formatted: 'CHF 90.00',
  image: picture(100 + id),
});

function nearApi(count: number) {
  const calls: string[] = [];
  const locales: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(url);
      if (url.startsWith('/v1/menus/near/')) locales.push((init?.headers as Record<string, string>)['x-locale'] ?? '');
      const data = Array.from({ length: count }, (_, i) => menu(i + 1));
      return new Response(JSON.stringify({ data, total_count: count, filter_count: count, filters: {} }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return Object.assign(() => calls.filter((u) => u.startsWith('/v1/menus/near/')), { locales });
}

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];

beforeEach(() => {
  updateBooking(defaultBookingSettings());
  givenSession();
});
afterEach(() => preloads().forEach((link) => link.remove()));

describe('landing on menus near me', () => {
  it('renders from the request the entry started, with the first row preloaded and loaded eagerly', async () => {
    const nearCalls = nearApi(8);
    // What the entry does for the landing page. A region no other test asks for: the request lives in swr's global cache.
    void prefetchPage('chefs.nearme', { regionId: '2661604' }, preferences.locale as Locale);
    await waitFor(() => expect(nearCalls()).toHaveLength(1));
    const row = firstRowSize();
    await waitFor(() => expect(preloads()).toHaveLength(row));
    // The square crop on a large screen (happy-dom's window is 1024 px wide), the 2:1 set otherwise.
    const large = window.matchMedia('(min-width: 1024px)').matches;
    expect(preloads().map((l) => l.getAttribute('href'))).toEqual(Array.from({ length: row }, (_, i) => `/v1/images/${101 + i}/${large ? 't512_1x1' : 't512_2x1'}`));
    expect(preloads().every((l) => l.getAttribute('fetchpriority') === 'high')).toBe(true);

    renderAt('/menus/nearme/2661604', <MenusNearMePage params={{ regionId: '2661604' }} />);
    const cards = await screen.findAllByTestId('menu-card');
    expect(cards.length).toBeGreaterThan(row);
    expect(nearCalls()).toHaveLength(1); // the page used the prefetched request
    const images = cards.map((card) => card.querySelector('img')!);
    // The first row also decodes with the page's paint, not after it.
    const attrs = (img: HTMLImageElement) => [img.getAttribute('loading'), img.getAttribute('fetchpriority'), img.getAttribute('decoding')];
    expect(images.slice(0, row).map(attrs)).toEqual(Array.from({ length: row }, () => ['eager', 'high', null]));
    expect(images.slice(row).map(attrs)).toEqual(Array.from({ length: images.length - row }, () => ['lazy', null, 'async']));
  });

  it("asks in the locale the page will show, before that locale's texts are active", async () => {
    // The entry prefetches while the texts load, so the app's locale is still the default: the answer (prices as
    // "100 CHF", diet names) is cached under the German key and must be the German answer.
    const nearCalls = nearApi(1);
    expect(preferences.locale).toBe('en');
    void prefetchPage('chefs.nearme', { regionId: '2661552' }, 'de');
    await waitFor(() => expect(nearCalls()).toHaveLength(1));
    expect(nearCalls.locales).toEqual(['de']);
  });

  it('asks nothing for a region id the page would answer with "not found"', () => {
    const nearCalls = nearApi(1);
    prefetchMenusNear({ regionId: 'zurich' }, preferences.locale as Locale);
    expect(nearCalls()).toEqual([]);
  });
});
