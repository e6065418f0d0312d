// Translation keys of the statuses and reasons the chef screens show: chef status, menu status and the codes of
// what a menu still needs to be published (chef-menus.service PUBLISH_MISSING).
import { tk } from '../../lib/i18n';
import type { ChefStatusName } from './chefApi';

export const CHEF_STATUS_KEYS: Record<ChefStatusName, { label: string; text: string; tone: 'neutral' | 'info' | 'success' | 'warning' | 'danger' }> = {
  New: { label: tk('chefarea.status.New.label'), text: tk('chefarea.status.New.text'), tone: 'neutral' },
  Onboarded: { label: tk('chefarea.status.Onboarded.label'), text: tk('chefarea.status.Onboarded.text'), tone: 'info' },
  OnboardingFailed: { label: tk('chefarea.status.OnboardingFailed.label'), text: tk('chefarea.status.OnboardingFailed.text'), tone: 'warning' },
  Active: { label: tk('chefarea.status.Active.label'), text: tk('chefarea.status.Active.text'), tone: 'success' },
  Paused: { label: tk('chefarea.status.Paused.label'), text: tk('chefarea.status.Paused.text'), tone: 'warning' },
  Banned: { label: tk('chefarea.status.Banned.label'), text: tk('chefarea.status.Banned.text'), tone: 'danger' },
};

export const chefStatusKeys = (name: string) => CHEF_STATUS_KEYS[(name in CHEF_STATUS_KEYS ? name : 'New') as ChefStatusName];

/** Support paused the profile (with the reason the chef reads): only support lifts it, so the chef is not offered to resume. */
export const pausedBySupport = (chef: { status_name: string; paused_by: string | null }) => chef.status_name === 'Paused' && chef.paused_by === 'admin';

/** The sentence that explains the chef's status, with support's reason for a pause it made. */
export function chefStatusText(chef: { status_name: string; paused_by: string | null; pause_reason: string | null }): [string, Record<string, string>?] {
  if (pausedBySupport(chef)) return [tk('chefarea.status.pausedbysupport'), { reason: chef.pause_reason ?? '' }];
  return [chefStatusKeys(chef.status_name).text];
}

type StatusOf = { status_name: string; paused_by: string | null };

/**
 * Why a chef who is not active cannot publish, when it is a pause or a block (with what to do: resume on the profile
 * page, or ask support); null while the application is not approved yet.
 */
function heldBackBy(chef: StatusOf): string | null {
  if (chef.status_name === 'Banned') return tk('chefarea.menus.heldback.banned');
  if (pausedBySupport(chef)) return tk('chefarea.menus.heldback.pausedbysupport');
  if (chef.status_name === 'Paused') return tk('chefarea.menus.heldback.paused');
  return null;
}

/** The menus page's notice for a chef who is not active. */
export const menusNoticeKey = (chef: StatusOf) => heldBackBy(chef) ?? tk('chefarea.menus.notactive');

/** What a menu still needs to be published, said for this chef: a paused or blocked chef reads why, not "approved". */
export const publishMissingKey = (code: string, chef: StatusOf) => (code === 'chef_not_active' && heldBackBy(chef)) || PUBLISH_MISSING_KEYS[code] || code;

export const TONE_CLASSES = {
  neutral: 'bg-cream-200 text-ink-800 ring-cream-300',
  info: 'bg-saffron-100 text-ink-900 ring-saffron-300',
  success: 'bg-herb-50 text-herb-700 ring-herb-100',
  warning: 'bg-brand-50 text-brand-800 ring-brand-200',
  danger: 'bg-danger-50 text-danger-700 ring-danger-100',
} as const;

export const MENU_STATUS_KEYS: Record<string, { label: string; tone: keyof typeof TONE_CLASSES }> = {
  draft: { label: tk('chefarea.menus.status.draft'), tone: 'neutral' },
  published: { label: tk('chefarea.menus.status.published'), tone: 'success' },
  archived: { label: tk('chefarea.menus.status.archived'), tone: 'warning' },
};

const PUBLISH_MISSING_KEYS: Record<string, string> = {
  chef_not_active: tk('chefarea.menu.missing.chef_not_active'),
  courses: tk('chefarea.menu.missing.courses'),
  price: tk('chefarea.menu.missing.price'),
  image: tk('chefarea.menu.missing.image'),
  image_pending: tk('chefarea.menu.missing.image_pending'),
  place: tk('chefarea.menu.missing.place'),
  diets: tk('chefarea.menu.missing.diets'),
};

export const COURSE_TYPE_KEYS: Record<string, string> = {
  amuse: tk('chefarea.menu.coursetypes.amuse'),
  starter: tk('chefarea.menu.coursetypes.starter'),
  soup: tk('chefarea.menu.coursetypes.soup'),
  main: tk('chefarea.menu.coursetypes.main'),
  cheese: tk('chefarea.menu.coursetypes.cheese'),
  dessert: tk('chefarea.menu.coursetypes.dessert'),
  side: tk('chefarea.menu.coursetypes.side'),
  drink: tk('chefarea.menu.coursetypes.drink'),
};
