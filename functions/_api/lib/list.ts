// The seed's list contract on the server: the query (its schema is the kernel's), the offset and the envelope
// { data, total_count, filter_count }.

export type ListEnvelope<T> = { data: T[]; total_count?: number; filter_count?: number };

export type ListParams<Order extends string = string> = {
  page: number;
  page_size: number;
  order: Order;
  order_dir: 'asc' | 'desc';
  count: '0' | '1';
};

const LIST_KEYS = ['page', 'page_size', 'order', 'order_dir', 'count'];
/** Only the list's own parameters are read; anything else in the query string is another validator's (or nobody's). */
export const pickList = (query: Record<string, unknown>) => Object.fromEntries(Object.entries(query).filter(([k]) => LIST_KEYS.includes(k)));

export const offsetOf = (p: Pick<ListParams, 'page' | 'page_size'>) => p.page * p.page_size;

export function envelope<T>(data: T[], params: Pick<ListParams, 'count'>, totals: { total: number; filtered?: number }): ListEnvelope<T> {
  if (params.count !== '1') return { data };
  return { data, total_count: totals.total, filter_count: totals.filtered ?? totals.total };
}
