// GET /v1/menus/near/{regionId}: the menus a visitor in a region can book, with search, cuisine/diet/allergen
// filters, facet counts and (optionally) the availability of a day, guest count and place. The whole call is one
// statement sent straight to the driver (readRows). It reads two tables that triggers keep (migrations/0007_menu_search.sql): `menu_search`, one row per
// region and visible menu in the page's order, holding what the filters test, so the page is one range of it and the
// facet counts one pass over the region's rows; and `menu_cards`, each menu's and its chef's members already written
// as JSON, so SQLite writes a card with a few values. The few values that need this module's rules (prices, picture
// urls, tag names in the visitor's language) it writes as their inputs between two \u0001 characters, and one pass
// over the page's UTF-8 bytes here replaces them (bodyOf).
import type * as v from 'valibot';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { DAY_HOLDING_STATUSES } from '../../db/schema/bookings';
import type { LocaleNames } from '../../db/schema/lists';
import { containsPattern, likePattern } from '../../db/like';
import { blobsAsBytes, readRows, ShapedStatements, type Statement } from '../../db/shaped';
import { notFound } from '../../lib/errors';
import { CONTACT_MARK, maskIn } from '../../lib/masking';
import type { Locale } from '#shared/locales';
import { sameVersions, VersionedCache, type Versions } from '../../lib/versioned-cache';
import { stillCurrent, versionsOfJson, VERSIONS_JSON } from '../../db/data-versions';
import { imageResource } from '../images/images.service';
import { settingsOfJson, SETTINGS_JSON, type LaunchMode, type Settings } from '../settings/settings.service';
import { localName, pricePerPersonFor, type presentMenu } from './menus.present';
import type { NearResolve, nearQuery } from './menus.schema';

export type NearInput = {
  regionId: number;
  resolve: ReadonlySet<NearResolve>;
  stacks: readonly string[];
  search: string;
  cuisines: readonly string[];
  diets: readonly string[];
  allergiesExclude: readonly string[];
  page: number;
  pageSize: number;
  count: boolean;
  /** Local day (YYYY-MM-DD) the event would take place. */
  date?: string;
  guests?: number;
  atChefsPlace?: boolean;
};

/** `launchModeDefault`: the LAUNCH_MODE setting of the configuration, until an admin sets the mode. */
type Ctx = { db: DB; currency: string; locale: Locale; launchModeDefault: LaunchMode | null };

type NearQuery = v.InferOutput<typeof nearQuery>;

/**
 * The inputs made from one validated query, by region. validOnce shares the frozen query of a query string
 * between requests, so a repeated call finds its input here with its key and statement shape (inputParts) already
 * worked out; an input is never changed.
 */
const inputsOfQuery = new WeakMap<NearQuery, Map<number, NearInput>>();
/** Regions remembered per query; past that the query's map starts afresh. */
const REGIONS_PER_QUERY = 64;

/** The service's input from the route's parsed query. */
export function nearInput(regionId: number, q: NearQuery): NearInput {
  let byRegion = inputsOfQuery.get(q);
  if (!byRegion) inputsOfQuery.set(q, (byRegion = new Map()));
  let input = byRegion.get(regionId);
  if (!input) {
    if (byRegion.size >= REGIONS_PER_QUERY) byRegion.clear();
    byRegion.set(regionId, (input = inputOf(regionId, q)));
  }
  return input;
}

const inputOf = (regionId: number, q: NearQuery): NearInput => ({
  regionId,
  resolve: q.resolve,
  stacks: q.stacks,
  search: q.search,
  cuisines: q.cuisines,
  diets: q.diets,
  allergiesExclude: q.allergies_exclude,
  page: q.page,
  pageSize: q.page_size,
  count: q.count === '1',
  date: q.date,
  guests: q.guests,
  atChefsPlace: q.at_chefs_place === undefined ? undefined : q.at_chefs_place === '1',
});

/** list_items.kind per facet; the response keys are the seed's (cuisine, diet, allergy). */
const FACETS = { cuisine: 'cuisine', diet: 'diet', allergy: 'allergen' } as const;
type Facet = keyof typeof FACETS;
/**
 * A row's flags when its facets are counted (countFacets): a bit for each facet's own filter it passes (found from
 * its tags here), and one for the filters every facet applies (search, day, guests, place), which the facet
 * statement gives as the row's letter (A fails them, B passes).
 */
const FILTER_BIT = { cuisine: 1, diet: 2, allergy: 4, common: 8 } as const;
const ALL_FILTERS = 15;
/** Marks a facet's item in Lists.need. */
const COUNTED = 16;
/**
 * A menu's tags in `menu_search.tags` are one character each, this plus the list item's id (migrations/0021): above
 * the letters of the facet statement, and one UTF-16 unit in JavaScript for any id below LAST_TAG_ID.
 */
const TAG_CODE = 128;
const LAST_TAG_ID = 0xd7ff - TAG_CODE;

