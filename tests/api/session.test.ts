// GET /v1/auth/session/user for a visitor: the seed's shape, app configuration and stable test groups.
import { describe, expect, it } from 'vitest';
import { settings } from '../../functions/_api/db/schema/system';
import { useHarness } from '../support/use-harness';
import { agent, type Agent } from '../support/agent';
import { ok, typedClient } from '../support/typed-client';

const h = useHarness();

/** The session read as agent `a` (a new visitor unless given). */
const session = (a: Agent = agent(h)) => ok(typedClient(a).auth.session.user.$get());

describe('GET /v1/auth/session/user as a visitor', () => {
  it('returns the seed shape with the app configuration', async () => {
    const res = await session();
    expect(res.status).toBe(200);
    const body = res.body;
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
    // One visitor: the agent keeps the visitor cookie the first answer sets and sends only it back.
    const visitor = agent(h);
    const first = await session(visitor);
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/ylc_vid=[0-9a-f-]{36}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect([...visitor.jar.keys()]).toEqual(['ylc_vid']);
    const groups = first.body.test_groups;
    for (let i = 0; i < 3; i++) {
      const again = await session(visitor);
      expect(again.headers.get('set-cookie')).toBeNull();
      expect(again.body.test_groups).toEqual(groups);
    }
  });

  it('reflects the currency rates and launch mode admins set', async () => {
    await h.db.insert(settings).values([
      { key: 'currency_rates', value: { CHF: 1, EUR: 1.1, USD: 1.3, GBP: 0.9 } },
      { key: 'launch_mode', value: 'prelaunch' },
    ]);
    const { body } = await session();
    expect(body.app.supported_currencies.EUR!.rate).toBe(1.1);
    expect(body.app.launch_mode).toBe('prelaunch');
  });
});
