// A cookie-keeping client over a harness, like one browser: it stores Set-Cookie and sends the cookies back.
import type { Harness } from './harness';
import { TEST_ORIGIN } from './harness';

export type Agent = ReturnType<typeof agent>;

export function agent(h: Harness, ip = `10.0.0.${Math.floor(Math.random() * 250) + 1}`) {
  const jar = new Map<string, string>();
  const store = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    store(
      await h.request(path, {
        method,
        headers: {
          'x-real-ip': ip,
          ...(jar.size ? { cookie: cookie() } : {}),
          ...(method === 'GET' ? {} : { 'content-type': 'application/json', origin: TEST_ORIGIN }),
          ...headers,
        },
        body: method === 'GET' || body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
      }),
    );
  return {
    jar,
    ip,
    /** A fetch over this agent (its address and cookies, same-origin writes), for the typed client (typed-client.ts). */
    async fetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const headers = new Headers(init.headers);
      headers.set('x-real-ip', ip);
      if (jar.size) headers.set('cookie', cookie());
      if ((init.method ?? 'GET') !== 'GET' && !headers.has('origin')) headers.set('origin', TEST_ORIGIN);
      return store(await h.request(`${url.pathname}${url.search}`, { ...init, headers }));
    },
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => send('POST', path, body, headers),
    put: (path: string, body?: unknown) => send('PUT', path, body),
    patch: (path: string, body?: unknown) => send('PATCH', path, body),
    del: (path: string) => send('DELETE', path),
    async json<T = Record<string, any>>(res: Promise<Response> | Response): Promise<{ status: number; body: T }> {
      const r = await res;
      return { status: r.status, body: (await r.json()) as T };
    },
  };
}

/**
 * Agents that each come from a new address (`10.<net>.x.y`), so that only the limit under test applies; `h` is read
 * on every call, for files that create their harness in a hook.
 */
export function newSources(harness: () => Harness, net: number) {
  let seq = 0;
  return () => {
    seq++;
    return agent(harness(), `10.${net}.${Math.floor(seq / 250)}.${(seq % 250) + 1}`);
  };
}

/** Signs up a fresh user through the API and returns the signed-in agent. */
export async function signedUp(h: Harness, over: Partial<{ firstname: string; lastname: string; email: string; password: string }> = {}) {
  const a = agent(h);
  const email = over.email ?? `u${Math.random().toString(36).slice(2, 10)}@example.com`;
  const password = over.password ?? 'correct horse battery';
  const res = await a.post('/v1/auth/signup', { firstname: 'Anna', lastname: 'Muster', email, password, cftoken: 'x', ...over });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return { agent: a, email, password };
}
