import { describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../web/src/lib/api';
import { client, unwrap } from '../../web/src/lib/client';
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
    const headers = new Headers(init.headers);
    expect(headers.get('x-locale')).toBe('de-ch');
    expect(headers.get('x-currency')).toBe('EUR');
    preferences.locale = 'en';
    preferences.currency = 'CHF';
  });

  it('sends writes as JSON, an empty body as {}', async () => {
    const { calls } = stubFetch({ '/v1/chefs': { status: 201, body: { data: { id: 1 } } }, '/v1/users/me': { body: { data: {} } } });
    await expect(api.post('/v1/chefs')).resolves.toEqual({ data: { id: 1 } });
    expect(calls[0]!.init.body).toBe('{}');
    expect(new Headers(calls[0]!.init.headers).get('Content-Type')).toBe('application/json');
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

describe('typed client', () => {
  it('fills path parameters and the query, and sends a JSON body with the same headers', async () => {
    preferences.locale = 'fr';
    const { calls } = stubFetch({
      '/v1/users/me/sessions/0123456789abcdef': { body: { message: 'The session was signed out.' } },
      '/v1/users/me/notifications': { body: { data: [], unread_count: 0 } },
      '/v1/users/me/notifications/read': { body: { updated: 2 } },
    });
    await expect(unwrap(client.users.me.sessions[':id'].$delete({ param: { id: '0123456789abcdef' } }))).resolves.toEqual({ message: 'The session was signed out.' });
    expect(calls[0]!.init.method).toBe('DELETE');
    expect(calls[0]!.init.body).toBeUndefined();
    await unwrap(client.users.me.notifications.$get({ query: { page: 1, count: '1' } }));
    expect(calls[1]!.url).toBe('/v1/users/me/notifications?page=1&count=1');
    await expect(unwrap(client.users.me.notifications.read.$post({ json: { ids: 'all' } }))).resolves.toEqual({ updated: 2 });
    const { init } = calls[2]!;
    expect([init.method, init.body, init.credentials]).toEqual(['POST', '{"ids":"all"}', 'same-origin']);
    const headers = new Headers(init.headers);
    expect([headers.get('Content-Type'), headers.get('x-locale'), headers.get('Accept')]).toEqual(['application/json', 'fr', 'application/json']);
    preferences.locale = 'en';
  });

  it('gives the paths swr keys are made of, parameters encoded', () => {
    expect(client.auth.session.user.$path()).toBe('/v1/auth/session/user');
    expect(client.users.me.notifications.$path({ query: { page: 2 } })).toBe('/v1/users/me/notifications?page=2');
    expect(client.users.me.sessions[':id'].$path({ param: { id: 'a/b' } })).toBe('/v1/users/me/sessions/a%2Fb');
  });

  it('throws the ApiError of a failed call', async () => {
    stubFetch({ '/v1/users/me/change_password': { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { old_password: ['Wrong password.'] } } } });
    const failed = await unwrap(client.users.me.change_password.$post({ json: { old_password: 'x', password: 'y' } })).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', errors: { old_password: ['Wrong password.'] } });
  });
});
