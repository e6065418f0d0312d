// A chef's menu (/chefs/:uri/menu/:menuId): image, name, chef, description, tags (cuisines, diets, allergens), the
// courses, prices per guest count, the guest range, where it can be cooked, the reviews and "book this menu"
// (/booking/begin/{menuId}). The price follows the booking settings' guest count; a different uri for the chef is
// replaced by the canonical one.
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Avatar } from '../../components/Avatar';
import { LinkButton } from '../../components/Button';
import { ChefBadge } from '../../components/ChefBadge';
import { Icon, type IconName } from '../../components/Icon';
import { LoadError } from '../../components/LoadState';
import { Markdown } from '../../components/Markdown';
import { NotFound } from '../../components/NotFound';
import { PageLoader } from '../../components/PageLoader';
import { chefDisplayName } from '../../lib/chef';
import { formatRating } from '../../lib/format';
import { usePageHead } from '../../lib/head';
import { useLocale, useT } from '../../lib/i18n';
import { markdownToText } from '../../lib/markdown';
import { routeUrl } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import { useBooking } from '../../state/booking';
import { Reviews, Stars } from './Reviews';
import { chefPaths, type Course, type MenuDetail, type Tag } from './chefsApi';
import { useReloadOnSessionChange } from './useReloadOnSessionChange';

const COURSE_TYPES = ['amuse', 'starter', 'soup', 'main', 'cheese', 'dessert', 'side', 'drink'];