// ---- Filters, as SQL over `menu_search s` ----
// The statement is written once per query shape (see regionStatement): each value is a placeholder named here.

const facetKeys = (facet: Facet, input: NearInput) => (facet === 'cuisine' ? input.cuisines : facet === 'diet' ? input.diets : input.allergiesExclude);

/**
 * 1 when the row carries the list item `key` of `kind`, else 0 (also for a key that does not exist). The item's
 * character (TAG_CODE) is looked up once per statement. `kind` is one of our constants and goes in as a literal: D1
 * binds at most 100 parameters, and three lists of 20 keys need 60 of them.
 */
const hasTag = (kind: string, key: SQLWrapper) =>
  sql`(coalesce(instr(s.tags, (select char(${sql.raw(String(TAG_CODE))} + li.id) from list_items li where li.kind = ${sql.raw(`'${kind}'`)} and li.key = ${key})), 0) > 0)`;

/** A facet's own filter, 1 or 0: any of the chosen cuisines, every chosen diet, none of the excluded allergens. */
function facetFilter(facet: Facet, input: NearInput): SQL {
  const keys = facetKeys(facet, input);
  if (!keys.length) return sql`1`;
  const each = keys.map((_, i) => hasTag(FACETS[facet], sql.placeholder(`${facet}${i}`)));
  if (facet === 'diet') return sql`(${sql.join(each, sql` and `)})`;
  const any = sql`(${sql.join(each, sql` or `)})`;
  return facet === 'cuisine' ? any : sql`(not ${any})`;
}

/** The search reads the menu's name and description and the chef's name; only a search joins them. */
const searchJoin = (input: NearInput) =>
  input.search ? sql`join menus sm on sm.id = s.menu_id join chefs sc on sc.id = s.chef_id join users su on su.id = sc.user_id` : sql``;

/**
 * The filters every facet applies (1 or 0): the search (lower() folds ASCII only, so "zürich" does not find
 * "ZÜRICH"), and the availability of the day, the guest count and the place. Bookable on a day means the chef has
 * not blocked it and holds no booking then (one event per chef and day): the chefs who have are read once per
 * statement, as a list SQLite keeps in memory (indexes availability_blocks_day and bookings_day_status), rather
 * than looked up for each menu of the region.
 */
function commonFilter(input: NearInput): SQL {
  const conds: SQL[] = [];
  if (input.search) {
    const like = (expr: SQL) => likePattern(expr, sql.placeholder('search'));
    conds.push(sql`(${like(sql`sm.name`)} or ${like(sql`sm.description`)} or ${like(sql`su.firstname || ' ' || su.lastname`)})`);
  }
  if (input.guests !== undefined) conds.push(sql`s.min_guests <= ${sql.placeholder('guests')}`, sql`s.max_guests >= ${sql.placeholder('guests')}`);
  if (input.atChefsPlace !== undefined) conds.push(input.atChefsPlace ? sql`s.at_chef = 1` : sql`s.at_customer = 1`);
  if (input.date !== undefined) {
    conds.push(sql`s.chef_id not in (select ab.chef_id from availability_blocks ab where ab.day = ${sql.placeholder('date')}
      union all select b.chef_id from bookings b where b.event_date = ${sql.placeholder('date')} and b.status in (${sql.join(DAY_HOLDING_STATUSES.map((st) => sql`${st}`), sql`, `)}))`);
  }
  return conds.length ? sql`(${sql.join(conds, sql` and `)})` : sql`1`;
}

// ---- Cards, written by SQLite ----

/**
 * The card of presentMenu() for menus near, with the relations `resolve` asks for, as SQLite's format() writes it
 * from the page row `p`, its card row `mc` (menu_cards: the menu's and the chef's members, already JSON) and its
 * pictures `mi` and `ai`, after a \u0002 that marks where it starts (bodyOf). A value this module finishes
 * (finishSlot) is a kind letter and its inputs between two \u0001 characters.
 */
function cardFormat(resolve: ReadonlySet<NearResolve>, currency: string): SQL {
  let text = `\u0002{%s,"effective_per_person_cost_lc_formatted":\u0001p%s\u0001,"currency":${JSON.stringify(currency)}`;
  const values = ['mc.menu', 'p.price'];
  if (resolve.has('image')) {
    text += ',"image":\u0001i%s %s %s\u0001';
    values.push('mi.id', 'mi.status', 'mi.stacks');
  }
  if (resolve.has('chef')) {
    text += ',"chef":{"data":{%s';
    values.push('mc.chef');
    if (resolve.has('chef.user_public')) {
      text += ',"user_public":{"data":{"firstname":%s';
      values.push('mc.firstname');
      if (resolve.has('chef.user_public.avatar')) {
        text += ',"avatar":\u0001a%s %s %s\u0001';
        values.push('ai.id', 'ai.status', 'ai.stacks');
      }
      text += '}}';
    }
    text += '}}';
  }
  // The menu's diets and cuisines, as resolved (their own members, written by finishSlot).
  if (resolve.has('diets') || resolve.has('cuisines')) {
    text += '\u0001t%s\u0001';
    values.push('p.tags');
  }
  text += '}';
  return sql.raw(`format('${text.replace(/%(?!s)/g, '%%').replace(/'/g, "''")}', ${values.join(', ')})`);
}

