// A lazy component that can be loaded before React renders it: the entry starts the chunks of what the first screen
// shows (the landing page, a returning visitor's booking bar) alongside the shell.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type Preloadable<C> = { component: C; preload: () => Promise<unknown> };

/**
 * A lazy component plus its loader, so the entry can fetch the first page's chunk before React renders. Once the chunk
 * is there, the component renders in the same pass: React.lazy takes a thenable that answers synchronously, so the
 * first paint shows the page instead of the fallback (React holds a revealed fallback for 300 ms).
 */
export function preloadable<P>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<LazyExoticComponent<ComponentType<P>>> {
  let loaded: { default: ComponentType<P> } | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => (loaded = m),
      (err: unknown) => {
        pending = null; // a failed chunk may be retried
        throw err;
      },
    ));
  const now = (m: { default: ComponentType<P> }) => ({ then: (resolve: (value: typeof m) => void) => resolve(m) }) as unknown as Promise<typeof m>;
  return { component: lazy(() => (loaded ? now(loaded) : preload())), preload };
}
