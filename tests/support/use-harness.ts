// The harness lifecycle of a test file in one call: a fresh app and database for the file (node or workerd, by the
// vitest project's #harness), closed after its last test. Call it at the top of the file, before the file's own
// hooks, which then run with the harness ready.
import { afterAll, beforeAll } from 'vitest';
import { createHarness } from '#harness';
import type { Bindings } from '../../functions/_api/env';
import type { Harness } from './harness';

export function useHarness(extraEnv: Partial<Bindings> = {}): Harness {
  let current: Harness | undefined;
  beforeAll(async () => {
    current = await createHarness(extraEnv);
  });
  afterAll(() => current?.close());
  // The harness exists from the file's first hook on; the object handed out reads it then.
  return new Proxy({} as Harness, {
    get(_, key) {
      if (!current) throw new Error('The harness is used before beforeAll created it.');
      return Reflect.get(current, key);
    },
  });
}