// ---- The statement ----

/**
 * What a body was made from: the page statement's bytes, the part after the cards (totals and facets) and the finisher
 * of its context (which stands for the locale, currency, rates, input and list items). The same three make the same
 * body byte for byte.
 */
type NearSource = { finisher: number; page: Uint8Array; end: string };

const sameSource = (a: NearSource, b: NearSource) =>
  a.finisher === b.finisher && a.end === b.end && a.page.byteLength === b.page.byteLength && Buffer.compare(a.page, b.page) === 0;

/**
 * 8 MB of response bodies per isolate, each with the page it was made from: a few dozen full 200-menu pages, hundreds
 * of smaller ones.
 */
const nearCache = new VersionedCache<NearSource>(8 * 1024 * 1024);

/**
 * What the cache key, the region statement and the finishing of cards take from an input alone, worked out once per
 * input object: the input as text, the statement's shape (which filters, how many keys, the resolve list) and its
 * values, and what of the input finished slots depend on (finisherOf).
 */
type InputParts = { key: string; shape: string; values: Readonly<Record<string, unknown>>; finishing: string };
const partsOfInput = new WeakMap<NearInput, InputParts>();

function inputParts(input: NearInput): InputParts {
  let parts = partsOfInput.get(input);
  if (parts) return parts;
  const { resolve, ...rest } = input;
  const { search, cuisines, diets, allergiesExclude: allergies, guests, atChefsPlace, date } = input;
  const resolveList = [...resolve].sort();
  const shape = [resolveList.join(), search ? 1 : 0, cuisines.length, diets.length, allergies.length, guests === undefined ? 0 : 1, atChefsPlace ?? '', date ? 1 : 0].join(' ');
  const values: Record<string, unknown> = { region: input.regionId, limit: input.pageSize, offset: input.page * input.pageSize };
  if (search) values.search = containsPattern(search);
  if (guests !== undefined) values.guests = guests;
  if (date !== undefined) values.date = date;
  for (const facet of Object.keys(FACETS) as Facet[]) facetKeys(facet, input).forEach((key, i) => (values[`${facet}${i}`] = key));
  const finishing = JSON.stringify([guests ?? null, input.stacks, resolve.has('diets'), resolve.has('cuisines')]);
  parts = { key: JSON.stringify([resolveList, rest]), shape, values, finishing };
  partsOfInput.set(input, parts);
  return parts;
}

/** Everything the body depends on besides the data: the input and the display currency and locale. */
const cacheKey = (ctx: Ctx, input: NearInput): string => `${ctx.locale} ${ctx.currency} ${inputParts(input).key}`;

/**
 * The JSON body of menus near, in one round trip, and the launch mode it was read under (the route decides who may
 * see it). One statement reads the data versions and the settings with the data; a body cached in this isolate is
 * served when nothing it depends on changed (the catalog always, the bookings and blocked days when a date is given),
 * and then the statement reads nothing else. Otherwise the body is built and cached.
 */
export async function menusNearBody(ctx: Ctx, input: NearInput): Promise<{ body: Uint8Array<ArrayBuffer>; launchMode: LaunchMode }> {
  const key = cacheKey(ctx, input);
  const cached = nearCache.peek(key);
  const { built, versions, settings } = await menusNear(ctx, input, cached);
  const launchMode = settings.launch_mode;
  if (!built) return { body: nearCache.get(key, versions) ?? cached!.body, launchMode };
  const { body, source } = built;
  nearCache.set(key, input.date === undefined ? { catalog: versions.catalog! } : { catalog: versions.catalog!, days: versions.days! }, body, {
    value: source,
    bytes: source.page.byteLength + source.end.length,
  });
  return { body, launchMode };
}

/**
 * The body of GET /v1/menus/near/{regionId}, which this module writes as JSON text: presentMenu()'s cards with the
 * relations asked for, the totals when counted, and each facet's options with their counts.
 */
export type NearResult = {
  data: ReturnType<typeof presentMenu>[];
  total_count?: number;
  filter_count?: number;
  filters: Record<Facet, { items: { key: string; name: string; count: number }[] }>;
};

/** A list item (cuisine, diet, allergen) as the statement returns it; `tagRank` is its place in a menu's tags. */
type Item = { id: number; kind: string; key: string; names: LocaleNames; position: number; retired: boolean; tagRank: number };

/**
 * The list items by id, by kind and key, and in the facets' order; per id, the filter bits a menu must pass for the
 * item to count in its facet (see countFacets; 0 for no item); each item's tag JSON per locale (made when first asked
 * for); and the slots and cards finished with these items, per context (finisherOf).
 */
