// Menu card (seed §2): image (square on large screens, 2:1 otherwise, the right stack per breakpoint, a placeholder
// without one, lazy-loaded unless it is in the first row), per-person price in the visitor's currency, name,
// description, chef avatar (initials without a picture), name and tier badge, and the reviews when there are any.
// Opens the chef's menu page in a new tab.
import type { Menu } from '../lib/client';
import { chefDisplayName } from '../lib/chef';
import { formatRating } from '../lib/format';
import { useLocale, useT } from '../lib/i18n';
import { markdownToText } from '../lib/markdown';
import { MENU_IMAGE_SIZES, menuImageSources, SQUARE_MEDIA } from '../lib/menu-image';
import { routeUrl } from '../lib/routes';
import { Avatar } from './Avatar';
import { ChefBadge } from './ChefBadge';
import { Icon } from './Icon';

export function MenuImage({ image, sizes = MENU_IMAGE_SIZES, priority = false }: { image: Menu['image']; sizes?: string; priority?: boolean }) {
  const frame = 'aspect-[2/1] lg:aspect-square w-full';
  const sources = menuImageSources(image);
  if (!sources) {
    return (
      <div className={`${frame} flex items-center justify-center bg-gradient-to-br from-cream-200 to-brand-100 text-brand-600`} data-testid="menu-image-placeholder">
        <Icon name="plate" className="h-12 w-12 opacity-70" />
      </div>
    );
  }
  // A card in the first row is fetched at once and first; the others when they near the screen.
  return (
    <picture>
      {sources.square ? <source media={SQUARE_MEDIA} srcSet={sources.square} /> : null}
      <img
        src={sources.src}
        srcSet={sources.srcSet}
        sizes={sources.srcSet ? sizes : undefined}
        width={512}
        height={256}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? undefined : 'async'}
        className={`${frame} h-auto object-cover bg-cream-200 transition-transform duration-300 group-hover:scale-103`}
      />
    </picture>
  );
}

export function MenuCard({ menu, testId = 'menu-card', priority = false }: { menu: Menu; testId?: string; priority?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const chef = menu.chef?.data ?? null;
  const chefName = chefDisplayName(chef);
  // The uri's last dash-separated part is the chef id, so the bare id also resolves (the chef page redirects to the canonical uri).
  const href = routeUrl('chefs.menu', { uri: chef?.uri || menu.chef_id, menuId: menu.id });
  const hasReviews = menu.review_count > 0 && menu.review_avg !== null;

  return (
    <article data-testid={testId} className="group relative flex flex-col overflow-hidden card transition-shadow hover:shadow-md focus-within:ring-2 focus-within:ring-brand-700">
      <div className="overflow-hidden">
        <MenuImage image={menu.image} priority={priority} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center gap-2">
          <p className="text-sm font-semibold text-brand-700">{t('menucard.perperson', { price: menu.effective_per_person_cost_lc_formatted })}</p>
          {hasReviews ? (
            <span className="ml-auto flex shrink-0 items-center gap-1 text-sm text-ink-800" data-testid="menu-reviews">
              <Icon name="star" className="h-4 w-4 text-saffron-500" />
              <span aria-hidden="true">
                {formatRating(menu.review_avg!, locale)} ({menu.review_count})
              </span>
              <span className="sr-only">{t('menucard.rating', { avg: formatRating(menu.review_avg!, locale), count: menu.review_count })}</span>
            </span>
          ) : null}
        </div>
        <h3 className="text-lg font-bold leading-snug text-ink-900">
          <a href={href} target="_blank" rel="noopener" className="after:absolute after:inset-0 after:content-empty focus:outline-none">
            {menu.name}
            <span className="sr-only"> ({t('common.opensnewtab')})</span>
          </a>
        </h3>
        {menu.description ? <p className="line-clamp-2 text-sm text-ink-600">{markdownToText(menu.description)}</p> : null}
        <div className="mt-auto flex items-center gap-2 pt-2">
          {chef ? (
            <>
              <Avatar name={chefName} src={chef.user_public?.data.avatar?.data.url.t256x256} size="xs" />
              <span className="min-w-0 truncate text-sm font-medium text-ink-800">{chefName}</span>
              <ChefBadge chef={chef} tooltip={false} />
            </>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** A card still loading. With `image` its picture already shows: the edge paints a results page's first row so. */
export function MenuCardSkeleton({ image }: { image?: Menu['image'] }) {
  return (
    <div className="overflow-hidden card" aria-hidden="true">
      {image ? <MenuImage image={image} priority /> : <div className="aspect-[2/1] lg:aspect-square w-full animate-pulse bg-cream-200" />}
      <div className="space-y-3 p-4">
        <div className="h-3 w-1/3 animate-pulse rounded bg-cream-200" />
        <div className="h-5 w-3/4 animate-pulse rounded bg-cream-200" />
        <div className="h-3 w-full animate-pulse rounded bg-cream-200" />
      </div>
    </div>
  );
}
