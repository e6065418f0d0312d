// Every admin list pages by the rows its filters leave: filter_count is exactly what walking the pages returns (the
// screens page by it), total_count counts the list without the filters, and the page after the last is empty.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listItems } from '../../functions/_api/db/schema/lists';
import { auditLog, outbox } from '../../functions/_api/db/schema/system';
import { useHarness } from '../support/use-harness';
import { superUser } from '../support/admin-fixtures';
import { createPayout } from '../support/chef-fixtures';
import { createBooking, listItem } from '../support/discovery-fixtures';
import { createChef, createImage, createMenu, createUser } from '../support/fixtures';
import { ok, typedClient } from '../support/typed-client';

const h = useHarness();
let admin: ReturnType<typeof typedClient>['admin'];
// Digits only, so the search words below occur in nothing but the rows made for them.
const tag = `p${Date.now()}`;
const MATCHING = 5;
const PAGE_SIZE = 2;

beforeAll(async () => {
  admin = typedClient((await superUser(h)).agent).admin;
  const times = (n: number, make: (i: number) => Promise<unknown>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

  await times(MATCHING, (i) => createUser(h.db, { lastname: `Account${tag}`, email: `u${i}.${tag}@example.com` }));
  await times(2, () => createUser(h.db));

  await times(MATCHING, () => createChef(h.db, { user: { lastname: `Cook${tag}` } }));
  const { chef } = await createChef(h.db);
  const menu = await createMenu(h.db, chef.id);
  for (let i = 0; i < MATCHING + 2; i++) {
    const customer = await createUser(h.db, { lastname: i < MATCHING ? `Guest${tag}` : 'Other' });
    await createBooking(h.db, { chefId: chef.id, menuId: menu.id, eventDate: `2027-03-${String(10 + i).padStart(2, '0')}`, status: 'requested', customerId: customer.id });
  }

  await h.db.insert(outbox).values(Array.from({ length: MATCHING + 2 }, (_, i) => ({ channel: 'mail', recipient: i < MATCHING ? `out${i}.${tag}@example.com` : `other${i}@example.com`, body: 'Hello' })));
  await times(MATCHING + 2, (i) => createImage(h.db, { t512_1x1: `img/${tag}-${i}` }, { status: i < MATCHING ? 'hidden' : 'approved' }));
  await h.db.insert(auditLog).values(Array.from({ length: MATCHING + 2 }, (_, i) => ({ action: i < MATCHING ? 'image.hide' : 'image.approve', targetType: 'image', targetId: String(i) })));
  await times(MATCHING + 2, (i) => createPayout(h.db, { chefId: chef.id, amount: 1000 + i, status: i < MATCHING ? 'failed' : 'paid' }));
  for (let i = 0; i < MATCHING + 2; i++) {
    const item = await listItem(h.db, 'diet', `pagerdiet${i}`);
    if (i < MATCHING) await h.db.update(listItems).set({ retiredAt: new Date() }).where(eq(listItems.id, item.id));
  }
});

type Paging = { count: '1'; page_size: number; page: number };
/** What every admin list answers: a page of rows with ids, and the counts the screens page by (sent with count=1). */
type Page = { data: { id: number }[]; total_count?: number; filter_count?: number };

/** Each list with a filter that leaves exactly MATCHING of its rows (a list answering otherwise fails the typecheck). */
const LISTS: [string, (paging: Paging) => Promise<{ status: number; body: Page }>][] = [
  ['users (search)', (paging) => ok(admin.users.$get({ query: { q: `account${tag}`, ...paging } }))],
  ['chefs (search)', (paging) => ok(admin.chefs.$get({ query: { q: `cook${tag}`, ...paging } }))],
  ['bookings (search)', (paging) => ok(admin.bookings.$get({ query: { q: `guest${tag}`, ...paging } }))],
  ['outbox (recipient)', (paging) => ok(admin.outbox.$get({ query: { recipient: tag, ...paging } }))],
  ['images (status)', (paging) => ok(admin.images.$get({ query: { status: 'hidden', ...paging } }))],
  ['audit log (action)', (paging) => ok(admin.audit.$get({ query: { action: 'image.hide', ...paging } }))],
  ['payouts (status)', (paging) => ok(admin.payouts.$get({ query: { status: 'failed', ...paging } }))],
  ['lists (kind and state)', (paging) => ok(admin.lists.$get({ query: { kind: 'diet', state: 'retired', ...paging } }))],
];

describe('admin lists page by the filtered count', () => {
  it.each(LISTS)('%s', async (name, list) => {
    const pageOf = async (page: number) => {
      const res = await list({ count: '1', page_size: PAGE_SIZE, page });
      expect(res.status, `${name} page ${page}`).toBe(200);
      return res.body;
    };
    const first = await pageOf(0);
    expect(first.filter_count).toBe(MATCHING);
    expect(first.total_count).toBeGreaterThan(MATCHING);

    const pageCount = Math.ceil(first.filter_count! / PAGE_SIZE);
    const seen: number[] = [];
    for (let page = 0; page < pageCount; page++) {
      const body = await pageOf(page);
      expect(body.filter_count).toBe(MATCHING);
      expect(body.data.length, `page ${page + 1} of ${pageCount}`).toBe(page < pageCount - 1 ? PAGE_SIZE : MATCHING - PAGE_SIZE * (pageCount - 1));
      seen.push(...body.data.map((row) => row.id));
    }
    expect(new Set(seen).size).toBe(MATCHING);
    expect((await pageOf(pageCount)).data).toEqual([]);
  });
});
