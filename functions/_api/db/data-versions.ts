// The data versions that cached reads depend on (schema/system.ts dataVersions): which writes change them, how a read
// gets them, and the condition under which a cached answer is still current. DATA_VERSIONED is the one list of the
// tables behind cached reads; the triggers are generated from it (scripts/data-version-triggers.ts writes them into
// a migration), and tests/perf/data-versions.test.ts fails when the migrated triggers differ from it or a cached read
// reads a table that is not in it.
import { sql, type SQL } from 'drizzle-orm';
import type { Versions } from '../lib/versioned-cache';
import type { DB } from './client';
import { dataVersions } from './schema/system';

export type DataVersion = 'catalog' | 'days';

/** Which writes to a table change its version: every insert, update (or an update of these columns) and delete. */
type Rule = { version: DataVersion; insert: boolean; update: true | readonly string[]; delete: boolean };
const every = (version: DataVersion): Rule => ({ version, insert: true, update: true, delete: true });

/**
 * `catalog`: what menus, chefs and their names and pictures look like, the lists, settings and regions. `days`: the days a chef is taken (only reads for a day depend on it). A new account,
 * image or booking field that no cached read shows changes nothing.
 */
export const DATA_VERSIONED: Readonly<Record<string, Rule>> = {
  menus: every('catalog'),
  menu_tags: every('catalog'),
  menu_price_tiers: every('catalog'),
  chefs: every('catalog'),
  chef_regions: every('catalog'),
  list_items: every('catalog'),
  settings: every('catalog'),
  regions: every('catalog'),
  users: { version: 'catalog', insert: false, update: ['firstname', 'lastname', 'avatar_image_id', 'disabled_at'], delete: true },
  images: { version: 'catalog', insert: false, update: ['status', 'stacks'], delete: true },
  availability_blocks: every('days'),
  bookings: { version: 'days', insert: true, update: ['status', 'event_date', 'chef_id'], delete: true },
};

/**
 * Tables that only triggers write, from writes to tables of DATA_VERSIONED (migrations/0007_menu_search.sql): the
 * write that changes them changes the version too, so they need no triggers of their own. The test checks that
 * every trigger writing one of them fires on a write that changes the same version.
 */
export const DERIVED: Readonly<Record<string, DataVersion>> = { menu_search: 'catalog', menu_cards: 'catalog' };

/** The CREATE TRIGGER statements of DATA_VERSIONED: each stores a fresh random version, which never repeats. */
export function dataVersionTriggers(): { name: string; sql: string }[] {
  return Object.entries(DATA_VERSIONED).flatMap(([table, rule]) => {
    const events: [string, string][] = [];
    if (rule.insert) events.push(['insert', 'INSERT']);
    if (rule.update === true) events.push(['update', 'UPDATE']);
    else if (rule.update.length) events.push(['update', `UPDATE OF ${rule.update.map((c) => `\`${c}\``).join(', ')}`]);
    if (rule.delete) events.push(['delete', 'DELETE']);
    return events.map(([event, when]) => {
      const name = `${table}_${event}_${rule.version}`;
      return {
        name,
        sql: `CREATE TRIGGER \`${name}\` AFTER ${when} ON \`${table}\` BEGIN UPDATE \`data_versions\` SET \`version\` = (random() >> 11) WHERE \`name\` = '${rule.version}'; END`,
      };
    });
  });
}

/** Fixed text: a read that runs on every call of a cached answer should not pay the query builder each time. */
const VERSIONS = sql`select ${dataVersions.name}, ${dataVersions.version} from ${dataVersions}`;
export const versionsQuery = (db: DB) => db.all<{ name: string; version: number }>(VERSIONS);
/** The versions as one JSON object (`{"catalog":…,"days":…}`), a column of a statement that reads other things too. */
export const VERSIONS_JSON = sql`(select json_group_object(${dataVersions.name}, ${dataVersions.version}) from ${dataVersions})`;
export const versionsOfJson = (text: string): Versions => JSON.parse(text) as Versions;
export const toVersions = (rows: { name: string; version: number }[]): Versions => Object.fromEntries(rows.map((r) => [r.name, Number(r.version)]));

/**
 * True, in SQL, while every version a cached answer was built from is current (false without one). A cached read
 * sends its data reads guarded by `stillCurrent(…)` with the read of the versions: one round trip whether the answer
 * is cached or not, and nothing is read but the versions when it is. `value` writes each version into the
 * statement (a placeholder, for a statement written once per shape).
 */
export function stillCurrent(built: Versions | undefined, value: (name: string, version: number) => unknown = (_, version) => version): SQL {
  if (!built) return sql`0`;
  const each = Object.entries(built).map(([name, version]) => sql`(select version from data_versions where name = ${name}) = ${value(name, version)}`);
  return sql`(${sql.join(each, sql` and `)})`;
}
