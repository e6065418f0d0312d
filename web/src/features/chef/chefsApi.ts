// The public chef reads (GET /v1/chefs/{id}, /reviews, /menus, /menus/{menuId}): their typed client, the swr keys and the
// answers the chef pages read, inferred from the routes.
import { client, type Answer } from '../../lib/client';

/** The public chef reads; the path pattern is the server's (chefs.schema.ts CHEF_REF: a uri ending in the id, or the id). */
const chefRead = client.chefs[':id{[A-Za-z0-9-]*[0-9]}'];
const chefMenu = chefRead.menus[':menuId{[0-9]+}'];

export type ChefProfile = Answer<typeof chefRead.$get>['data'];
export type Review = Answer<typeof chefRead.reviews.$get>['data'][number];
/** One of the chef's menus, as the profile page lists them. */
export type ChefMenu = Answer<typeof chefRead.menus.$get>['data'][number];
/** One menu in full, as its page shows it. */
export type MenuDetail = Answer<typeof chefMenu.$get>['data'];
export type Course = NonNullable<MenuDetail['items']>['data'][number];
export type Tag = NonNullable<MenuDetail['diets']>['data'][number];

export const CHEF_RESOLVE = 'user_public,user_public.avatar';
export const REVIEW_RESOLVE = 'user_public,user_public.avatar,chef';
export const CHEF_MENUS_RESOLVE = 'diets,allergies,cuisines,items,image';
/** Seed §7: the chef's menus come in these stacks. */
export const CHEF_MENUS_STACKS = 't512_1x1,t512_2x1';
export const REVIEWS_PAGE_SIZE = 10;

export const chefPaths = {
  profile: (uri: string) => chefRead.$path({ param: { id: uri }, query: { resolve: CHEF_RESOLVE } }),
  menus: (chefId: number) => chefRead.menus.$path({ param: { id: String(chefId) }, query: { resolve: CHEF_MENUS_RESOLVE, stacks: CHEF_MENUS_STACKS } }),
  menu: (uri: string, menuId: string, guests?: number) => chefMenu.$path({ param: { id: uri, menuId }, query: { guests } }),
  reviews: (chefId: number) => chefRead.reviews.$path({ param: { id: String(chefId) }, query: { resolve: REVIEW_RESOLVE } }),
};
