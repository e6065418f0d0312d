// Types of what a request sees: the runtime's bindings (Cloudflare or Node) and the per-request variables.
import type { Trace } from '#shared/sentry';
import type { Bindings } from './platform/bindings';
import type { Deps } from './platform/deps';

export type { Bindings };

export type Variables = {
  deps: Deps;
  requestId: string;
  /**
   * The browser's trace this request continues (its `sentry-trace` header), or one started here; only while error
   * reporting is on (SENTRY_DSN), the one reader of it.
   */
  trace: Trace | undefined;
};

export type AppEnv = { Bindings: Bindings; Variables: Variables };
