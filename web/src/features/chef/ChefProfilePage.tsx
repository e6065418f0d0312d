// Chef profile (/chefs/:uri, seed §2): avatar with the Signature or PRO badge, name, location, reviews, the year they
// joined (once verified), since when they are a Signature/PRO/verified chef, a greeting with their first name, the bio
// (sanitised markdown), their menus and the reviews. An outdated or shortened uri is replaced by the canonical one;
// the page reloads when the session changes. The chef sees their own profile as visitors do, with "Edit profile".
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Avatar } from '../../components/Avatar';
import { LinkButton } from '../../components/Button';
import { ChefBadge } from '../../components/ChefBadge';
import { Icon } from '../../components/Icon';
import { LoadError } from '../../components/LoadState';
import { Markdown } from '../../components/Markdown';
import { MenuCard, MenuCardSkeleton } from '../../components/MenuCard';
import { PageLoader } from '../../components/PageLoader';
import type { Menu } from '../../lib/client';
import { zoneParts } from '#shared/event-time';
import { MARKET_TIMEZONE } from '../../lib/booking-window';
import { chefDisplayName } from '../../lib/chef';
import { formatDate, formatRating, languageName } from '../../lib/format';
import { usePageHead } from '../../lib/head';
import { useLocale, useT, type TFunction } from '../../lib/i18n';
import { markdownToText } from '../../lib/markdown';
import { routeUrl } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import { useSession } from '../../state/session';
import { ChefNotFound } from './ChefNotFound';
import { Reviews } from './Reviews';
import { chefPaths, type ChefMenu, type ChefProfile } from './chefsApi';
import { useReloadOnSessionChange } from './useReloadOnSessionChange';

/** Seed §2: "verified since" labelled by tier; the marketplace's date, the same for every visitor wherever they are. */
export function verifiedLabel(chef: Pick<ChefProfile, 'is_signature' | 'is_pro' | 'is_verified' | 'verified_at'>, t: TFunction, locale: string): string | null {
  if (!chef.verified_at) return null;
  const date = formatDate(chef.verified_at, locale, MARKET_TIMEZONE);
  if (chef.is_signature) return t('chefprofile.signaturesince', { date });
  if (chef.is_pro) return t('chefprofile.prosince', { date });
  return chef.is_verified ? t('chefprofile.verifiedsince', { date }) : null;
}

/** Seed §2: the greeting uses the chef's first name, "Chef" without one. */
export const greetingName = (chef: Pick<ChefProfile, 'firstname' | 'user_public'>, fallback: string): string =>
  chef.user_public?.data.firstname?.trim() || chef.firstname?.trim() || fallback;

