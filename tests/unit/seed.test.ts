// The seed: reference data in every locale, a consistent demo marketplace, idempotence and determinism.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libsqlDb, type DB } from '../../functions/_api/db/client';
import { verifyPassword } from '../../functions/_api/lib/password';
import { LOCALES } from '#shared/locales';
import { dietContradictions } from '#shared/dietary';
import { quote } from '#shared/pricing';
import type { Files } from '../../functions/_api/platform/files';
import { DEMO_CITIES, seedDatabase, type SeedResult } from '../../scripts/seed/index';
import { DAY, HOUR } from '#shared/time';
import * as v from 'valibot';
import { companyBody } from '#shared/schemas/admin.settings.schema';

const NOW = new Date('2025-06-15T10:00:00Z');
const MIGRATIONS = path.resolve(import.meta.dirname, '../../migrations');
const BOOKING_STATUSES = ['requested', 'accepted', 'confirmed', 'completed', 'reviewed', 'declined', 'expired', 'cancelled', 'payment_expired', 'cancelled_by_customer', 'cancelled_by_chef'];
const PAGE_URLS = ['contact', 'jobs', 'foodsafety', 'termsconditions', 'privacypolicy', 'legalnotice', 'aboutus'];

function memoryFiles() {
  const store = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const files: Files = {
    async put(key, body, contentType) {
      store.set(key, { bytes: body instanceof Uint8Array ? body : new Uint8Array(body), contentType });
    },
    async get(key) {
      const o = store.get(key);
      if (!o) return null;
      return { body: new Blob([new Uint8Array(o.bytes)]).stream(), contentType: o.contentType, size: o.bytes.length, etag: key };
    },
    async delete(key) {
      store.delete(key);
    },
  };
  return { files, store };
}

type Seeded = { client: Client; db: DB; files: ReturnType<typeof memoryFiles>; result: SeedResult; log: string[] };

async function freshDb() {
  const client = createClient({ url: ':memory:' });
  await client.execute('PRAGMA foreign_keys = ON');
  const db = libsqlDb(client);
  await migrate(db, { migrationsFolder: MIGRATIONS });
  return { client, db };
}

async function seeded(demo = true): Promise<Seeded> {
  const { client, db } = await freshDb();
  const files = memoryFiles();
  const log: string[] = [];
  const result = await seedDatabase(db, { files: files.files, demo, regions: 'sample', now: NOW, log: (l) => log.push(l) });
  return { client, db, files, result, log };
}

async function rows(client: Client, query: string, args: (string | number)[] = []) {
  return (await client.execute({ sql: query, args })).rows.map((r) => ({ ...r }));
}
async function scalar(client: Client, query: string, args: (string | number)[] = []): Promise<number> {
  const r = await client.execute({ sql: query, args });
  return Number(r.rows[0]?.[0] ?? 0);
}

const TABLES = [
  'users', 'images', 'regions', 'postal_codes', 'list_items', 'settings', 'faq_topics', 'faq_entries', 'content_pages', 'chefs', 'chef_regions',
  'chef_cuisines', 'payout_details', 'availability_blocks', 'menus', 'menu_courses', 'menu_price_tiers', 'menu_tags', 'bookings', 'booking_events',
  'payments', 'refunds', 'reviews', 'payouts', 'payout_items', 'message_threads', 'thread_participants', 'messages', 'notifications',
  'popular_cities', 'newsletter_subscribers', 'audit_log',
];
async function counts(client: Client) {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = await scalar(client, `select count(*) from ${t}`);
  return out;
}

