// Builds the Drizzle database for a runtime: libSQL (embedded file, :memory: or Turso) or a D1 binding.
import type { Client } from '@libsql/client';
import type { D1Database } from '@cloudflare/workers-types';
import { drizzle as drizzleD1 } from 'drizzle-orm/d1';
import { drizzle as drizzleLibsql, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as bookings from './schema/bookings';
import * as chefs from './schema/chefs';
import * as content from './schema/content';
import * as files from './schema/files';
import * as lists from './schema/lists';
import * as menus from './schema/menus';
import * as messages from './schema/messages';
import * as passport from './schema/passport';
import * as payouts from './schema/payouts';
import * as regions from './schema/regions';
import * as system from './schema/system';
import * as users from './schema/users';

export const schema = { ...bookings, ...chefs, ...content, ...files, ...lists, ...menus, ...messages, ...passport, ...payouts, ...regions, ...system, ...users };

/**
 * One type for both drivers. D1's Drizzle database has the same query-builder and batch API; code that needs a
 * write's effect uses `.returning()` (which both drivers support) rather than driver-specific run() metadata.
 */
export type DB = LibSQLDatabase<typeof schema>;

export function libsqlDb(client: Client): DB {
  return drizzleLibsql(client, { schema });
}

export function d1Db(binding: D1Database): DB {
  return drizzleD1(binding as never, { schema }) as unknown as DB;
}
