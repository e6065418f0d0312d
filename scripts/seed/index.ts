// Seeds the database: reference data always (regions with postal codes, cuisines/diets/allergens, fee settings, FAQ,
// content pages), and the demo marketplace when asked. Deterministic (seeded PRNG, times relative to `now`) and
// idempotent: a `seed_version` row in settings marks a seeded database, and a second call does nothing.
import { and, eq, inArray, isNull, max } from 'drizzle-orm';
import type { DB } from '../../functions/_api/db/client';
import { bookings, payments } from '../../functions/_api/db/schema/bookings';
import { chefs } from '../../functions/_api/db/schema/chefs';
import { faqTopics } from '../../functions/_api/db/schema/content';
import { images } from '../../functions/_api/db/schema/files';
import { menus } from '../../functions/_api/db/schema/menus';
import { messages, messageThreads } from '../../functions/_api/db/schema/messages';
import { payouts } from '../../functions/_api/db/schema/payouts';
import { settings } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { hashPassword } from '../../functions/_api/lib/password';
import { issuedPartiesNow } from '../../functions/_api/modules/documents/receipts.service';
import { DEFAULT_SETTINGS } from '../../functions/_api/modules/settings/settings.service';
import type { Files } from '../../functions/_api/platform/files';
import { DEMO_COMPANY } from './company';
import { buildDemo, DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo';
import { editorialStatements } from './editorial';
import { listIds, listInsert } from './lists';
import { readPostalCodes, seedRegions } from './regions';
import type { BatchItem } from './util';

export { DEMO_CITIES, type DemoCity } from './regions';
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo';

/** Bump when the seeded content changes in a way an existing database should not silently miss. */
export const SEED_VERSION = 1;
export const SEED_MARKER_KEY = 'seed_version';
/** The PRNG seed of the demo data. */
export const DEMO_SEED = 20_250_101;

export type SeedOptions = {
  /** Object storage for the generated images; null skips images. */
  files: Files | null;
  /** Also create the demo marketplace (never in production). */
  demo: boolean;
  /** 'full': every GeoNames place of CH, DE, AT, FR, IT; 'sample': the demo cities and 20 others (fast tests). */
  regions: 'full' | 'sample';
  /** The instant all demo dates are relative to; defaults to the current time. */
  now?: Date;
  log?: (line: string) => void;
};

export type SeedResult = { seeded: boolean; accounts: { role: string; email: string; password: string }[] };

export async function seedDatabase(db: DB, opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  const accounts = opts.demo ? DEMO_ACCOUNTS.map((a) => ({ ...a })) : [];
  const started = Date.now();

  const [marker] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SEED_MARKER_KEY)).limit(1);
  if (marker) {
    const value = marker.value as { demo?: boolean } | null;
    if (opts.demo && value?.demo === false) {
      // The accounts do not exist there, so none are reported.
      log('already seeded without demo data; demo data is not added to an existing database');
      return { seeded: false, accounts: [] };
    }
    log('already seeded; nothing to do');
    return { seeded: false, accounts };
  }

  // 1. Regions and postal codes (idempotent on their own: re-running after a crash skips existing rows).
  const regionRows = await seedRegions(db, opts.regions, log);

  // 2. Vocabularies and fee settings, also idempotent. launch_mode is deliberately not written: without a row the
  //    LAUNCH_MODE environment value (or the 'live' default) applies, and a row would override it. The demo also gets
  //    the company's details (the issuer on its documents); a real marketplace has its admin enter them.
  await db.batch([
    listInsert(db),
    db
      .insert(settings)
      .values([
        { key: 'service_fee_bp', value: DEFAULT_SETTINGS.service_fee_bp, updatedAt: now },
        { key: 'commission_bp', value: DEFAULT_SETTINGS.commission_bp, updatedAt: now },
        { key: 'currency_rates', value: DEFAULT_SETTINGS.currency_rates, updatedAt: now },
        ...(opts.demo ? [{ key: 'company', value: DEMO_COMPANY, updatedAt: now }] : []),
      ])
      .onConflictDoNothing(),
  ]);
  const ids = await listIds(db);
  log(`lists: ${ids.size} cuisines, diets and allergens; settings: fees and currency rates${opts.demo ? ', the demo company' : ''}`);

  // 3. Everything else goes into one batch, i.e. one transaction: the FAQ, the pages, the demo data and the marker.
  const [u, im, ch, mn, bk, pm, th, ms, po, ft] = await db.batch([
    db.select({ m: max(users.id) }).from(users),
    db.select({ m: max(images.id) }).from(images),
    db.select({ m: max(chefs.id) }).from(chefs),
    db.select({ m: max(menus.id) }).from(menus),
    db.select({ m: max(bookings.id) }).from(bookings),
    db.select({ m: max(payments.id) }).from(payments),
    db.select({ m: max(messageThreads.id) }).from(messageThreads),
    db.select({ m: max(messages.id) }).from(messages),
    db.select({ m: max(payouts.id) }).from(payouts),
    db.select({ m: max(faqTopics.id) }).from(faqTopics),
  ]);
  const top = (rows: { m: number | null }[]) => rows[0]?.m ?? 0;

  const statements: BatchItem[] = [...editorialStatements(db, top(ft) + 1, now)];
  if (opts.demo) {
    const hashStarted = Date.now();
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    log(`password hash: ${Date.now() - hashStarted} ms`);
    const demo = await buildDemo({
      db,
      files: opts.files,
      now,
      seed: DEMO_SEED,
      passwordHash,
      log,
      listIds: ids,
      regions: regionRows,
      zips: readPostalCodes(),
      maxIds: {
        users: top(u),
        images: top(im),
        chefs: top(ch),
        menus: top(mn),
        bookings: top(bk),
        payments: top(pm),
        threads: top(th),
        messages: top(ms),
        payouts: top(po),
      },
      fees: { serviceFeeBp: DEFAULT_SETTINGS.service_fee_bp, commissionBp: DEFAULT_SETTINGS.commission_bp },
    });
    statements.push(...demo.statements);
    // The demo's payments name their receipt's parties as the product stores them when a payment succeeds.
    statements.push(db.update(payments).set({ issuedParties: issuedPartiesNow() }).where(and(isNull(payments.issuedParties), inArray(payments.status, ['succeeded', 'refunded', 'partially_refunded']))));
    log(demo.summary);
  }
  statements.push(
    db.insert(settings).values({ key: SEED_MARKER_KEY, value: { version: SEED_VERSION, demo: opts.demo, regions: opts.regions }, updatedAt: now }),
  );
  const writeStarted = Date.now();
  await db.batch(statements as [BatchItem, ...BatchItem[]]);
  log(`wrote ${statements.length} statements in one batch in ${Date.now() - writeStarted} ms; seeding took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { seeded: true, accounts };
}
