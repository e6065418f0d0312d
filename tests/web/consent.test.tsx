// Cookie consent and analytics (seed §4): Plausible is loaded only after "Accept" and only when the deployment
// configures it; its events are read at the fetch boundary. The tracker starts once per page, as in a browser, so
// these tests share one page: the first one to accept sees its first page view.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CookieConsent } from '../../web/src/app/CookieConsent';
import { CONSENT_STORAGE_KEY } from '../../web/src/lib/analytics';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();

const ENDPOINT = 'https://stats.example.org/api/event';
const analytics = { provider: 'plausible' as const, domain: 'yourlocalchef.example', endpoint: ENDPOINT };

type PlausibleEvent = { n: string; u: string; d: string; r: string | null; p?: Record<string, string>; i?: boolean };
const sentEvents = (calls: { url: string; init: RequestInit }[]) =>
  calls.filter((c) => c.url === ENDPOINT).map((c) => JSON.parse(String(c.init.body)) as PlausibleEvent);

const banner = () => screen.queryByRole('region', { name: 'We value your privacy' });

async function choose(name: 'Accept' | 'Reject') {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('cookie consent', () => {
  it('rejecting stores the choice, hides the banner and loads no analytics', async () => {
    const { calls } = stubFetch({});
    givenSession(sessionResponse({ test_groups: { hero_copy: 'a' } }, { analytics }));
    renderAt('/', <CookieConsent />);
    await choose('Reject');
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('rejected');
    expect(banner()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });

  it('accepting without an analytics provider configured stores the choice and sends nothing', async () => {
    const { calls } = stubFetch({});
    givenSession(sessionResponse({ test_groups: { hero_copy: 'a' } }, { analytics: null }));
    renderAt('/', <CookieConsent />);
    await choose('Accept');
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(banner()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });

  it('accepting loads Plausible: a page view and one impression per test group, each with the user properties', async () => {
    window.history.replaceState(null, '', '/auth/recovery?email=anna%40example.com&token=secret#top');
    const { calls } = stubFetch({});
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true }), test_groups: { hero_copy: 'b', search_layout: 'a' } }, { analytics }));
    renderAt('/', <CookieConsent />);
    expect(banner()).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    await choose('Accept');

    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(banner()).toBeNull();
    await waitFor(() => expect(sentEvents(calls)).toHaveLength(3));
    const props = { is_chef: 'true', is_su: 'false', is_logged_in: 'true', currency: 'CHF', locale: 'en' };
    const page = `${window.location.origin}/auth/recovery`;
    expect(sentEvents(calls).map(({ n, u, d, p, i }) => ({ n, u, d, p, i }))).toEqual([
      { n: 'pageview', u: page, d: 'yourlocalchef.example', p: props, i: undefined },
      { n: 'Experiment Impression', u: page, d: 'yourlocalchef.example', p: { ...props, experiment: 'hero_copy', variant: 'b' }, i: false },
      { n: 'Experiment Impression', u: page, d: 'yourlocalchef.example', p: { ...props, experiment: 'search_layout', variant: 'a' }, i: false },
    ]);
    // Plain text, as Plausible's tracker posts: no CORS preflight, no cookies.
    const sent = calls.find((c) => c.url === ENDPOINT)!;
    expect(sent.init.method).toBe('POST');
    expect(new Headers(sent.init.headers).get('content-type')).toBe('text/plain');
    expect(sent.init.credentials).toBeUndefined();
    window.history.replaceState(null, '', '/');
  });

  it('does not ask again, and on a later page sends the impressions with the properties of now', async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
    const { calls } = stubFetch({});
    givenSession(sessionResponse({ test_groups: { hero_copy: 'a' } }, { analytics }));
    renderAt('/', <CookieConsent />);
    expect(banner()).toBeNull();
    await waitFor(() => expect(sentEvents(calls)).toHaveLength(1));
    expect(sentEvents(calls)[0]).toMatchObject({
      n: 'Experiment Impression',
      p: { is_chef: 'false', is_su: 'false', is_logged_in: 'false', currency: 'CHF', locale: 'en', experiment: 'hero_copy', variant: 'a' },
    });
  });
});
