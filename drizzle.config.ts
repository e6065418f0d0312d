import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './functions/_api/db/schema',
  out: './migrations',
});