type Lists = {
  byId: ReadonlyMap<number, Item>;
  byKey: ReadonlyMap<string, Item>;
  byPosition: readonly Item[];
  need: Uint8Array;
  tagJson: Map<Locale, ReadonlyMap<number, string>>;
  facetHeads: Map<Locale, readonly { facet: Facet; items: readonly { id: number; retired: boolean; head: string }[] }[]>;
  finished: { byContext: Map<string, Finisher>; slots: number; cards: number };
};
let lastLists: { text: string; lists: Lists } | null = null;

/**
 * The list items from the statement's JSON text. Every call reads them, and they rarely change: the same text as last
 * time gives the same items without parsing and sorting them again.
 */
function listsOf(text: string): Lists {
  if (lastLists?.text === text) return lastLists.lists;
  const all = (JSON.parse(text) as [number, string, string, LocaleNames, number, number][]).map(
    ([id, kind, key, names, position, retired]): Item => ({ id, kind, key, names, position, retired: retired === 1, tagRank: 0 }),
  );
  // A menu's tags are in list order, then by key (presentMenu()).
  [...all].sort((a, b) => a.position - b.position || a.key.localeCompare(b.key)).forEach((item, rank) => (item.tagRank = rank));
  const lastId = Math.max(0, ...all.map((i) => i.id));
  if (lastId > LAST_TAG_ID) throw new Error(`list item ${lastId}: menu_search writes ids up to ${LAST_TAG_ID} as one character`);
  const need = new Uint8Array(lastId + 1);
  for (const facet of Object.keys(FACETS) as Facet[]) {
    for (const i of all) if (i.kind === FACETS[facet]) need[i.id] = COUNTED | (ALL_FILTERS & ~FILTER_BIT[facet]);
  }
  const lists: Lists = {
    byId: new Map(all.map((i) => [i.id, i])),
    byKey: new Map(all.map((i) => [itemKey(i.kind, i.key), i])),
    byPosition: all.sort(inListOrder),
    need,
    tagJson: new Map(),
    facetHeads: new Map(),
    finished: { byContext: new Map(), slots: 0, cards: 0 },
  };
  lastLists = { text, lists };
  return lists;
}

const itemKey = (kind: string, key: string) => `${kind} ${key}`;

/** Each item's `{"key":…,"name":…}` in the locale. */
function tagJsonOf(lists: Lists, locale: Locale): ReadonlyMap<number, string> {
  let out = lists.tagJson.get(locale);
  if (!out) {
    out = new Map([...lists.byId.values()].map((i) => [i.id, JSON.stringify({ key: i.key, name: localName(i.names, i.key, locale) })]));
    lists.tagJson.set(locale, out);
  }
  return out;
}

/**
 * The region's row: the data versions and the settings, and unless the cached body (built from `cachedVersions`) is
 * current, the page's cards, the facet rows and the list items, all in one statement. No row when the region does not
 * exist.
 */
