import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CookieConsent } from '../../web/src/app/CookieConsent';
import { ANALYTICS_EVENT, CONSENT_STORAGE_KEY, type AnalyticsCall } from '../../web/src/lib/analytics';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser } from './helpers';

setupDomTests();

function recordAnalytics() {
  const calls: AnalyticsCall[] = [];
  const listener = (event: Event) => calls.push((event as CustomEvent<AnalyticsCall>).detail);
  window.addEventListener(ANALYTICS_EVENT, listener);
  return { calls, stop: () => window.removeEventListener(ANALYTICS_EVENT, listener) };
}

describe('cookie consent', () => {
  it('accepting stores the choice, hides the banner and sends user properties and one impression per test group', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true }), test_groups: { hero_copy: 'b', search_layout: 'a' } }));
    const analytics = recordAnalytics();
    renderAt('/', <CookieConsent />);

    expect(screen.getByRole('region', { name: 'We value your privacy' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    });

    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
    expect(analytics.calls).toEqual([
      { kind: 'user_properties', properties: { is_chef: true, is_su: false, is_logged_in: true, currency: 'CHF', locale: 'en' } },
      { kind: 'experiment_impression', experiment: 'hero_copy', variant: 'b' },
      { kind: 'experiment_impression', experiment: 'search_layout', variant: 'a' },
    ]);
    analytics.stop();
  });

  it('rejecting stores the choice, hides the banner and sends nothing', async () => {
    givenSession(sessionResponse({ test_groups: { hero_copy: 'a' } }));
    const analytics = recordAnalytics();
    renderAt('/', <CookieConsent />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    });
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('rejected');
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
    expect(analytics.calls).toEqual([]);
    analytics.stop();
  });

  it('does not ask again, and starts analytics on load once accepted', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
    givenSession(sessionResponse());
    const analytics = recordAnalytics();
    renderAt('/', <CookieConsent />);
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
    expect(analytics.calls[0]).toEqual({
      kind: 'user_properties',
      properties: { is_chef: false, is_su: false, is_logged_in: false, currency: 'CHF', locale: 'en' },
    });
    analytics.stop();
  });
});