describe('seedDatabase', () => {
  let a: Seeded;

  beforeAll(async () => {
    a = await seeded();
  }, 60_000);
  afterAll(() => a?.client.close());

  it('reports the demo accounts, which sign in with the demo password', async () => {
    expect(a.result.seeded).toBe(true);
    expect(a.result.accounts.map((x) => [x.role, x.email])).toEqual([
      ['customer', 'customer@example.com'],
      ['chef', 'chef@example.com'],
      ['admin', 'admin@example.com'],
    ]);
    const [customer] = await rows(a.client, `select password_hash, is_su from users where email = ?`, ['customer@example.com']);
    expect(await verifyPassword('demo-password', customer!.password_hash as string)).toBe(true);
    expect(await scalar(a.client, `select is_su from users where email = 'admin@example.com'`)).toBe(1);
    const [chef] = await rows(a.client, `select c.status, c.is_signature, c.is_verified, c.display_location from chefs c join users u on u.id = c.user_id where u.email = 'chef@example.com'`);
    expect(chef).toMatchObject({ status: 1, is_signature: 1, is_verified: 1, display_location: 'Zürich, ZH' });
    expect(await scalar(a.client, `select count(*) from menus m join chefs c on c.id = m.chef_id join users u on u.id = c.user_id where u.email = 'chef@example.com' and m.status = 'published'`)).toBeGreaterThanOrEqual(3);
  });

  it('gives the demo a company an admin could have saved: the issuer its documents name', async () => {
    const [row] = await rows(a.client, `select value from settings where key = 'company'`);
    const stored = JSON.parse(String(row!.value)) as unknown;
    expect(v.parse(companyBody, stored)).toEqual(stored);
    expect(stored).toMatchObject({ name: 'YourLocalChef GmbH', email: 'info@yourlocalchef.ch' });
  });

  it('imports the sample regions with postal codes and accent-free search names', async () => {
    expect(await scalar(a.client, `select count(*) from regions`)).toBe(DEMO_CITIES.length + 20);
    const [zurich] = await rows(a.client, `select name, search_name, state, country_code, zip from regions where id = 2657896`);
    expect(zurich).toMatchObject({ name: 'Zürich', search_name: 'zurich', state: 'ZH', country_code: 'CH', zip: '8001' });
    const [munich] = await rows(a.client, `select name, search_name, state from regions where id = 2867714`);
    expect(munich).toMatchObject({ name: 'München', search_name: 'munchen', state: 'Bayern' });
    expect(await scalar(a.client, `select count(*) from postal_codes where region_id = 2657896`)).toBeGreaterThan(10);
    expect(await scalar(a.client, `select count(*) from popular_cities`)).toBe(DEMO_CITIES.length);
  });

  it('creates a marketplace of the promised size, with every chef status, tier and booking status', async () => {
    expect(await scalar(a.client, `select count(*) from chefs`)).toBeGreaterThanOrEqual(55);
    expect(await scalar(a.client, `select count(*) from menus`)).toBeGreaterThanOrEqual(180);
    expect(await scalar(a.client, `select count(distinct display_location) from chefs`)).toBeGreaterThanOrEqual(10);
    const statuses = (await rows(a.client, `select distinct status from chefs`)).map((r) => Number(r.status)).sort((x, y) => x - y);
    expect(statuses).toEqual([-2, -1, 0, 1, 2, 3]);
    expect(await scalar(a.client, `select count(*) from chefs where is_signature = 1`)).toBeGreaterThan(0);
    expect(await scalar(a.client, `select count(*) from chefs where is_pro = 1 and is_signature = 0`)).toBeGreaterThan(0);
    expect(await scalar(a.client, `select count(*) from chefs where is_pro = 0 and is_signature = 0`)).toBeGreaterThan(0);
    expect(await scalar(a.client, `select count(*) from chefs where status = -2 and (rejection_reason is null or rejection_reason = '')`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from chefs where status = -1 and status_before_ban is null`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from chefs where status = 1 and (is_verified = 0 or verified_at is null)`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from chefs where uri not like '%-' || id`)).toBe(0);
    const bookingStatuses = (await rows(a.client, `select distinct status from bookings`)).map((r) => r.status);
    expect(bookingStatuses.sort()).toEqual([...BOOKING_STATUSES].sort());
    // The demo customer and the demo chef each see many states.
    expect(await scalar(a.client, `select count(distinct b.status) from bookings b join users u on u.id = b.customer_id where u.email = 'customer@example.com'`)).toBeGreaterThanOrEqual(8);
    expect(await scalar(a.client, `select count(distinct b.status) from bookings b join chefs c on c.id = b.chef_id join users u on u.id = c.user_id where u.email = 'chef@example.com'`)).toBe(11);
  });

  it('keeps menus consistent: courses, guest range, tags with the allergen union, images', async () => {
    expect(await scalar(a.client, `select count(*) from menus m where (select count(*) from menu_courses c where c.menu_id = m.id) not between 3 and 5`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from menus where min_guests < 2 or max_guests > 100 or min_guests > max_guests`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from menu_price_tiers t join menus m on m.id = t.menu_id where t.price_per_person >= m.price_per_person or t.min_guests <= m.min_guests`)).toBe(0);
    // The allergen tags of every menu are exactly the union of its courses' allergens.
    const mismatches = await scalar(
      a.client,
      `select count(*) from menus m where
        (select group_concat(key) from (select distinct l.key from menu_tags t join list_items l on l.id = t.item_id where t.menu_id = m.id and l.kind = 'allergen' order by l.key))
        is not (select group_concat(value) from (select distinct j.value from menu_courses c, json_each(c.allergens) j where c.menu_id = m.id order by j.value))`,
    );
    expect(mismatches).toBe(0);
    // No diet tag that the menu's own courses contradict (the rule publishing enforces), in any status.
    const tagged = await rows(
      a.client,
      `select m.id, (select json_group_array(l.key) from menu_tags t join list_items l on l.id = t.item_id where t.menu_id = m.id and l.kind = 'diet') as diets,
        (select json_group_array(json_object('name', c.name, 'allergens', json(c.allergens))) from menu_courses c where c.menu_id = m.id) as courses from menus m`,
    );
    expect(tagged.filter((m) => JSON.parse(String(m.diets)).includes('vegan')).length).toBeGreaterThan(0);
    expect(tagged.filter((m) => dietContradictions(JSON.parse(String(m.diets)), JSON.parse(String(m.courses))).length).map((m) => m.id)).toEqual([]);
    expect(await scalar(a.client, `select count(*) from menus m where not exists (select 1 from menu_tags t join list_items l on l.id = t.item_id where t.menu_id = m.id and l.kind = 'cuisine')`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from menus where image_id is not null`)).toBeGreaterThan(150);
    // Only approved pictures are public, and a menu is published only with one (issue 15 L4): the demo's menus
    // stay published, and the pictures waiting for moderation belong to the applicants whose drafts use them.
    expect(await scalar(a.client, `select count(*) from menus m join images i on i.id = m.image_id where m.status = 'published' and i.status <> 'approved'`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from menus m join images i on i.id = m.image_id where i.status = 'pending'`)).toBe(2);
    expect(await scalar(a.client, `select count(*) from users u join images i on i.id = u.avatar_image_id where i.status <> 'approved'`)).toBe(0);
    // Every menu's and avatar's picture is its chef's own upload of the right kind, as a chef may only choose their
    // own pictures: otherwise the demo chef could not save a seeded menu with its picture.
    expect(await scalar(a.client, `select count(*) from menus m join images i on i.id = m.image_id join chefs c on c.id = m.chef_id where i.owner_user_id is not c.user_id or i.kind <> 'menu'`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from users u join images i on i.id = u.avatar_image_id where i.owner_user_id is not u.id or i.kind <> 'avatar'`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from (select image_id from menus where image_id is not null group by image_id having count(*) > 1)`)).toBe(0);
  });

  it('stores generated PNG images for every stack', async () => {
    const imgs = await rows(a.client, `select kind, status, stacks, content_type from images`);
    // One row per menu picture (each chef's own upload), drawn from 24 designs whose files they share.
    expect(imgs.filter((i) => i.kind === 'menu')).toHaveLength(Number(await scalar(a.client, `select count(*) from menus where image_id is not null`)));
    expect(new Set(imgs.filter((i) => i.kind === 'menu').map((i) => i.stacks)).size).toBe(24);
    expect(imgs.filter((i) => i.kind === 'avatar')).toHaveLength(24);
    for (const img of imgs) {
      const stacks = JSON.parse(img.stacks as string) as Record<string, string>;
      const expected = img.kind === 'menu' ? ['t1024_2x1', 't512_1x1', 't512_2x1'] : img.kind === 'avatar' ? ['t256x256'] : ['t1024_2x1', 't512_2x1'];
      expect(Object.keys(stacks).sort()).toEqual(expected);
      for (const [stack, key] of Object.entries(stacks)) {
        const obj = a.files.store.get(key);
        expect(obj, key).toBeDefined();
        expect(obj!.contentType).toBe('image/png');
        const bytes = obj!.bytes;
        expect([...bytes.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
        const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        const [w, h] = { t512_1x1: [512, 512], t512_2x1: [512, 256], t1024_2x1: [1024, 512], t256x256: [256, 256] }[stack]!;
        expect([view.getUint32(16), view.getUint32(20)]).toEqual([w, h]);
      }
    }
    expect(await scalar(a.client, `select count(*) from users where avatar_image_id is not null`)).toBe(24);
  });

  it('has the FAQ and the seven content pages in all five locales', async () => {
    for (const locale of LOCALES) {
      const topics = await rows(a.client, `select t.id, (select count(*) from faq_entries e where e.topic_id = t.id) n from faq_topics t where t.locale = ?`, [locale]);
      expect(topics.length, locale).toBeGreaterThanOrEqual(4);
      expect(topics.length, locale).toBeLessThanOrEqual(5);
      for (const t of topics) expect(Number(t.n)).toBeGreaterThanOrEqual(3);
      const pages = await rows(a.client, `select url, title, content from content_pages where locale = ? order by url`, [locale]);
      expect(pages.map((p) => p.url)).toEqual([...PAGE_URLS].sort());
      for (const p of pages) expect(String(p.content).length).toBeGreaterThan(200);
    }
    // Swiss German uses ss, never ß.
    expect(await scalar(a.client, `select count(*) from content_pages where locale = 'de-ch' and content like '%ß%'`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from faq_entries e join faq_topics t on t.id = e.topic_id where t.locale = 'de-ch' and e.content like '%ß%'`)).toBe(0);
    // The cancellation policy is stated in every locale.
    expect(await scalar(a.client, `select count(distinct t.locale) from faq_entries e join faq_topics t on t.id = e.topic_id where e.content like '%14%' and e.content like '%72%' and e.content like '%50%'`)).toBe(5);
    const names = await rows(a.client, `select kind, count(*) n from list_items group by kind order by kind`);
    expect(names.map((r) => [r.kind, Number(r.n)])).toEqual([
      ['allergen', 14],
      ['cuisine', 22],
      ['diet', 9],
    ]);
    for (const r of await rows(a.client, `select names from list_items`)) expect(Object.keys(JSON.parse(r.names as string)).sort()).toEqual([...LOCALES].sort());
  });

  it('keeps review aggregates consistent with the reviews table', async () => {
    expect(await scalar(a.client, `select count(*) from reviews`)).toBeGreaterThan(50);
    expect(
      await scalar(
        a.client,
        `select count(*) from chefs c where review_count != (select count(*) from reviews r where r.chef_id = c.id)
           or abs(review_avg - coalesce((select avg(rating) from reviews r where r.chef_id = c.id), 0)) > 1e-9`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        a.client,
        `select count(*) from menus m where review_count != (select count(*) from reviews r where r.menu_id = m.id)
           or abs(review_avg - coalesce((select avg(rating) from reviews r where r.menu_id = m.id), 0)) > 1e-9`,
      ),
    ).toBe(0);
    expect(await scalar(a.client, `select count(*) from reviews r join bookings b on b.id = r.booking_id where b.status != 'reviewed' or r.chef_id != b.chef_id or r.menu_id != b.menu_id`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from bookings b where b.status = 'reviewed' and not exists (select 1 from reviews r where r.booking_id = b.id)`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from reviews where abs(rating - (rating_food + rating_service + rating_hygiene + rating_value + rating_communication) / 5.0) > 1e-9`)).toBe(0);
  });

  it('keeps bookings consistent: one day-holding booking per chef and day, times, prices, history, money', async () => {
    expect(
      await scalar(a.client, `select count(*) from (select chef_id, event_date from bookings where status in ('confirmed', 'completed', 'reviewed') group by 1, 2 having count(*) > 1)`),
    ).toBe(0);
    const now = NOW.getTime();
    expect(await scalar(a.client, `select count(*) from bookings where status in ('completed', 'reviewed') and (starts_at >= ? or completed_at is null)`, [now])).toBe(0);
    expect(await scalar(a.client, `select count(*) from bookings where status in ('requested', 'accepted', 'confirmed') and starts_at <= ?`, [now])).toBe(0);
    expect(await scalar(a.client, `select count(*) from bookings where status = 'requested' and respond_by <= ?`, [now])).toBe(0);
    expect(await scalar(a.client, `select count(*) from bookings where status = 'accepted' and payment_due_by <= ?`, [now])).toBe(0);
    expect(await scalar(a.client, `select count(*) from bookings where created_at > ? or updated_at > ?`, [now, now])).toBe(0);
    // The last event of every booking leads to its status, and each event starts where the previous one ended.
    const events = await rows(a.client, `select booking_id, from_status, to_status from booking_events order by booking_id, id`);
    const statusOf = new Map((await rows(a.client, `select id, status from bookings`)).map((r) => [Number(r.id), r.status]));
    const lastTo = new Map<number, unknown>();
    for (const e of events) {
      expect(e.from_status ?? null).toBe(lastTo.get(Number(e.booking_id)) ?? null);
      lastTo.set(Number(e.booking_id), e.to_status);
    }
    for (const [id, status] of statusOf) expect(lastTo.get(id), `booking ${id}`).toBe(status);
    // Price snapshots come from quote() with the menu's price and tiers.
    const tiers = new Map<number, { minGuests: number; pricePerPerson: number }[]>();
    for (const t of await rows(a.client, `select menu_id, min_guests, price_per_person from menu_price_tiers`)) {
      tiers.set(Number(t.menu_id), [...(tiers.get(Number(t.menu_id)) ?? []), { minGuests: Number(t.min_guests), pricePerPerson: Number(t.price_per_person) }]);
    }
    const bookings = await rows(a.client, `select b.*, m.price_per_person menu_price from bookings b join menus m on m.id = b.menu_id`);
    for (const b of bookings) {
      const q = quote({ pricePerPerson: Number(b.menu_price), tiers: tiers.get(Number(b.menu_id)) ?? [], currency: String(b.currency), guests: Number(b.guests), serviceFeeBp: 500, commissionBp: 1500 });
      expect([b.price_per_person, b.subtotal, b.service_fee, b.total, b.commission, b.chef_earnings].map(Number)).toEqual([q.price_per_person, q.subtotal, q.service_fee, q.total, q.commission, q.chef_earnings]);
    }
    // Payments for every booking that was paid; refunds by policy; payout items for completed ones.
    expect(await scalar(a.client, `select count(*) from bookings b where b.confirmed_at is not null and not exists (select 1 from payments p where p.booking_id = b.id and p.amount = b.total)`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from bookings b join payments p on p.booking_id = b.id where b.status = 'cancelled_by_chef' and (p.status != 'refunded' or p.refunded_amount != b.total)`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from payments p where p.refunded_amount != coalesce((select sum(amount) from refunds r where r.payment_id = p.id), 0)`)).toBe(0);
    // Every paid payment names its receipt's parties as the product stores them: the demo company, customer and chef.
    expect(await scalar(a.client, `select count(*) from payments p where p.issued_parties is null or json_extract(p.issued_parties, '$.issuer.name') != 'YourLocalChef GmbH'`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from payments p join bookings b on b.id = p.booking_id join users u on u.id = b.customer_id where json_extract(p.issued_parties, '$.customer') != trim(u.firstname || ' ' || u.lastname)`)).toBe(0);
    // Customer cancellations: full refund from 14 days before, 50% from 72 hours before, nothing later.
    const cancelled = await rows(a.client, `select b.starts_at, b.confirmed_at, b.cancelled_at, b.total, p.refunded_amount from bookings b join payments p on p.booking_id = b.id where b.status = 'cancelled_by_customer'`);
    expect(new Set(cancelled.map((c) => (Number(c.refunded_amount) === 0 ? 'none' : Number(c.refunded_amount) === Number(c.total) ? 'full' : 'half'))).size).toBeGreaterThan(1);
    for (const c of cancelled) {
      const before = Number(c.starts_at) - Number(c.cancelled_at);
      const total = Number(c.total);
      const expected = before >= 14 * DAY ? total : before >= 72 * HOUR ? Math.round(total / 2) : 0;
      expect(Number(c.refunded_amount)).toBe(expected);
      expect(Number(c.cancelled_at)).toBeGreaterThan(Number(c.confirmed_at));
      expect(Number(c.cancelled_at)).toBeLessThan(now);
    }
    expect(await scalar(a.client, `select count(*) from bookings b where b.status in ('completed', 'reviewed') and not exists (select 1 from payout_items i where i.booking_id = b.id and i.amount = b.chef_earnings and i.release_at = b.completed_at + 172800000)`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from payouts where status = 'paid'`)).toBeGreaterThan(0);
    expect(await scalar(a.client, `select count(*) from payouts p where p.amount != (select sum(amount) from payout_items i where i.payout_id = p.id)`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from payout_items where payout_id is not null and release_at > ?`, [now])).toBe(0);
  });

  it('gives every booking one thread whose unseen counts match its messages', async () => {
    expect(await scalar(a.client, `select count(*) from bookings b where (select count(*) from message_threads t where t.booking_id = b.id) != 1`)).toBe(0);
    expect(await scalar(a.client, `select count(*) from message_threads t where (select count(*) from thread_participants p where p.thread_id = t.id) != 2`)).toBe(0);
    expect(
      await scalar(
        a.client,
        `select count(*) from thread_participants p where p.unseen_count !=
          (select count(*) from messages m where m.thread_id = p.thread_id and m.sender_user_id != p.user_id and m.id > coalesce(p.last_read_message_id, 0))`,
      ),
    ).toBe(0);
    expect(await scalar(a.client, `select count(*) from message_threads t where t.last_message_id is not (select max(id) from messages m where m.thread_id = t.id)`)).toBe(0);
    for (const email of ['customer@example.com', 'chef@example.com']) {
      expect(await scalar(a.client, `select sum(p.unseen_count) from thread_participants p join users u on u.id = p.user_id where u.email = ?`, [email]), email).toBeGreaterThan(0);
      expect(await scalar(a.client, `select count(*) from notifications n join users u on u.id = n.user_id where u.email = ? and n.read_at is null`, [email]), email).toBeGreaterThan(0);
    }
  });

  it('does nothing on a second call and still returns the demo accounts', async () => {
    const before = await counts(a.client);
    const again = await seedDatabase(a.db, { files: a.files.files, demo: true, regions: 'sample', now: NOW });
    expect(again.seeded).toBe(false);
    expect(again.accounts.map((x) => x.email)).toEqual(['customer@example.com', 'chef@example.com', 'admin@example.com']);
    expect(await counts(a.client)).toEqual(before);
  });

  it('produces identical data on a fresh database', async () => {
    const b = await seeded();
    try {
      const dump = async (s: Seeded, query: string) => JSON.stringify(await rows(s.client, query));
      for (const query of [
        `select id, email, firstname, lastname, locale, currency, is_su, avatar_image_id, created_at from users order by id`,
        `select * from chefs order by id`,
        `select * from chef_regions order by chef_id, region_id`,
        `select * from menus order by id`,
        `select * from menu_courses order by id`,
        `select * from menu_tags order by menu_id, item_id`,
        `select * from bookings order by id`,
        `select * from booking_events order by id`,
        `select * from payments order by id`,
        `select * from reviews order by id`,
        `select * from messages order by id`,
        `select * from payouts order by id`,
        `select * from images order by id`,
        `select * from faq_entries order by id`,
        `select * from content_pages order by id`,
        `select * from regions order by id`,
      ]) {
        expect(await dump(b, query), query).toBe(await dump(a, query));
      }
      const digest = (s: Seeded) =>
        [...s.files.store.entries()]
          .sort(([x], [y]) => x.localeCompare(y))
          .map(([k, v]) => `${k}:${createHash('sha256').update(v.bytes).digest('hex')}`)
          .join('\n');
      expect(digest(b)).toBe(digest(a));
    } finally {
      b.client.close();
    }
  }, 60_000);

  it('skips images without file storage and otherwise seeds the same data', async () => {
    const { client, db } = await freshDb();
    try {
      const result = await seedDatabase(db, { files: null, demo: true, regions: 'sample', now: NOW });
      expect(result.seeded).toBe(true);
      expect(await scalar(client, `select count(*) from images`)).toBe(0);
      expect(await scalar(client, `select count(*) from users where avatar_image_id is not null`)).toBe(0);
      expect(await scalar(client, `select count(*) from menus where image_id is not null`)).toBe(0);
      for (const query of [
        `select * from bookings order by id`,
        `select * from chefs order by id`,
        `select id, chef_id, name, description, price_per_person, status, booking_mode, review_count, review_avg from menus order by id`,
      ]) {
        expect(JSON.stringify(await rows(client, query)), query).toBe(JSON.stringify(await rows(a.client, query)));
      }
    } finally {
      client.close();
    }
  });

  it('seeds reference data only, without accounts, when demo is false', async () => {
    const c = await seeded(false);
    try {
      expect(c.result).toEqual({ seeded: true, accounts: [] });
      const n = await counts(c.client);
      expect(n.users).toBe(0);
      expect(n.chefs).toBe(0);
      expect(n.images).toBe(0);
      expect(c.files.store.size).toBe(0);
      expect(n.list_items).toBe(45);
      expect(n.content_pages).toBe(35);
      expect(n.regions).toBe(DEMO_CITIES.length + 20);
      const settings = Object.fromEntries((await rows(c.client, `select key, value from settings`)).map((r) => [r.key, JSON.parse(String(r.value))]));
      expect(settings).toMatchObject({ service_fee_bp: 500, commission_bp: 1500, seed_version: { version: 1, demo: false } });
      // A real marketplace's admin enters the company; the seed does not invent one.
      expect(settings.company).toBeUndefined();
      const again = await seedDatabase(c.db, { files: null, demo: false, regions: 'sample', now: NOW });
      expect(again).toEqual({ seeded: false, accounts: [] });
      // Asking for demo data later does not invent accounts that do not exist.
      const withDemo = await seedDatabase(c.db, { files: null, demo: true, regions: 'sample', now: NOW });
      expect(withDemo).toEqual({ seeded: false, accounts: [] });
      expect(await scalar(c.client, `select count(*) from users`)).toBe(0);
    } finally {
      c.client.close();
    }
  });
});
