// The tests' one boundary to third parties: fetch is stubbed for the named providers' hosts only, each answered by
// its fake in this folder; every other request goes out as usual. A fake that answers null never answers (a hung
// provider): the request waits until the server's own time limit aborts it.
import { vi } from 'vitest';

export type ProviderAnswer = Response | null | Promise<Response | null>;
export type ProviderRoute = (url: URL, init: RequestInit | undefined) => ProviderAnswer;

export function stubProviders(routes: Record<string, ProviderRoute>): void {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const route = routes[url.hostname];
    if (!route) return realFetch(input, init);
    const answer = await route(url, init);
    if (answer) return answer;
    return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
  });
}

export type ProviderMode = 'ok' | 'fail' | 'hang';
export type RecordedCall = { url: string; method: string; headers: Headers; body: string; at: number };

/**
 * A provider that records each call and answers with `reply` (its success answer unless a test sets its own case, or
 * throws, as a refused connection does); `mode` makes it fail with a 500 or never answer.
 */
export function recordingFake(ok: () => Response) {
  const fake = {
    calls: [] as RecordedCall[],
    mode: 'ok' as ProviderMode,
    reply: ok as (call: RecordedCall) => Response | Promise<Response>,
    reset() {
      fake.calls = [];
      fake.mode = 'ok';
      fake.reply = ok;
    },
    answer(url: string, method: string, headers: Headers, body: string): ProviderAnswer {
      const call = { url, method, headers, body, at: Date.now() };
      fake.calls.push(call);
      if (fake.mode === 'hang') return null;
      if (fake.mode === 'fail') return Response.json({ message: 'Internal server error (fake)' }, { status: 500 });
      return fake.reply(call);
    },
    route: ((url, init) => fake.answer(url.href, init?.method ?? 'GET', new Headers(init?.headers), String(init?.body))) as ProviderRoute,
  };
  return fake;
}
