// The query of the seed's list contract: zero-based page, page_size, order, order_dir, count. Shared with the client's
// list screens through the schemas that spread it; the server's parsing and envelope are functions/_api/lib/list.ts.
import * as v from 'valibot';
import { msg } from '../validation-messages';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;

const intParam = (min: number, max: number, fallback: number) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d+$/, msg('validation.query.whole')), v.transform(Number), v.minValue(min), v.maxValue(max)), String(fallback));

/** The list parameters; `orderDir` is the direction when the client names none (newest first lists pass 'desc'). */
export function listQuery<Order extends string>(orderable: readonly [Order, ...Order[]], orderDir: 'asc' | 'desc' = 'asc') {
  return {
    page: intParam(0, 100_000, 0),
    page_size: intParam(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    order: v.optional(v.picklist(orderable), orderable[0]),
    order_dir: v.optional(v.picklist(['asc', 'desc']), orderDir),
    count: v.optional(v.picklist(['0', '1']), '0'),
  };
}
