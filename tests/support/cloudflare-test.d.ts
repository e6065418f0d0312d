// Types of the `cloudflare:test` module used by the workers harness.
declare module 'cloudflare:test' {
  export const env: Record<string, unknown>;
  export function applyD1Migrations(db: unknown, migrations: unknown[], migrationsTableName?: string): Promise<void>;
}
declare module '#harness' {
  export { createHarness } from './harness.node';
}
