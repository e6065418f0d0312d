// The chef's application as an admin reviews it: the profile, the onboarding steps with what is missing, the
// documents (downloads are audit-logged by the server), the regions served, the menus and the recent history.
import type { AuditAction } from '#shared/audit-actions';
import { formatMoney } from '#shared/pricing';
import { Avatar } from '../../components/Avatar';
import { Empty } from '../../components/LoadState';
import { formatDate, formatDateTime, formatRating, languageName } from '../../lib/format';
import { tk, useLocale, useT, type TFunction } from '../../lib/i18n';
import { AdminSection, Badge, Facts } from './parts';
import { CHEF_TIER_KEYS, chefName, type AdminChefDetail, type AdminChefEvent, type ChefTierName } from './ChefsApi';

const MENU_STATUS_KEYS: Record<string, string> = {
  draft: tk('admin.chefs.menus.status.draft'),
  published: tk('admin.chefs.menus.status.published'),
  archived: tk('admin.chefs.menus.status.archived'),
};

const KB = 1024;
const fileSize = (bytes: number) => (bytes >= KB * KB ? `${(bytes / KB / KB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / KB))} KB`);

/** A name for every chef action of the audit log (the type makes a new one need its name); never a raw code. */
const EVENT_KEYS: Record<Extract<AuditAction, `chef.${string}`>, string> = {
  'chef.status.create': tk('admin.chefs.history.create'),
  'chef.status.submit': tk('admin.chefs.history.submit'),
  'chef.status.approve': tk('admin.chefs.history.approve'),
  'chef.status.reject': tk('admin.chefs.history.reject'),
  'chef.status.pause': tk('admin.chefs.history.pause'),
  'chef.status.resume': tk('admin.chefs.history.resume'),
  'chef.status.ban': tk('admin.chefs.history.ban'),
  'chef.status.unban': tk('admin.chefs.history.unban'),
  'chef.tier': tk('admin.chefs.history.tier'),
  'chef.payout_details.create': tk('admin.chefs.history.payoutdetailscreate'),
  'chef.payout_details.update': tk('admin.chefs.history.payoutdetailsupdate'),
};