function regionStatement(input: NearInput, currency: string, asBytes: boolean, cachedVersions?: Versions): SQL {
  const common = commonFilter(input);
  const own = { cuisine: facetFilter('cuisine', input), diet: facetFilter('diet', input), allergy: facetFilter('allergy', input) };
  const order = (t: string) => sql.raw(`${t}.score desc, ${t}.review_count desc, ${t}.menu_id desc`);
  const region = sql.placeholder('region');

  // The page: its rows are the first range of the region's rows (the table's key is the page's order) that pass
  // every filter; only those rows are joined to build their cards. The facets' own filters go first: a chosen
  // cuisine or diet turns most rows away with one look at their tags.
  const pageRows = sql`select s.menu_id, s.score, s.review_count, s.tags, s.price from menu_search s ${searchJoin(input)}
    where s.region_id = ${region} and ${own.cuisine} and ${own.diet} and ${own.allergy} and ${common}
    order by ${order('s')} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  const page = sql`select '[' || coalesce(group_concat(${cardFormat(input.resolve, currency)}, ',' order by ${order('p')}), '') || ']'
    from (${pageRows}) p join menu_cards mc on mc.menu_id = p.menu_id left join images mi on mi.id = mc.image_id left join images ai on ai.id = mc.avatar_image_id`;
  // The facets: each of the region's rows as a letter for the filters every facet applies (B passes them) and its
  // tags' characters; the counts are made from those below, which test the facets' own filters on the tags (at
  // 100,000 menus that halves this pass, 1,347 rows). substr() of a constant costs SQLite less than char().
  const facetRows = sql`select group_concat(substr('AB', 1 + ${common}, 1) || s.tags, '') from menu_search s ${searchJoin(input)} where s.region_id = ${region}`;
  const items = sql`select json_group_array(json_array(id, kind, key, json(names), position, retired_at is not null)) from list_items`;
  const current = stillCurrent(cachedVersions, (name) => sql.placeholder(`version_${name}`));
  const data = asBytes ? sql`cast((${page}) as blob)` : sql`(${page})`;
  // iif() is a case: while the body is current, its subqueries do not run.
  return sql`select ${VERSIONS_JSON} as versions, ${SETTINGS_JSON} as settings, iif(g.current, null, ${data}) as data,
    iif(g.current, null, (${facetRows})) as facet_rows, iif(g.current, null, (${items})) as items
    from regions join (select ${current} as current) g where regions.id = ${region}`;
}

/**
 * The region statement is the same text for every input of one shape (what the filters are, not their values), so
 * it is written once per shape; its values are bound per call.
 */
const regionStatements = new ShapedStatements();

function boundRegionStatement(input: NearInput, currency: string, asBytes: boolean, cachedVersions?: Versions): Statement {
  const parts = inputParts(input);
  const shape = `${asBytes ? 1 : 0} ${currency} ${cachedVersions ? Object.keys(cachedVersions).join() : ''} ${parts.shape}`;
  let values = parts.values;
  if (cachedVersions) {
    // The input's values stay shared: the versions go on an object that inherits them (`in` and lookups see both).
    const withVersions: Record<string, unknown> = Object.create(values);
    for (const name in cachedVersions) withVersions[`version_${name}`] = cachedVersions[name];
    values = withVersions;
  }
  return regionStatements.statement(shape, () => regionStatement(input, currency, asBytes, cachedVersions), values);
}

/**
 * The settings from their JSON, and their currency rates as text (finisherOf). They rarely change, so the last ones
 * are kept by their text rather than parsed on every call.
 */
let lastSettings: { text: string; settings: Settings; rates: string } | null = null;

function settingsOf(json: string, launchModeDefault: LaunchMode | null) {
  const text = `${launchModeDefault ?? ''} ${json}`;
  if (lastSettings?.text !== text) {
    const settings = settingsOfJson(json, launchModeDefault);
    lastSettings = { text, settings, rates: JSON.stringify(settings.currency_rates) };
  }
  return lastSettings;
}

/**
 * The body and what it was made from, or null when the cached one is still current. A catalogue write anywhere changes
 * the version every region's bodies were built from, while most regions' pages read the same as before: when the page,
 * the facets and the finishing context are those of the cached body, that body is the answer again, without finishing
 * its cards (bodyOf).
 */
async function menusNear(ctx: Ctx, input: NearInput, cached?: { versions: Versions; body: Uint8Array<ArrayBuffer>; source?: NearSource }) {
  const { db } = ctx;
  const cachedVersions = cached?.versions;
  const [row] = (await readRows(db, boundRegionStatement(input, ctx.currency, blobsAsBytes(db), cachedVersions))) as {
    versions: string;
    settings: string;
    data: ArrayBuffer | string;
    facet_rows: string | null;
    items: string;
  }[];
  if (!row) throw notFound('Region not found.');
  const versions = versionsOfJson(row.versions);
  const { settings, rates } = settingsOf(row.settings, ctx.launchModeDefault);
  if (cachedVersions && sameVersions(cachedVersions, versions)) return { built: null, versions, settings };

  const lists = listsOf(row.items);
  const { counts, total, filtered } = countFacets(row.facet_rows ?? '', lists.need, ownFilters(input, lists));
  const finisher = finisherOf(ctx, input, settings, rates, lists);

  /**
   * Standard faceted counts: for each option of a facet, how many menus carry it when every OTHER active filter
   * applies (the facet's own selection does not narrow its counts). Every current option is listed, with 0 when
   * no menu carries it; retired options appear only while menus still carry them. For the allergy facet the count
   * is how many menus contain the allergen, i.e. how many excluding it would remove.
   */
  let filters = '';
  for (const { facet, items } of facetHeadsOf(lists, ctx.locale)) {
    let json = '';
    for (const { id, retired, head } of items) if (!retired || counts[id]! > 0) json += `${json ? ',' : ''}${head}${counts[id]!}}`;
    filters += `${filters ? ',' : '{'}"${facet}":{"items":[${json}]}`;
  }
  const totals = input.count ? `,"total_count":${total},"filter_count":${filtered}` : '';
  const source: NearSource = { finisher: finisher.serial, page: pageBytes(row.data), end: `${totals},"filters":${filters}}}` };
  const body = cached?.source && sameSource(cached.source, source) ? cached.body : withMasks(bodyOf(source.page, finisher, source.end), ctx.locale);
  return { built: { body, source }, versions, settings };
}

/**
 * Each facet's options in the facets' order, as the JSON of `{ key, name, count }` up to the count, named in the
 * locale (made when first asked for): a call only adds the counts.
 */
function facetHeadsOf(lists: Lists, locale: Locale) {
  let heads = lists.facetHeads.get(locale);
  if (!heads) {
    heads = (Object.keys(FACETS) as Facet[]).map((facet) => ({
      facet,
      items: lists.byPosition
        .filter((i) => i.kind === FACETS[facet])
        .map((i) => ({ id: i.id, retired: i.retired, head: `${JSON.stringify({ key: i.key, name: localName(i.names, i.key, locale) }).slice(0, -1)},"count":` })),
    }));
    lists.facetHeads.set(locale, heads);
  }
  return heads;
}

const encoder = new TextEncoder();
/** A contact detail masked in a stored name or description (chef-area/menu-descriptions.service.ts), as UTF-8. */
const MARK_BYTES = encoder.encode(CONTACT_MARK);

/** The body with each masked contact detail in the reader's language: one native search when there is none. */
function withMasks(body: Uint8Array<ArrayBuffer>, locale: Locale): Uint8Array<ArrayBuffer> {
  if (Buffer.from(body.buffer, body.byteOffset, body.byteLength).indexOf(MARK_BYTES) < 0) return body;
  return encoder.encode(decoder.decode(body).replaceAll(CONTACT_MARK, JSON.stringify(maskIn(locale)).slice(1, -1)));
}
const decoder = new TextDecoder();
const BODY_START = encoder.encode('{"data":');
const SLOT_MARK = 1;
const CARD_MARK = 2;

/** The page as UTF-8: libSQL hands its blob over as bytes; D1's comes as text (see blobsAsBytes). */
const pageBytes = (data: ArrayBuffer | string): Uint8Array => (typeof data === 'string' ? encoder.encode(data) : new Uint8Array(data));

/**
 * The body's bytes: `{"data":`, the page with each card finished, and `end`. All in UTF-8: the page's text holds a
 * few non-ASCII names, so as a string V8 keeps it two bytes a character, and splitting it and encoding the pieces
 * again cost more than the rest of a rebuilt call's JavaScript. A card is the page's text from its \u0002 mark to the
 * next (with the `,` or `]` after it); a card whose bytes are the same as those of one finished before in this
 * context (same menu id, compared in full) is taken whole, any other is finished slot by slot (finishCard). The marks
 * are found and the bytes compared by Buffer's native search and comparison (Workers have Buffer too: nodejs_compat),
 * without a string of the whole page (one over 128 KB costs V8 a large-object allocation, more than everything else).
 */
function bodyOf(page: Uint8Array, finisher: Finisher, end: string): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const endBytes = encoder.encode(end);
  let mark = bytes.indexOf(CARD_MARK);
  const pieces: Uint8Array[] = [BODY_START, bytes.subarray(0, mark < 0 ? bytes.length : mark)];
  while (mark >= 0) {
    const from = mark + 1;
    mark = bytes.indexOf(CARD_MARK, from);
    const to = mark < 0 ? bytes.length : mark;
    const id = menuIdAt(bytes, from);
    const kept = finisher.cards.get(id);
    if (kept && kept.text.length === to - from && bytes.compare(kept.text, 0, kept.text.length, from, to) === 0) pieces.push(kept.bytes);
    else pieces.push(finishCard(finisher, id, bytes, from, to));
  }
  pieces.push(endBytes);
  let size = 0;
  for (const piece of pieces) size += piece.length;
  const out = new Uint8Array(size);
  let to = 0;
  for (const piece of pieces) {
    out.set(piece, to);
    to += piece.length;
  }
  return out;
}

/** The menu id of the card at `from`: its text starts with `{"id":` and the id's digits. */
function menuIdAt(bytes: Uint8Array, from: number): number {
  let id = 0;
  for (let i = from + 6; i < bytes.length; i++) {
    const digit = bytes[i]! - 48;
    if (digit < 0 || digit > 9) break;
    id = id * 10 + digit;
  }
  return id;
}

/**
 * The card's bytes with each slot (its text between two \u0001 bytes) replaced by its finished JSON, kept for later.
 * A slot's text is its bytes as latin1 (one character per byte, made natively), a key without UTF-8 decoding.
 */
function finishCard(finisher: Finisher, id: number, bytes: Buffer, from: number, to: number): Uint8Array {
  const pieces: Uint8Array[] = [];
  let size = 0;
  let at = from;
  for (;;) {
    const open = bytes.indexOf(SLOT_MARK, at);
    const stop = open < 0 || open >= to ? to : open;
    pieces.push(bytes.subarray(at, stop));
    size += stop - at;
    if (stop === to) break;
    const close = bytes.indexOf(SLOT_MARK, open + 1);
    const slot = finisher.slot(bytes.toString('latin1', open + 1, close), bytes.subarray(open + 1, close));
    pieces.push(slot);
    size += slot.length;
    at = close + 1;
  }
  const card = new Uint8Array(size);
  let out = 0;
  for (const piece of pieces) {
    card.set(piece, out);
    out += piece.length;
  }
  // A copy: Buffer's slice() is a view, and a kept view would keep the whole page it came from (100 KB and more) alive
  // for as long as the card is kept, a page per refinished card.
  finisher.keepCard(id, { text: new Uint8Array(bytes.subarray(from, to)), bytes: card });
  return card;
}

/** The facets' order, and the order of a menu's tags: the list's positions, then the id (facets) or key (tags). */
const inListOrder = (a: Item, b: Item) => a.position - b.position || a.id - b.id;

/** An item's part in the facets' own filters (OwnFilters.marks). */
const CHOSEN_CUISINE = 1;
const CHOSEN_DIET = 2;
const EXCLUDED_ALLERGEN = 4;

/**
 * The facets' own filters as a test of a menu's tags: per item id, whether it is a chosen cuisine or diet or an
 * excluded allergen (`marks`); whether cuisines are chosen (a menu then needs one of them); and how many of its tags
 * must be chosen diets (every one chosen; -1 when one of them is no diet at all, so no menu passes). A key that
 * names no item marks nothing, as hasTag() finds nothing for it. Null when no facet filters.
 */
type OwnFilters = { marks: Uint8Array; cuisines: boolean; diets: number } | null;

function ownFilters(input: NearInput, lists: Lists): OwnFilters {
  if (!input.cuisines.length && !input.diets.length && !input.allergiesExclude.length) return null;
  const marks = new Uint8Array(lists.need.length);
  const mark = (kind: string, keys: readonly string[], bit: number) => {
    let missing = false;
    for (const key of keys) {
      const item = lists.byKey.get(itemKey(kind, key));
      if (item) marks[item.id]! |= bit;
      else missing = true;
    }
    return missing;
  };
  mark(FACETS.cuisine, input.cuisines, CHOSEN_CUISINE);
  const dietMissing = mark(FACETS.diet, input.diets, CHOSEN_DIET);
  mark(FACETS.allergy, input.allergiesExclude, EXCLUDED_ALLERGEN);
  let diets = 0;
  for (const m of marks) if (m & CHOSEN_DIET) diets++;
  return { marks, cuisines: input.cuisines.length > 0, diets: dietMissing ? -1 : diets };
}

/**
 * The counts from the facet statement's rows, each its letter (B when it passes the filters every facet applies)
 * and then a character per tag (TAG_CODE), by item id: every row is in the total, a row that passes every filter in
 * the filtered total, and an item counts for its facet when the row passes every filter but that facet's own
 * (`need`, from listsOf). The facets' own filters are tested here on the row's tags (`own`).
 */
function countFacets(rows: string, need: Uint8Array, own: OwnFilters) {
  const counts = new Uint32Array(need.length);
  let total = 0;
  let filtered = 0;
  let flags = 0;
  for (let i = 0; i < rows.length; i++) {
    const code = rows.charCodeAt(i);
    if (code >= TAG_CODE) {
      const n = need[code - TAG_CODE] ?? 0;
      if (n && (flags & n) === n) counts[code - TAG_CODE]!++;
      continue;
    }
    // A row's letter: its flags, with its own filters' bits from the tags that follow.
    flags = COUNTED | ((code - 65) * FILTER_BIT.common) | (own ? ownBits(rows, i + 1, own) : FILTER_BIT.cuisine | FILTER_BIT.diet | FILTER_BIT.allergy);
    total++;
    if (flags === (ALL_FILTERS | COUNTED)) filtered++;
  }
  return { counts, total, filtered };
}

/** The FILTER bits of the facets' own filters that the tags from `from` up to the next letter pass. */
function ownBits(rows: string, from: number, own: NonNullable<OwnFilters>): number {
  let cuisine = !own.cuisines;
  let diets = 0;
  let allergen = false;
  for (let i = from; i < rows.length; i++) {
    const code = rows.charCodeAt(i);
    if (code < TAG_CODE) break;
    const m = own.marks[code - TAG_CODE] ?? 0;
    if (m & CHOSEN_CUISINE) cuisine = true;
    if (m & CHOSEN_DIET) diets++;
    if (m & EXCLUDED_ALLERGEN) allergen = true;
  }
  return (cuisine ? FILTER_BIT.cuisine : 0) | (diets === own.diets ? FILTER_BIT.diet : 0) | (allergen ? 0 : FILTER_BIT.allergy);
}

const parseTiers = (text: string): { minGuests: number; pricePerPerson: number }[] =>
  text ? text.split(',').map((t) => ({ minGuests: Number(t.slice(0, t.indexOf(':'))), pricePerPerson: Number(t.slice(t.indexOf(':') + 1)) })) : [];

/** The image of an image slot: "<id> <status> <stacks json>" (all empty for none). */
function imageOfSlot(inputs: string, only?: readonly string[]) {
  const a = inputs.indexOf(' ');
  const b = inputs.indexOf(' ', a + 1);
  const id = inputs.slice(0, a);
  const stacks = inputs.slice(b + 1);
  return imageResource({ id: id ? Number(id) : null, status: inputs.slice(a + 1, b) || null, stacks: stacks ? (JSON.parse(stacks) as Record<string, string>) : null }, only);
}

/** Finished slots and cards kept with one list of items (a few MB at most). */
const MAX_FINISHED_SLOTS = 10_000;
const MAX_FINISHED_CARDS = 2_000;

/** A finished card: its text's bytes as the page has them (a copy) and its bytes in the body. */
type FinishedCard = { text: Uint8Array; bytes: Uint8Array };

/**
 * What finishes one context's pages: each slot's JSON (`slot`, from its text as latin1 and as bytes), and the cards
 * finished before, by menu id.
 */
type Finisher = {
  /** This finisher among all made in the isolate (a body's source names it). */
  serial: number;
  slot: (key: string, text: Uint8Array) => Uint8Array;
  keepCard: (id: number, card: FinishedCard) => void;
  cards: ReadonlyMap<number, FinishedCard>;
};

/**
 * The JSON of each slot the page statement left, by the same rules as presentMenu(): the price for the chosen guests
 * (else the menu's minimum) in the display currency, a picture's urls, a menu's cuisines or diets in list order and
 * named in the visitor's language. A slot's JSON depends only on its text (which holds every value it is made from)
 * and on this request's context: locale, currency, guests, stacks, resolve list and currency rates, and the list
 * items. Menus and pages share prices, pictures and tag sets, so each is finished once and kept with the list items
 * it was made from (a changed list starts afresh) for later requests of the same context, rebuilt pages included; so
 * is each finished card, which is used again while the page has the same bytes for it (a catalogue write changes the
 * cards it touches, not the others).
 */
let finishers = 0;

function finisherOf(ctx: Ctx, input: NearInput, settings: Settings, rates: string, lists: Lists): Finisher {
  const { finished } = lists;
  const context = `${ctx.locale} ${ctx.currency} ${rates} ${inputParts(input).finishing}`;
  let finisher = finished.byContext.get(context);
  if (finisher) return finisher;
  const finishSlot = slotFinisher(ctx, input, settings, lists);
  const slots = new Map<string, Uint8Array>();
  const cards = new Map<number, FinishedCard>();
  finisher = {
    serial: ++finishers,
    slot(key, text) {
      let out = slots.get(key);
      if (out === undefined) {
        if (finished.slots >= MAX_FINISHED_SLOTS) forgetAll(finished);
        out = encoder.encode(finishSlot(decoder.decode(text)));
        slots.set(key, out);
        finished.slots++;
      }
      return out;
    },
    keepCard(id, card) {
      if (finished.cards >= MAX_FINISHED_CARDS) forgetAll(finished);
      if (!cards.has(id)) finished.cards++;
      cards.set(id, card);
    },
    cards,
  };
  finished.byContext.set(context, finisher);
  return finisher;
}

/** Every context's slots and cards go once either limit is reached. */
function forgetAll(finished: Lists['finished']) {
  finished.byContext.clear();
  finished.slots = 0;
  finished.cards = 0;
}

/** A slot's JSON from its text, in the context of `ctx`, `input`, `settings` and `lists` (see finisherOf). */
function slotFinisher(ctx: Ctx, input: NearInput, settings: Settings, lists: Lists) {
  const priceCtx = { settings, currency: ctx.currency, locale: ctx.locale };
  const only = input.stacks.length ? input.stacks : undefined;
  const tagJson = tagJsonOf(lists, ctx.locale);
  const withDiets = input.resolve.has('diets');
  const withCuisines = input.resolve.has('cuisines');
  /** `,"diets":{"data":[…]},"cuisines":{"data":[…]}` (as resolved) of the items of a menu's tags (TAG_CODE). */
  const tags = (chars: string) => {
    const picked: Item[] = [];
    for (let i = 0; i < chars.length; i++) {
      const item = lists.byId.get(chars.charCodeAt(i) - TAG_CODE);
      if (item) picked.push(item);
    }
    picked.sort((a, b) => a.tagRank - b.tagRank);
    let diets = '';
    let cuisines = '';
    for (const item of picked) {
      if (item.kind === 'diet') diets += (diets ? ',' : '') + tagJson.get(item.id)!;
      else if (item.kind === 'cuisine') cuisines += (cuisines ? ',' : '') + tagJson.get(item.id)!;
    }
    return `${withDiets ? `,"diets":{"data":[${diets}]}` : ''}${withCuisines ? `,"cuisines":{"data":[${cuisines}]}` : ''}`;
  };
  /** "<base> <currency> <min guests> <tiers as guests:price,…>" */
  const price = (inputs: string) => {
    const [base, currency, minGuests, tiers] = inputs.split(' ');
    return JSON.stringify(pricePerPersonFor(Number(base), currency!, parseTiers(tiers ?? ''), input.guests ?? Number(minGuests), priceCtx));
  };
  const finishSlot = (slotText: string): string => {
    const inputs = slotText.slice(1);
    switch (slotText[0]) {
      case 'p':
        return price(inputs);
      case 'i':
        return JSON.stringify(imageOfSlot(inputs, only));
      case 'a':
        return JSON.stringify(imageOfSlot(inputs));
      case 't':
        return tags(inputs);
      default:
        throw new Error(`unknown slot ${slotText[0]}`);
    }
  };
  return finishSlot;
}
