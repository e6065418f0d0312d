// GET /menus/nearme/{regionId} at the edge: the page prerendered in the visitor's language while its menus load
// (prerender.ts), with the pictures of the region's first menus already in its first loading cards. A results page's
// largest paint is its first picture, and so it needs no JavaScript. The menus are the ones the client asks for next:
// the same query (shared/near-page.ts), read through the API's own schema, with the booking settings the client
// mirrors into a cookie; so its call is then answered from the result cache. Anything the edge cannot tell
// (an unknown region, odd filters) leaves the plain loading cards, and the client shows what it finds.
import * as v from 'valibot';
import type { Bindings } from '../../env';
import { ApiError } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { cookieValue, DEFAULT_CURRENCY, localeOfRequest } from '#shared/locales';
import { withDeps, type Deps, type Platform } from '../../platform/deps';
import { menusNearBody, nearInput } from '../menus/menus.service';
import { checkBookableDay, GUESTS_MIN, nearQuery } from '../menus/menus.schema';
import { NEAR_PAGE_QUERY, NEAR_SETTINGS_COOKIE, parseNearSettingsCookie } from '#shared/near-page';
import { MENU_SKELETONS_FILE, prerenderedPage, readPrerendered, type MenuSkeletons, type ReadBuiltFile } from './prerender';

/** Loading cards that get their picture: the first row of the widest grid (five columns). */
export const FIRST_PICTURES = 5;

type Picture = Record<string, string | undefined>;
type NearPage = { data: { image: { data: { url: Picture } } | null }[] };

/** The pictures of a result-cache body, so that a cached answer is decoded once, not on every page view. */
const picturesOfBody = new WeakMap<Uint8Array, Picture[]>();

/** The page's filters the edge passes on; the client reads the same ones from the URL (discovery/filters.ts). */
const FILTER_PARAMS = ['cuisines', 'diets', 'allergies_exclude', 'search'] as const;

/** The first page of menus the client will ask for on this URL, with the settings in the visitor's cookie. */
async function firstPictures(request: Request, deps: Deps): Promise<Picture[]> {
  const url = new URL(request.url);
  const regionId = /^\/menus\/nearme\/(\d{1,12})\/?$/.exec(url.pathname)?.[1];
  if (!regionId) return [];
  const settings = parseNearSettingsCookie(cookieValue(request.headers.get('cookie'), NEAR_SETTINGS_COOKIE));
  const query: Record<string, string> = { ...NEAR_PAGE_QUERY, page_size: String(NEAR_PAGE_QUERY.page_size), page: '0', count: '1' };
  for (const name of FILTER_PARAMS) {
    const value = url.searchParams.get(name);
    if (value) query[name] = value;
  }
  query.guests = String(settings?.guests ?? GUESTS_MIN);
  // The page's own parameter wins over the stored place, as it does in the client.
  const place = url.searchParams.get('at_chefs_place');
  query.at_chefs_place = place === '0' || place === '1' ? place : settings?.at_chefs_place ? '1' : '0';
  if (settings?.date) query.date = settings.date;

  const parsed = v.safeParse(nearQuery, query);
  if (!parsed.success) return [];
  const q = parsed.output;
  if (q.date !== undefined) {
    try {
      checkBookableDay(q.date, deps.clock.now());
    } catch {
      q.date = undefined; // a day that has passed no longer narrows the client's search either
    }
  }
  try {
    const { body, launchMode } = await menusNearBody(
      { db: deps.db, currency: DEFAULT_CURRENCY, locale: localeOfRequest(request, 'page'), launchModeDefault: deps.config.launchModeOverride },
      nearInput(Number(regionId), q),
    );
    // Before launch the page is not for visitors (the client sends them to /become-a-chef), and the edge does not
    // read sessions: no pictures for anybody, the plain loading page.
    if (launchMode === 'prelaunch') return [];
    let pictures = picturesOfBody.get(body);
    if (!pictures) {
      const page = JSON.parse(new TextDecoder().decode(body)) as NearPage;
      pictures = page.data.slice(0, FIRST_PICTURES).map((menu) => menu.image?.data.url ?? {});
      picturesOfBody.set(body, pictures);
    }
    return pictures;
  } catch (err) {
    // Pictures are an enhancement: the page works without them. An unknown region is the client's to explain.
    if (!(err instanceof ApiError && err.status === 404)) deps.log.warn('nearpage.failed', { path: url.pathname, error: String(err) });
    return [];
  }
}

/**
 * The page with its first loading cards swapped for the same cards with their pictures, in the order of the results
 * and up to the first menu without a full set of picture stacks (the client shows a placeholder there). Only the
 * first is fetched at high priority: it is the page's largest paint, and the others, asked for at once, shared the
 * connection and the server with it (at 4× CPU throttling it arrived with the fifth, 130 ms after the stylesheet).
 */
export function withPictures(html: string, skeletons: MenuSkeletons, pictures: Picture[]): string {
  for (const [i, picture] of pictures.entries()) {
    let complete = true;
    const slots: Picture = { ...picture, priority: i === 0 ? 'high' : 'low' };
    const card = skeletons.picture.replace(/\{\{(\w+)\}\}/g, (_, slot: string) => {
      const value = slots[slot];
      if (!value) complete = false;
      return escapeHtml(value ?? '');
    });
    const next = complete ? html.replace(skeletons.plain, () => card) : html;
    if (next === html) break; // an incomplete picture, or no loading card left
    html = next;
  }
  return html;
}

export function nearMePage(request: Request, env: Bindings, platform: Platform, read: ReadBuiltFile): Promise<Response> {
  return withDeps(env, platform, async (deps) => {
    const [html, skeletons, pictures] = await Promise.all([readPrerendered('nearme', request, read), read(MENU_SKELETONS_FILE), firstPictures(request, deps)]);
    if (html === null || skeletons === null) return prerenderedPage(html, env);
    return prerenderedPage(withPictures(html, JSON.parse(skeletons) as MenuSkeletons, pictures), env);
  });
}