export function ChefApplication({ chef }: { chef: AdminChefDetail }) {
  const t = useT();
  const locale = useLocale();
  const name = chefName(chef);
  const home = chef.home_region?.data;
  return (
    <>
      <AdminSection title={t('admin.chefs.profile.title')} testId="profile-section">
        <div className="flex flex-col gap-5 sm:flex-row">
          <Avatar name={name} src={chef.avatar?.data.url.t256x256} size="xl" />
          <div className="min-w-0 flex-1">
            <Facts
              items={[
                { label: t('admin.chefs.profile.email'), value: chef.user.email },
                { label: t('admin.chefs.profile.phone'), value: chef.phone ? `${chef.phone} · ${t(chef.phone_verified ? 'admin.chefs.profile.verified' : 'admin.chefs.profile.unverified')}` : null },
                { label: t('admin.chefs.profile.location'), value: chef.display_location },
                { label: t('admin.chefs.profile.address'), value: chef.address },
                { label: t('admin.chefs.profile.homeregion'), value: home ? `${home.zip ?? ''} ${home.name} (${home.state}, ${home.country_code})`.trim() : null },
                { label: t('admin.chefs.profile.radius'), value: t('admin.chefs.profile.km', { km: chef.travel_radius_km }) },
                { label: t('admin.chefs.profile.languages'), value: chef.languages.map((l) => languageName(l, locale)).join(', ') },
                { label: t('admin.chefs.profile.cuisines'), value: chef.cuisines.data.map((c) => c.name).join(', ') },
                { label: t('admin.chefs.profile.experience'), value: chef.experience_years != null ? t('admin.chefs.profile.years', { years: chef.experience_years }) : null },
                { label: t('admin.chefs.profile.reviews'), value: chef.review_count ? t('admin.chefs.profile.reviewsvalue', { avg: formatRating(chef.review_avg, locale), count: chef.review_count }) : null },
                { label: t('admin.chefs.profile.created'), value: formatDate(chef.created_at, locale) },
                { label: t('admin.chefs.profile.submitted'), value: chef.submitted_at ? formatDate(chef.submitted_at, locale) : null },
                { label: t('admin.chefs.profile.verifiedsince'), value: chef.verified_at ? formatDate(chef.verified_at, locale) : null },
              ]}
            />
          </div>
        </div>
        <h3 className="mt-5 text-sm font-bold text-ink-800">{t('admin.chefs.profile.bio')}</h3>
        {chef.profile_bio ? <p className="mt-1 whitespace-pre-line text-ink-900">{chef.profile_bio}</p> : <p className="mt-1 text-ink-600">–</p>}
      </AdminSection>

      <AdminSection title={t('admin.chefs.steps.title')} testId="steps-section">
        <ul className="divide-y divide-cream-200">
          {chef.onboarding.steps.map((step) => (
            <li key={step.key} className="flex flex-wrap items-start justify-between gap-3 py-2" data-testid={`step-${step.key}`}>
              <span className="font-semibold text-ink-900">{t(`onboarding.steps.${step.key}.title`)}</span>
              {step.complete ? (
                <Badge tone="good">{t('admin.chefs.steps.complete')}</Badge>
              ) : (
                <ul className="text-right text-sm text-danger-700">
                  {step.missing.map((code) => (
                    <li key={code}>{t(`onboarding.missing.${code}`)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </AdminSection>

      <AdminSection title={t('admin.chefs.documents.title')} testId="documents-section">
        {chef.documents.length ? (
          <ul className="divide-y divide-cream-200">
            {chef.documents.map((doc) => (
              <li key={doc.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-semibold text-ink-900">{doc.kind === 'other' ? t('admin.chefs.documents.other') : t(`onboarding.documents.${doc.kind}.title`)}</p>
                  <p className="truncate text-sm text-ink-600">
                    {doc.filename} · {fileSize(doc.size)} · {formatDate(doc.created_at, locale)}
                  </p>
                </div>
                <a href={doc.download_url} download={doc.filename} className="text-sm font-semibold text-brand-700 link-underline" aria-label={t('admin.chefs.documents.downloadname', { name: doc.filename })}>
                  {t('admin.chefs.documents.download')}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <Empty text={t('admin.chefs.documents.none')} />
        )}
      </AdminSection>

      <AdminSection title={t('admin.chefs.regions.title', { count: chef.regions.data.length })} testId="regions-section">
        {chef.regions.data.length ? (
          <ul className="flex flex-wrap gap-2">
            {chef.regions.data.map((r) => (
              <li key={r.id}>
                <Badge>{`${r.zip ? `${r.zip} ` : ''}${r.name}`}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <Empty text={t('admin.chefs.regions.none')} />
        )}
      </AdminSection>

      <AdminSection title={t('admin.chefs.menus.title')} testId="menus-section">
        {chef.menus.length ? (
          <ul className="divide-y divide-cream-200">
            {chef.menus.map((m) => (
              <li key={m.id} className="py-3" data-testid="menu-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-ink-900">{m.name}</p>
                  <Badge tone={m.status === 'published' ? 'good' : 'neutral'}>{t(MENU_STATUS_KEYS[m.status] ?? m.status)}</Badge>
                </div>
                <p className="text-sm text-ink-600">
                  {t('admin.chefs.menus.details', {
                    count: m.courses.length,
                    min: m.min_guests,
                    max: m.max_guests,
                    price: formatMoney(m.price_per_person, m.currency, locale),
                  })}
                </p>
                <p className="text-sm text-ink-700">{m.courses.map((c) => c.name).join(' · ')}</p>
              </li>
            ))}
          </ul>
        ) : (
          <Empty text={t('admin.chefs.menus.none')} />
        )}
      </AdminSection>

      <AdminSection title={t('admin.chefs.history.title')} testId="history-section">
        {chef.history.length ? (
          <ol className="divide-y divide-cream-200">
            {chef.history.map((e) => (
              <li key={e.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                <span className="font-semibold text-ink-900">{eventText(e, t)}</span>
                <span className="text-ink-600">
                  {formatDateTime(e.created_at, locale)}
                  {e.actor ? ` · ${t('admin.chefs.history.by', { name: `${e.actor.firstname} ${e.actor.lastname}`.trim() })}` : ''}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <Empty text={t('admin.chefs.history.none')} />
        )}
      </AdminSection>
    </>
  );
}

function eventText(e: AdminChefEvent, t: TFunction): string {
  const key = (EVENT_KEYS as Record<string, string>)[e.action];
  const label = t(key ?? 'admin.chefs.history.other');
  const after = (e.after ?? {}) as { reason?: string; tier?: ChefTierName };
  if (e.action === 'chef.tier' && after.tier && CHEF_TIER_KEYS[after.tier]) return `${label}: ${t(CHEF_TIER_KEYS[after.tier])}`;
  if (after.reason) return `${label}: ${after.reason}`;
  return label;
}
