// Shapes of the public chef reads (GET /v1/chefs/{id}, /reviews, /menus, /menus/{menuId}) as the chef pages use them.
import type { ImageUrl, Menu, MenuChef } from '../../lib/api-types';

export interface ChefProfile {
  id: number;
  uri: string;
  canonical_uri: string;
  firstname: string | null;
  lastname: string | null;
  display_location: string | null;
  profile_bio: string | null;
  review_count: number;
  review_avg: number | null;
  is_verified: boolean;
  verified_at: string | null;
  created_at: string;
  is_pro: boolean;
  is_signature: boolean;
  languages?: string[] | null;
  user_public?: { data: { firstname: string | null; avatar?: ImageUrl<'t256x256'> } } | null;
}

export interface Review {
  id: number;
  menu_id: number | null;
  rating: number;
  text: string | null;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
  user_public?: { data: { firstname: string | null; avatar?: ImageUrl<'t256x256'> } };
}

export interface Tag {
  key: string;
  name: string;
}

export interface Course {
  id: number;
  course_type: string;
  name: string;
  description: string | null;
  allergens?: { data: Tag[] };
}

export interface PriceTier {
  min_guests: number;
  max_guests: number;
  price_per_person_lc_formatted: string;
}

export interface MenuDetail extends Omit<Menu, 'chef'> {
  min_guests: number;
  max_guests: number;
  at_customer: boolean;
  at_chef: boolean;
  booking_mode: 'instant' | 'request';
  price_tiers?: PriceTier[];
  diets?: { data: Tag[] };
  allergies?: { data: Tag[] };
  cuisines?: { data: Tag[] };
  items?: { data: Course[] };
  chef?: { data: MenuChef & { is_verified?: boolean; review_count?: number; review_avg?: number | null } } | null;
}

export const CHEF_RESOLVE = 'user_public,user_public.avatar';
export const REVIEW_RESOLVE = 'user_public,user_public.avatar,chef';
export const CHEF_MENUS_RESOLVE = 'diets,allergies,cuisines,items,image';
/** Seed §7: the chef's menus come in these stacks. */
export const CHEF_MENUS_STACKS = 't512_1x1,t512_2x1';
export const REVIEWS_PAGE_SIZE = 10;
