// The admin API's door: every /v1/admin route, read from the app's own route table so a new route cannot slip
// past, answers 401 to visitors and 403 to customers and chefs, before reading any input. The super-user's 2xx
// for each route is asserted next to its behaviour in the admin-*.test.ts files.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/_api/app';
import { useAdminParties, type AdminParties } from '../support/admin-fixtures';
import { ok, typedClient } from '../support/typed-client';

const suite = useAdminParties({ lists: true });

const adminRoutes = () =>
  createApp()
    .routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/v1/admin/') && !r.path.endsWith('*'))
    .map((r) => ({ method: r.method, path: r.path.replace(/:[A-Za-z]+/g, '1') }))
    .filter((r, i, all) => all.findIndex((o) => o.method === r.method && o.path === r.path) === i);

describe('admin access', () => {
  it('covers the whole admin API', () => {
    expect(adminRoutes().length).toBeGreaterThan(25);
  });

  it('answers 401 to a visitor and 403 to a customer and a chef on every admin route', async () => {
    const seen: string[] = [];
    for (const { method, path } of adminRoutes()) {
      // Raw calls on purpose: the paths come from the route table at run time, each sent with an empty body.
      const send = (a: AdminParties['visitor']) =>
        method === 'GET' ? a.get(path) : method === 'DELETE' ? a.del(path) : method === 'PUT' ? a.put(path, {}) : method === 'PATCH' ? a.patch(path, {}) : a.post(path, {});
      const visitor = await send(suite.p.visitor);
      const customer = await send(suite.p.customer);
      const chef = await send(suite.p.chef);
      seen.push(`${method} ${path} ${visitor.status} ${customer.status} ${chef.status}`);
      expect((await visitor.json()).message).toBeTruthy();
      expect((await customer.json()).message).toBe('Only administrators can do this.');
      await chef.body?.cancel();
    }
    expect(seen.filter((line) => !line.endsWith(' 401 403 403'))).toEqual([]);
  });

  it('lets a super-user in', async () => {
    const res = await ok(typedClient(suite.p.su).admin.home.$get());
    expect(res.status).toBe(200);
  });
});
