// The app's router (functions/_api/lib/router.ts): Hono's TrieRouter, its answers kept per method and path.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/_api/app';
import { REMEMBERED_PATHS, RememberingRouter } from '../../functions/_api/lib/router';

function appOn(router: RememberingRouter<never>) {
  const app = new Hono({ router });
  app.use('*', async (c, next) => {
    await next();
    c.header('x-seen', 'yes');
  });
  app.get('/menus/near/:regionId', (c) => c.text(`near ${c.req.param('regionId')}`));
  app.get('/menus/:id{[0-9]+}', (c) => c.text(`menu ${c.req.param('id')}`));
  app.post('/menus/:id{[0-9]+}', (c) => c.text(`posted ${c.req.param('id')}`));
  return app;
}

const read = async (res: Response | Promise<Response>) => {
  const r = await res;
  return `${r.status} ${await r.text()} ${r.headers.get('x-seen')}`;
};

describe('the app router', () => {
  it('answers a repeated path as the first time, and each path with its own parameters and method', async () => {
    const app = appOn(new RememberingRouter());
    expect(await read(app.request('/menus/near/7'))).toBe('200 near 7 yes');
    expect(await read(app.request('/menus/near/8'))).toBe('200 near 8 yes');
    expect(await read(app.request('/menus/near/7'))).toBe('200 near 7 yes');
    expect(await read(app.request('/menus/42'))).toBe('200 menu 42 yes');
    expect(await read(app.request('/menus/42', { method: 'POST' }))).toBe('200 posted 42 yes');
    expect(await read(app.request('/menus/42'))).toBe('200 menu 42 yes');
    expect(await read(app.request('/menus/abc'))).toBe('404 404 Not Found yes');
    expect(await read(app.request('/menus/abc'))).toBe('404 404 Not Found yes');
  });

  it('finds a route added after its path was asked for', async () => {
    const app = appOn(new RememberingRouter());
    expect((await app.request('/late')).status).toBe(404);
    app.get('/late', (c) => c.text('here'));
    expect(await read(app.request('/late'))).toBe('200 here yes');
  });

  it('keeps at most REMEMBERED_PATHS answers, and still answers every path right past that', async () => {
    const router = new RememberingRouter<never>();
    const app = appOn(router);
    for (let id = 1; id <= REMEMBERED_PATHS + 10; id++) {
      expect(await read(app.request(`/menus/near/${id}`))).toBe(`200 near ${id} yes`);
      expect(router.remembered).toBeLessThanOrEqual(REMEMBERED_PATHS);
    }
    expect(router.remembered).toBeGreaterThan(0);
    expect(await read(app.request('/menus/near/1'))).toBe('200 near 1 yes');
  });

  it('is the /v1 app’s router', () => {
    expect(createApp().router).toBeInstanceOf(RememberingRouter);
  });
});
