// The /ylcadmin frame: section navigation beside the current admin screen. Lives in the admin chunk only.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';

export default function AdminLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const [location] = useLocation();
  const sections = [
    { name: 'ylcadmin.home', label: t('screens.admin.home') },
    { name: 'ylcadmin.users', label: t('screens.admin.users') },
    { name: 'ylcadmin.chefs', label: t('screens.admin.chefs') },
    { name: 'ylcadmin.bookings', label: t('screens.admin.bookings') },
    { name: 'ylcadmin.payouts', label: t('screens.admin.payouts') },
    { name: 'ylcadmin.complaints', label: t('screens.admin.complaints') },
    { name: 'ylcadmin.images', label: t('screens.admin.images') },
    { name: 'ylcadmin.locations', label: t('screens.admin.locations') },
    { name: 'ylcadmin.lists', label: t('screens.admin.lists') },
    { name: 'ylcadmin.settings', label: t('screens.admin.settings') },
    { name: 'ylcadmin.outbox', label: t('screens.admin.outbox') },
    { name: 'ylcadmin.audit', label: t('screens.admin.audit') },
  ];

  return (
    <div className="page-container grid gap-8 py-8 lg:grid-cols-[14rem_1fr]">
      <nav aria-label={t('admin.navigation')} className="min-w-0">
        <p className="mb-3 text-xs font-bold uppercase tracking-wider text-ink-600">{t('admin.title')}</p>
        <ul className="flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
          {sections.map((section) => {
            const href = routeUrl(section.name);
            const current = location === href || (href !== routeUrl('ylcadmin.home') && location.startsWith(`${href}/`));
            return (
              <li key={section.name}>
                <Link
                  href={href}
                  aria-current={current ? 'page' : undefined}
                  className={`block whitespace-nowrap rounded-xl px-3 py-2 text-sm font-semibold ${
                    current ? 'bg-brand-600 text-white' : 'text-ink-800 hover:bg-cream-200'
                  }`}
                >
                  {section.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
