import { describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../web/src/lib/api';
import { preferences, resolveCurrency } from '../../web/src/state/preferences';
import { afterSessionFetched, fetchSession, session } from '../../web/src/state/session';
import { sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();

describe('session store', () => {
  it('fetches the current user and app configuration', async () => {
    const { calls } = stubFetch({ '/v1/auth/session/user': { body: sessionResponse({ authenticated: true, early_access: true, data: signedInUser() }) } });
    await fetchSession();
    expect(calls[0]?.url).toBe('/v1/auth/session/user');
    expect(session.fetched).toBe(true);
    expect(session.user?.firstname).toBe('Anna');
    expect(session.early_access).toBe(true);
    expect(session.app?.launch_mode).toBe('live');
  });

  it('runs callbacks registered before the fetch when it completes, and later ones at once', async () => {
    stubFetch({ '/v1/auth/session/user': { body: sessionResponse() } });
    const order: string[] = [];
    afterSessionFetched(() => order.push('queued'));
    const pending = fetchSession();
    afterSessionFetched(() => order.push('during'));
    expect(order).toEqual([]);
    await pending;
    expect(order).toEqual(['queued', 'during']);
    afterSessionFetched(() => order.push('after'));
    expect(order).toEqual(['queued', 'during', 'after']);
  });

  it('only logs a failed fetch, and still runs the callbacks', async () => {
    stubFetch({ '/v1/auth/session/user': { status: 500, body: { message: 'boom', code: 'INTERNAL' } } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const callback = vi.fn();
    afterSessionFetched(callback);
    await expect(fetchSession()).resolves.toBeUndefined();
    expect(log).toHaveBeenCalled();
    expect(callback).toHaveBeenCalledOnce();
    expect(session.fetched).toBe(true);
    expect(session.user).toBeNull();
  });

  it('falls back to the default currency when the chosen one is not supported', async () => {
    preferences.currency = 'JPY';
    stubFetch({ '/v1/auth/session/user': { body: sessionResponse() } });
    await fetchSession();
    expect(preferences.currency).toBe('CHF');
    const app = sessionResponse().app;
    expect(resolveCurrency('EUR', app)).toBe('EUR');
    expect(resolveCurrency('XYZ', app)).toBe('CHF');
    expect(resolveCurrency(null, { ...app, default_currency: 'EUR' })).toBe('EUR');
  });
});

describe('api client', () => {
  it('sends same-origin requests with locale and currency headers', async () => {
    preferences.locale = 'de-ch';
    preferences.currency = 'EUR';
    const { calls } = stubFetch({ '/v1/menus/featured': { body: { data: [] } } });
    await api.get('/v1/menus/featured', { query: { page: 0, q: undefined } });
    const { url, init } = calls[0]!;
    expect(url).toBe('/v1/menus/featured?page=0');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBeUndefined();
    const headers = init.headers as Record<string, string>;
    expect(headers['x-locale']).toBe('de-ch');
    expect(headers['x-currency']).toBe('EUR');
    preferences.locale = 'en';
    preferences.currency = 'CHF';
  });

  it('sends writes as JSON, an empty body as {}', async () => {
    const { calls } = stubFetch({ '/v1/chefs': { status: 201, body: { data: { id: 1 } } }, '/v1/users/me': { body: { data: {} } } });
    await expect(api.post('/v1/chefs')).resolves.toEqual({ data: { id: 1 } });
    expect(calls[0]!.init.body).toBe('{}');
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    await api.put('/v1/users/me', { firstname: 'Anna' });
    expect(calls[1]!.init.method).toBe('PUT');
    expect(calls[1]!.init.body).toBe('{"firstname":"Anna"}');
  });

  it('throws ApiError with status, message, code and field errors', async () => {
    stubFetch({
      '/v1/auth/signin': { status: 422, body: { message: 'The given data was invalid.', code: 'VALIDATION', errors: { identifier: ['Please enter your email address'] } } },
    });
    const error = await api.post('/v1/auth/signin', { identifier: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The given data was invalid.',
      code: 'VALIDATION',
      errors: { identifier: ['Please enter your email address'] },
    });
  });

  it('gives errors without a JSON body a code from the status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' })));
    await expect(api.get('/v1/anything')).rejects.toMatchObject({ status: 502, code: 'HTTP_502', errors: {} });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/v1/anything')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
