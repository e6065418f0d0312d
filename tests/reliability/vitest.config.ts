// Reliability suite: concurrency, crash and fault tests against the real Node server (scripts/serve.ts) over its
// file database. Each file starts its own server; files run one after another, in one worker.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
    pool: 'forks',
  },
});
