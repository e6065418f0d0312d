// The typed client of /v1: Hono's hc client type for the server's AppType, so paths, inputs and answers come from the
// routes themselves and a server change that breaks a screen fails the typecheck. `unwrap()` turns an answer into its
// data or the ApiError it carries. A module of its own: the home page's first download does not need it.
import type { ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../../functions/_api/app';
import { result, send, withQuery, type Init, type Query } from './api';

/** What an hc call takes: path parameters, the query, the JSON body and headers (e.g. an Idempotency-Key). */
type CallArgs = { param?: Record<string, string>; query?: Query; json?: unknown; header?: Record<string, string> };

/**
 * hc's runtime in the few lines this client needs: `client.a.b[':id'].$get({ param, query }, { init: { signal } })`,
 * `.$post({ json, header })` and `.$path(...)`, a parameter written `:id` or `:id{[0-9]+}` alike. hc itself would add 2 KB
 * gzip (its cookie and WebSocket helpers) to the home page's first download, which has no room for it under its
 * 100 KB budget; the types are hc's own.
 */
const proxyOf = (segments: string[]): unknown =>
  new Proxy(() => undefined, {
    get: (_, key) => (typeof key === 'string' && key !== 'then' ? proxyOf([...segments, key]) : undefined),
    apply: (_, __, [args = {}, options]: [CallArgs?, { init?: Init }?]) => {
      let path = `/${segments.slice(0, -1).join('/')}`;
      for (const [key, value] of Object.entries(args.param ?? {})) path = path.replace(new RegExp(`/:${key}(\\{[^/]+\\})?(?=/|$)`), `/${encodeURIComponent(value)}`);
      path = withQuery(path, args.query);
      const method = segments.at(-1)!.slice(1).toUpperCase();
      return method === 'PATH' ? path : send(path, method, args.json, { ...options?.init, headers: { ...options?.init?.headers, ...args.header } });
    },
  });

/** The typed client of /v1, e.g. `client.users.me.$put({ json })`; `$path()` gives the path a swr key is made of. */
export const client = proxyOf(['v1']) as ReturnType<typeof hc<AppType>>['v1'];

/** What a successful answer of an hc call carries (the JSON of its 2xx responses). */
export type Ok<R> = R extends ClientResponse<infer T, infer S, 'json'> ? (S extends SuccessStatusCode ? T : never) : never;

/** What a successful answer of an endpoint carries, e.g. `Answer<typeof client.users.me.sessions.$get>`. */
export type Answer<F extends (...args: never[]) => Promise<ClientResponse<unknown, number, string>>> = Ok<Awaited<ReturnType<F>>>;

/** Awaits an hc call: its successful JSON, or the ApiError the failure carries. */
export const unwrap = async <R extends ClientResponse<unknown, number, string>>(pending: Promise<R>): Promise<Ok<R>> =>
  (await result(await pending)) as Ok<R>;


// Answers that several features and shared components read. Inferred, like every answer type: a server change that
// breaks a screen fails the typecheck.
export type FeaturedMenu = Answer<typeof client.menus.featured.$get>['data'][number];
export type NearMenu = Answer<typeof client.menus.near[':regionId']['$get']>['data'][number];
/** A menu as a card shows it: one of the featured menus or of the menus near a region. */
export type Menu = FeaturedMenu | NearMenu;
/** A region of GET /v1/locations/regions. */
export type Region = Answer<typeof client.locations.regions.$get>['data'][number];
/** An image reference with the urls of its stacks (`{ data: { id, url } }`, or null). */
export type ImageRef = Menu['image'];
