// Test projects: `node` runs the API tests against libSQL :memory:, `workers` runs the same files inside workerd
// with D1, KV and R2, `web` runs component and state tests in a DOM.
import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { splitTranslations } from './web/vite.config';

const root = import.meta.dirname;
const apiTests = ['tests/api/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { '#harness': path.join(root, 'tests/support/harness.node.ts') } },
        test: {
          name: 'node',
          include: [...apiTests, 'tests/security/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/perf/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: path.join(root, 'wrangler.toml') },
            miniflare: {
              bindings: { APP_ENV: 'test', TEST_MIGRATIONS: await readD1Migrations(path.join(root, 'migrations')) },
            },
          })),
        ],
        resolve: { alias: { '#harness': path.join(root, 'tests/support/harness.workers.ts') } },
        test: { name: 'workers', include: apiTests, testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        plugins: [splitTranslations(), react()],
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/web/setup.ts'],
        },
      },
    ],
  },
});
