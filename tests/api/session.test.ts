// GET /v1/auth/session/user for a visitor: the seed's shape, app configuration and stable test groups.
import { describe, expect, it } from 'vitest';
import { settings } from '../../functions/_api/db/schema/system';
import { useHarness } from '../support/use-harness';

const h = useHarness();

type SessionBody = {
  authenticated: boolean;
  early_access: boolean;
  data: unknown;
  app: {
    supported_currencies: Record<string, { code: string; rate: number }>;
    default_currency: string;
    locales: { code: string; label: string; country: string }[];
    turnstile_site_key: string | null;
    oauth_providers: string[];
    launch_mode: string;
  };
  test_groups: Record<string, string>;
};

describe('GET /v1/auth/session/user as a visitor', () => {
  it('returns the seed shape with the app configuration', async () => {
    const res = await h.request('/v1/auth/session/user');
    expect(res.status).toBe(200);
    const body = (await res.json()) as SessionBody;
    expect(body.authenticated).toBe(false);
    expect(body.early_access).toBe(false);
    expect(body.data).toBeNull();
    expect(Object.keys(body.app.supported_currencies).sort()).toEqual(['CHF', 'EUR', 'GBP', 'USD']);
    expect(body.app.supported_currencies.CHF!.rate).toBe(1);
    expect(body.app.default_currency).toBe('CHF');
    expect(body.app.locales.map((l) => l.code)).toEqual(['de', 'de-ch', 'en', 'fr', 'it']);
    expect(body.app.turnstile_site_key).toBeNull();
    expect(body.app.oauth_providers).toEqual([]);
    expect(body.app.launch_mode).toBe('live');
    expect(Object.keys(body.test_groups).length).toBeGreaterThan(0);
  });

  it('keeps a visitor in the same test groups across requests', async () => {
    const first = await h.request('/v1/auth/session/user');
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/ylc_vid=[0-9a-f-]{36}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const groups = ((await first.json()) as SessionBody).test_groups;
    const vid = cookie.split(';')[0]!;
    for (let i = 0; i < 3; i++) {
      const again = await h.request('/v1/auth/session/user', { headers: { cookie: vid } });
      expect(again.headers.get('set-cookie')).toBeNull();
      expect(((await again.json()) as SessionBody).test_groups).toEqual(groups);
    }
  });

  it('reflects the currency rates and launch mode admins set', async () => {
    await h.db.insert(settings).values([
      { key: 'currency_rates', value: { CHF: 1, EUR: 1.1, USD: 1.3, GBP: 0.9 } },
      { key: 'launch_mode', value: 'prelaunch' },
    ]);
    const body = (await (await h.request('/v1/auth/session/user')).json()) as SessionBody;
    expect(body.app.supported_currencies.EUR!.rate).toBe(1.1);
    expect(body.app.launch_mode).toBe('prelaunch');
  });
});
