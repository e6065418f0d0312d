// The frame of every chef-area screen: title, the chef-area navigation, a banner when the profile is not active,
// and the states before the content can show (signed out, no chef profile yet, loading, failed).
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/Button';
import { Icon, type IconName } from '../../components/Icon';
import { NotAChef } from '../../components/NotAChef';
import { usePageHead } from '../../lib/head';
import { tk, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { useSession } from '../../state/session';
import { openSignIn } from '../../state/ui';
import { useOwnChef, type OwnProfile } from './chefApi';
import { LoadError, Loading } from './states';
import { chefStatusKeys, chefStatusText, pausedBySupport, TONE_CLASSES } from './status';

const NAV: { route: string; label: string; icon: IconName }[] = [
  { route: 'account.chefprofile', label: tk('chefarea.nav.profile'), icon: 'chefhat' },
  { route: 'account.menumanagement', label: tk('chefarea.nav.menus'), icon: 'plate' },
  { route: 'account.availability', label: tk('chefarea.nav.availability'), icon: 'calendar' },
  { route: 'account.chefbookings', label: tk('chefarea.nav.bookings'), icon: 'users' },
  { route: 'account.payout', label: tk('chefarea.nav.payout'), icon: 'sparkles' },
];

const APPLYING = ['New', 'Onboarded', 'OnboardingFailed'];

export function ChefAreaNav({ chef }: { chef: OwnProfile | null }) {
  const t = useT();
  const [path] = useLocation();
  const items = chef && APPLYING.includes(chef.status_name) ? [{ route: 'account.becomechef', label: tk('chefarea.nav.application'), icon: 'check' as IconName }, ...NAV] : NAV;
  return (
    <nav aria-label={t('chefarea.nav.label')} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-1 border-b border-cream-300">
        {items.map((item) => {
          const href = routeUrl(item.route);
          const current = path === href || (item.route === 'account.menumanagement' && path.startsWith(`${href}/`));
          return (
            <li key={item.route}>
              <Link
                href={href}
                aria-current={current ? 'page' : undefined}
                className={`-mb-px flex items-center gap-2 whitespace-nowrap border-b-3 px-3 py-2.5 text-sm font-semibold ${current ? 'border-brand-600 text-brand-800' : 'border-transparent text-ink-700 hover:text-ink-900'}`}
              >
                <Icon name={item.icon} className="h-4 w-4" />
                {t(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Says why the chef area is limited while the profile is not active, with the way forward. */
export function ChefStatusBanner({ chef }: { chef: OwnProfile }) {
  const t = useT();
  if (chef.status_name === 'Active') return null;
  const keys = chefStatusKeys(chef.status_name);
  const toApplication = APPLYING.includes(chef.status_name);
  return (
    <div role="status" className={`flex flex-wrap items-center gap-3 rounded-2xl px-4 py-3 ring-1 ${TONE_CLASSES[keys.tone]}`} data-testid="chef-status-banner">
      <Icon name="info" className="h-5 w-5 shrink-0" />
      {/* At least 15rem for the sentence, so on a phone the link goes below it instead of squeezing it into a column. */}
      <p className="min-w-0 flex-1 basis-60">
        <strong>{t(keys.label)}.</strong> {t(...chefStatusText(chef))}
      </p>
      {toApplication ? (
        <Link href={routeUrl('account.becomechef')} className="font-semibold link-underline">
          {t('chefarea.banner.toapplication')}
        </Link>
      ) : pausedBySupport(chef) ? (
        <ContactSupport />
      ) : chef.status_name === 'Paused' ? (
        <Link href={routeUrl('account.chefprofile')} className="font-semibold link-underline">
          {t('chefarea.banner.resume')}
        </Link>
      ) : null}
    </div>
  );
}

/** Where a chef whose profile support paused or blocked asks about it. */
export function ContactSupport() {
  const t = useT();
  return (
    <Link href={routeUrl('page', { pageUrl: 'contact' })} className="font-semibold link-underline">
      {t('chefarea.banner.contact')}
    </Link>
  );
}

export function ChefAreaFrame({
  title,
  intro,
  actions,
  showStatus = true,
  children,
}: {
  title: string;
  intro?: string;
  actions?: ReactNode;
  showStatus?: boolean;
  children: (chef: OwnProfile) => ReactNode;
}) {
  const t = useT();
  usePageHead({ title });
  const { user } = useSession();
  const chef = useOwnChef(Boolean(user));

  let body: ReactNode;
  if (!user) {
    body = (
      <section className="card flex flex-col items-start gap-4 p-6">
        <p className="text-ink-800">{t('chefarea.common.signedout')}</p>
        <Button onClick={() => openSignIn()}>{t('header.signin')}</Button>
      </section>
    );
  } else if (chef.error?.code === 'NOT_A_CHEF') {
    body = <NotAChef />;
  } else if (chef.error && !chef.data) {
    body = <LoadError retry={() => chef.mutate()} />;
  } else if (!chef.data) {
    body = <Loading />;
  } else {
    body = (
      <>
        {showStatus ? <ChefStatusBanner chef={chef.data.data} /> : null}
        {children(chef.data.data)}
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <ChefAreaNav chef={chef.data?.data ?? null} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-ink-900">{title}</h1>
          {intro ? <p className="mt-2 max-w-2xl text-ink-700">{intro}</p> : null}
        </div>
        {actions}
      </header>
      {body}
    </div>
  );
}