function TagList({ title, tags, tone, testId }: { title: string; tags: Tag[] | undefined; tone: string; testId: string }) {
  if (!tags?.length) return null;
  return (
    <div data-testid={testId}>
      <h3 className="text-sm font-bold uppercase tracking-wide text-ink-700">{title}</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag.key} className={`rounded-full px-3 py-1 text-sm font-semibold ${tone}`}>
            {tag.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

function CourseItem({ course }: { course: Course }) {
  const t = useT();
  const type = COURSE_TYPES.includes(course.course_type) ? t(`menupage.course.${course.course_type}`) : course.course_type;
  return (
    <li className="relative border-l-2 border-brand-200 py-1 pl-5" data-testid="course">
      <span className="absolute -left-[7px] top-2.5 h-3 w-3 rounded-full bg-brand-600" aria-hidden="true" />
      <p className="text-xs font-bold uppercase tracking-wider text-brand-700">{type}</p>
      <h3 className="mt-0.5 text-lg font-bold text-ink-900">{course.name}</h3>
      {course.description ? <p className="mt-1 text-ink-700">{course.description}</p> : null}
      {course.allergens?.data.length ? (
        <p className="mt-1 text-sm text-ink-600">{t('menupage.courseallergens', { allergens: course.allergens.data.map((a) => a.name).join(', ') })}</p>
      ) : null}
    </li>
  );
}

function Fact({ icon, children }: { icon: IconName; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <Icon name={icon} className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <span className="text-ink-800">{children}</span>
    </li>
  );
}

export default function ChefMenuPage({ params }: { params: Record<string, string> }) {
  const t = useT();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const { expected_guests: guests } = useBooking();
  const uri = params.uri ?? '';
  const menuId = params.menuId ?? '';
  const { data, error, mutate } = useApi<{ data: MenuDetail }>(chefPaths.menu(uri, menuId, guests));
  useReloadOnSessionChange(mutate);
  const menu = data?.data ?? null;
  const chef = menu?.chef?.data ?? null;
  const chefName = chefDisplayName(chef);

  usePageHead({ title: menu ? `${menu.name} – ${chefName}` : t('screens.chefmenu'), description: menu ? markdownToText(menu.description).slice(0, 160) || undefined : undefined });

  useEffect(() => {
    if (menu && chef?.uri && chef.uri !== uri) navigate(routeUrl('chefs.menu', { uri: chef.uri, menuId: menu.id }), { replace: true });
  }, [menu, chef?.uri, uri, navigate]);

  // A menu that is not this chef's, not published (any more) or unknown: the 404 page, as for any unknown path.
  if (error?.status === 404 || error?.status === 400) return <NotFound />;
  if (error && !menu) return <LoadError retry={() => mutate()} />;
  if (!menu) return <PageLoader />;

  const image = menu.image?.data.url;
  const wide = image?.t1024_2x1 ?? image?.t512_2x1;
  const places = [menu.at_customer ? t('menupage.place.athome') : null, menu.at_chef ? t('menupage.place.atchef') : null].filter(Boolean).join(' · ');
  const inRange = guests >= menu.min_guests && guests <= menu.max_guests;
  const courses = menu.items?.data ?? [];
  const profileHref = routeUrl('chefs.profile', { uri: chef?.uri || uri });

  return (
    <article data-testid="menu-page">
      <nav aria-label={t('menupage.breadcrumb')} className="mb-4 text-sm text-ink-700">
        <Link href={profileHref} className="inline-flex items-center gap-1 font-semibold text-brand-700 link-underline">
          <Icon name="arrow-left" className="h-4 w-4" />
          {t('menupage.backtochef', { name: chefName })}
        </Link>
      </nav>

      <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          {wide ? (
            <img
              src={wide}
              srcSet={[image?.t512_2x1 ? `${image.t512_2x1} 512w` : null, image?.t1024_2x1 ? `${image.t1024_2x1} 1024w` : null].filter(Boolean).join(', ') || undefined}
              sizes="(min-width: 1024px) 60vw, 100vw"
              width={1024}
              height={512}
              alt=""
              className="aspect-[2/1] h-auto w-full rounded-3xl bg-cream-200 object-cover"
              decoding="async"
            />
          ) : (
            <div className="flex aspect-[2/1] w-full items-center justify-center rounded-3xl bg-gradient-to-br from-cream-200 to-brand-100 text-brand-600" aria-hidden="true">
              <Icon name="plate" className="h-16 w-16 opacity-70" />
            </div>
          )}

          <h1 className="mt-8 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">{menu.name}</h1>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Link href={profileHref} className="flex items-center gap-2 font-semibold text-ink-900 hover:underline">
              <Avatar name={chefName} src={chef?.user_public?.data.avatar?.data.url.t256x256} size="sm" />
              {chefName}
            </Link>
            <ChefBadge chef={chef} />
            {menu.review_count > 0 && menu.review_avg !== null ? (
              <span className="flex items-center gap-2 text-ink-800" data-testid="menu-rating">
                <Stars rating={menu.review_avg} />
                {t('chefprofile.rating', { avg: formatRating(menu.review_avg, locale), count: menu.review_count })}
              </span>
            ) : null}
          </div>

          {menu.description ? <Markdown source={menu.description} className="mt-6 text-lg" headingOffset={2} /> : null}

          <div className="mt-8 grid gap-6 sm:grid-cols-3">
            <TagList title={t('menupage.cuisines')} tags={menu.cuisines?.data} tone="bg-brand-50 text-brand-800" testId="menu-cuisines" />
            <TagList title={t('menupage.diets')} tags={menu.diets?.data} tone="bg-herb-50 text-herb-700" testId="menu-diets" />
            <TagList title={t('menupage.allergens')} tags={menu.allergies?.data} tone="bg-saffron-100 text-ink-900" testId="menu-allergens" />
          </div>

          <section className="mt-12" aria-labelledby="courses-title">
            <h2 id="courses-title" className="text-2xl font-bold text-ink-900">
              {t('menupage.courses')}
            </h2>
            {courses.length ? (
              <ol className="mt-6 space-y-6">
                {courses.map((course) => (
                  <CourseItem key={course.id} course={course} />
                ))}
              </ol>
            ) : (
              <p className="mt-4 text-ink-700">{t('menupage.nocourses')}</p>
            )}
          </section>
        </div>

        <aside className="lg:sticky lg:top-24 lg:self-start" aria-labelledby="booking-card-title">
          <div className="card p-6" data-testid="menu-booking-card">
            <h2 id="booking-card-title" className="sr-only">
              {t('menupage.bookingcard')}
            </h2>
            <p className="text-3xl font-extrabold text-ink-900" data-testid="menu-price">
              {menu.effective_per_person_cost_lc_formatted}
            </p>
            <p className="text-ink-700">{inRange ? t('menupage.perpersonfor', { count: guests }) : t('menupage.perperson')}</p>

            {menu.price_tiers && menu.price_tiers.length > 1 ? (
              <table className="mt-5 w-full text-sm" data-testid="menu-tiers">
                <caption className="mb-2 text-left font-bold text-ink-900">{t('menupage.tiers')}</caption>
                <thead className="sr-only">
                  <tr>
                    <th scope="col">{t('menupage.guests')}</th>
                    <th scope="col">{t('menupage.perperson')}</th>
                  </tr>
                </thead>
                <tbody>
                  {menu.price_tiers.map((tier) => {
                    const active = guests >= tier.min_guests && guests <= tier.max_guests;
                    return (
                      <tr key={tier.min_guests} className={`border-t border-cream-200 ${active ? 'font-bold text-brand-800' : 'text-ink-800'}`}>
                        <th scope="row" className="py-2 text-left font-normal">
                          {t('menupage.tierrange', { from: tier.min_guests, to: tier.max_guests })}
                        </th>
                        <td className="py-2 text-right">{tier.price_per_person_lc_formatted}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            ) : null}

            <ul className="mt-5 space-y-3 border-t border-cream-200 pt-5 text-sm">
              <Fact icon="users">{t('menupage.guestrange', { min: menu.min_guests, max: menu.max_guests })}</Fact>
              {places ? <Fact icon="pin">{places}</Fact> : null}
              <Fact icon={menu.booking_mode === 'instant' ? 'sparkles' : 'mail'}>
                {menu.booking_mode === 'instant' ? t('menupage.instant') : t('menupage.request')}
              </Fact>
            </ul>

            <LinkButton href={routeUrl('booking.begin', { menuId: menu.id })} size="lg" className="mt-6 w-full">
              {t('menupage.book')}
            </LinkButton>
            <p className="mt-3 text-center text-xs text-ink-600">{menu.booking_mode === 'instant' ? t('menupage.paynow') : t('menupage.nocharge')}</p>
          </div>
        </aside>
      </div>

      <Reviews chefId={chef?.id ?? menu.chef_id} chefName={chef?.firstname || chefName} title={t('menupage.reviews', { name: chefName })} />

      {/* Phones and tablets: the booking card lies far below the courses, so the price and the button stay in reach.
          The spacer keeps the page's end (reviews, footer) from hiding under the bar. */}
      <div className="h-24 lg:hidden" aria-hidden="true" />
      <div
        className="fixed inset-x-0 bottom-0 z-20 border-t border-cream-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden"
        style={{ paddingBottom: 'max(0.75rem, env(safe-area-inset-bottom))' }}
        data-testid="menu-sticky-bar"
      >
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4">
          <p className="min-w-0">
            <span className="block text-xl font-extrabold text-ink-900">{menu.effective_per_person_cost_lc_formatted}</span>
            <span className="block text-sm leading-snug text-ink-700">{inRange ? t('menupage.perpersonfor', { count: guests }) : t('menupage.perperson')}</span>
          </p>
          <LinkButton href={routeUrl('booking.begin', { menuId: menu.id })} className="shrink-0">
            {t('menupage.book')}
          </LinkButton>
        </div>
      </div>
    </article>
  );
}
