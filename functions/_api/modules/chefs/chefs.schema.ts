// Path and query schemas of the public chef reads (seed §7 "Chefs and menus").
import * as v from 'valibot';
import { listQuery } from '#shared/schemas/list.schema';
import { notFound } from '../../lib/errors';
import { resolveList } from '../menus/menus.schema';

/**
 * Route pattern for a chef reference: a numeric id or a uri ("anna-muster-12"), which always ends in digits. It
 * keeps words such as "me" out of these routes, so other /v1/chefs/... calls can live beside them.
 */
export const CHEF_REF = '[A-Za-z0-9-]*[0-9]';

/** Seed §3: the id is the last dash-separated part of the uri. */
export function chefIdFromRef(ref: string): number {
  const last = ref.split('-').pop() ?? '';
  if (!/^\d{1,12}$/.test(last)) throw notFound('Chef not found.');
  return Number(last);
}

export const CHEF_RESOLVE = ['user_public', 'user_public.avatar'] as const;
export const chefQuery = v.object({ resolve: resolveList(CHEF_RESOLVE) });

export const REVIEW_RESOLVE = ['user_public', 'user_public.avatar', 'chef'] as const;
export const REVIEW_ORDER = ['created_at', 'rating'] as const;
export const reviewsQuery = v.object({ resolve: resolveList(REVIEW_RESOLVE), ...listQuery(REVIEW_ORDER) });
