// Which file of a menu picture a screen shows: the square crop on large screens, the 2:1 crop (512 or 1024 px wide by
// screen density) on smaller ones. Shared by the card's <picture> and the preload of the first row of cards, so a
// preloaded file is always the one the card then asks for.
import type { Menu } from './client';

export const SQUARE_MEDIA = '(min-width: 1024px)';
export const MENU_IMAGE_SIZES = '(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw';

export type MenuImageSources = { square?: string; src: string; srcSet?: string };

export function menuImageSources(image: Menu['image']): MenuImageSources | null {
  const url = image?.data.url;
  const wide = url?.t512_2x1 ?? url?.t1024_2x1;
  const square = url?.t512_1x1;
  if (!url || !(wide || square)) return null;
  const srcSet = [url.t512_2x1 ? `${url.t512_2x1} 512w` : null, url.t1024_2x1 ? `${url.t1024_2x1} 1024w` : null].filter(Boolean).join(', ');
  return { square, src: (wide ?? square)!, srcSet: srcSet || undefined };
}

/** Card grid columns per breakpoint (the grids' `sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5`). */
const COLUMNS: [query: string, columns: number][] = [
  ['(min-width: 1536px)', 5],
  ['(min-width: 1280px)', 4],
  ['(min-width: 1024px)', 3],
  ['(min-width: 640px)', 2],
];

export const firstRowSize = () => COLUMNS.find(([query]) => window.matchMedia(query).matches)?.[1] ?? 1;

/**
 * Asks for the pictures of the first row of cards at high priority before the cards exist, so they are in the cache
 * when the cards render (the largest paint of a results page is one of them).
 */
export function preloadMenuImages(menus: Pick<Menu, 'image'>[]): void {
  const large = window.matchMedia(SQUARE_MEDIA).matches;
  for (const menu of menus.slice(0, firstRowSize())) {
    const sources = menuImageSources(menu.image);
    if (!sources) continue;
    const link = document.createElement('link');
    const attrs: Record<string, string | undefined> =
      large && sources.square ? { href: sources.square } : { href: sources.src, imagesrcset: sources.srcSet, imagesizes: sources.srcSet && MENU_IMAGE_SIZES };
    for (const [name, value] of Object.entries({ rel: 'preload', as: 'image', fetchpriority: 'high', ...attrs })) if (value) link.setAttribute(name, value);
    document.head.append(link);
  }
}