export default function ChefProfilePage({ params }: { params: Record<string, string> }) {
  const t = useT();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const { user } = useSession();
  const uri = params.uri ?? '';
  const profile = useApi<{ data: ChefProfile }>(chefPaths.profile(uri));
  const chef = profile.data?.data ?? null;
  const menus = useApi<{ data: ChefMenu[] }>(chef ? chefPaths.menus(chef.id) : null);
  useReloadOnSessionChange(profile.mutate);

  const name = chef ? chefDisplayName(chef) : '';
  usePageHead({ title: name || t('screens.chefprofile'), description: chef ? markdownToText(chef.profile_bio).slice(0, 160) || undefined : undefined });

  useEffect(() => {
    if (chef && chef.canonical_uri && chef.canonical_uri !== uri) navigate(routeUrl('chefs.profile', { uri: chef.canonical_uri }), { replace: true });
  }, [chef, uri, navigate]);

  if (profile.error?.status === 404 || profile.error?.status === 400) return <ChefNotFound />;
  if (profile.error && !chef) return <LoadError retry={() => profile.mutate()} />;
  if (!chef) return <PageLoader />;

  const avatar = chef.user_public?.data.avatar?.data.url.t256x256;
  const firstName = greetingName(chef, t('chefprofile.defaultname'));
  const verified = verifiedLabel(chef, t, locale);
  const languages = (chef.languages ?? []).map((code) => languageName(code, locale, { inSentence: true })).join(', ');
  // The menus come without their chef; the cards need it for their links and byline.
  const cardChef = { data: { ...chef, user_public: { data: { firstname: chef.user_public?.data.firstname ?? chef.firstname, avatar: chef.user_public?.data.avatar ?? null } } } };
  const own = user?.chef?.data.id === chef.id;

  return (
    <article data-testid="chef-profile">
      <header className="flex flex-col items-center gap-6 text-center sm:flex-row sm:items-start sm:text-left">
        <div className="relative shrink-0">
          <Avatar name={name} src={avatar} size="xl" className="ring-4 ring-white shadow-md" />
          <ChefBadge chef={chef} size="md" className="absolute -bottom-2 left-1/2 -translate-x-1/2 shadow" />
        </div>
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">{name}</h1>
          <ul className="mt-3 flex flex-wrap justify-center gap-x-5 gap-y-2 text-ink-700 sm:justify-start">
            {chef.display_location ? (
              <li className="flex items-center gap-1.5" data-testid="chef-location">
                <Icon name="pin" className="h-4 w-4 text-brand-700" />
                {chef.display_location}
              </li>
            ) : null}
            <li className="flex items-center gap-1.5" data-testid="chef-reviews">
              <Icon name="star" className="h-4 w-4 text-saffron-500" />
              {chef.review_count > 0 && chef.review_avg !== null
                ? t('chefprofile.rating', { avg: formatRating(chef.review_avg, locale), count: chef.review_count })
                : t('chefprofile.noreviews')}
            </li>
            {chef.is_verified ? (
              <li className="flex items-center gap-1.5" data-testid="chef-joined">
                <Icon name="calendar" className="h-4 w-4 text-brand-700" />
                {t('chefprofile.joined', { year: zoneParts(new Date(chef.created_at), MARKET_TIMEZONE).year })}
              </li>
            ) : null}
          </ul>
          {verified ? (
            <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-herb-50 px-3 py-1 text-sm font-semibold text-herb-700" data-testid="chef-verified">
              <Icon name="check" className="h-4 w-4" />
              {verified}
            </p>
          ) : null}
          {languages ? <p className="mt-3 text-sm text-ink-700">{t('chefprofile.languages', { languages })}</p> : null}
        </div>
        {own ? (
          <LinkButton href={routeUrl('account.chefprofile')} variant="outline" size="sm" className="shrink-0">
            {t('chefprofile.editprofile')}
          </LinkButton>
        ) : null}
      </header>

      <section className="mt-12 max-w-3xl" aria-labelledby="chef-greeting">
        <h2 id="chef-greeting" className="text-2xl font-bold text-ink-900">
          {t('chefprofile.greeting', { name: firstName })}
        </h2>
        {chef.profile_bio ? <Markdown source={chef.profile_bio} className="mt-4 text-lg" headingOffset={2} testId="chef-bio" /> : <p className="mt-4 text-ink-700">{t('chefprofile.nobio')}</p>}
      </section>

      <section className="mt-14" aria-labelledby="chef-menus">
        <h2 id="chef-menus" className="mb-6 text-2xl font-bold text-ink-900">
          {t('chefprofile.menus', { name: firstName })}
        </h2>
        {menus.error && !menus.data ? (
          <LoadError retry={() => menus.mutate()} />
        ) : !menus.data ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
            {Array.from({ length: 3 }, (_, i) => (
              <MenuCardSkeleton key={i} />
            ))}
          </div>
        ) : menus.data.data.length === 0 ? (
          <p className="rounded-xl bg-cream-100 px-4 py-6 text-center text-ink-700">{t('chefprofile.nomenus')}</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="chef-menus-grid">
            {menus.data.data.map((menu) => (
              <li key={menu.id} className="flex">
                <div className="flex w-full">
                  <MenuCard menu={{ ...(menu as unknown as Menu), chef: cardChef }} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Reviews chefId={chef.id} chefName={firstName} title={t('chefprofile.reviewstitle')} />
    </article>
  );
}
