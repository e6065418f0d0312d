// The startup (app/boot.ts) is boot()'s to run. The entry imports the boot chunk at once (it holds Vite's preload
// helper), so whatever the module did at its top level ran before the prerendered page's first paint; the entry calls
// boot() only after that paint (web/src/main.tsx).
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionResponse, setupDomTests } from './helpers';

setupDomTests();

describe('the startup', () => {
  it('sends nothing when its module is evaluated, and starts the session and the landing page when boot() is called', async () => {
    window.history.replaceState(null, '', '/menus/nearme/7101');
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        calls.push(url);
        const body = url.startsWith('/v1/auth/session') ? sessionResponse() : { data: [], total_count: 0, filter_count: 0, filters: {} };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );

    // Away from home, the home page's chunk is fetched when the browser is next idle.
    const whenIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', whenIdle);

    const { boot } = await import('../../web/src/app/boot');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);

    const rendered = boot();
    await waitFor(() => expect(calls.some((url) => url.startsWith('/v1/auth/session'))).toBe(true));
    await waitFor(() => expect(calls.some((url) => url.startsWith('/v1/menus/near/7101?'))).toBe(true));
    const app = await rendered;
    await waitFor(() => expect(root.querySelector('h1')).not.toBeNull());
    expect(whenIdle).toHaveBeenCalledTimes(1);
    // The root is boot()'s own, not Testing Library's: unmounted here, so that no render is left for after the
    // document has gone.
    act(() => app.unmount());
    root.remove();
  });
});
