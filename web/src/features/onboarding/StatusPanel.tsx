// The application's status as the chef reads it: still open, under review, returned with the reviewer's reason
// (fix and resubmit), approved, paused or blocked.
import { LinkButton } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { formatDate } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import type { OwnProfile } from '../chef-area/chefApi';
import { chefStatusKeys, TONE_CLASSES } from '../chef-area/status';

export function StatusPanel({ chef }: { chef: OwnProfile }) {
  const t = useT();
  const locale = useLocale();
  const keys = chefStatusKeys(chef.status_name);
  return (
    <section
      aria-labelledby="application-status-title"
      className={`flex flex-col gap-2 rounded-2xl px-5 py-4 ring-1 ${TONE_CLASSES[keys.tone]}`}
      data-testid="application-status"
      data-status={chef.status_name}
    >
      <h2 id="application-status-title" className="flex items-center gap-2 text-lg font-bold">
        <Icon name={chef.status_name === 'Active' ? 'check' : chef.status_name === 'OnboardingFailed' || chef.status_name === 'Banned' ? 'alert' : 'info'} className="h-5 w-5" />
        {t('onboarding.status.title', { status: t(keys.label) })}
      </h2>
      <p>{t(keys.text)}</p>
      {chef.status_name === 'Onboarded' && chef.submitted_at ? <p className="text-sm">{t('onboarding.status.submittedon', { date: formatDate(chef.submitted_at, locale) })}</p> : null}
      {chef.status_name === 'OnboardingFailed' ? (
        <div className="rounded-xl bg-white/70 px-4 py-3 text-ink-900" data-testid="rejection-reason">
          <p className="text-sm font-semibold">{t('onboarding.status.reason')}</p>
          <p className="mt-1 whitespace-pre-line">{chef.rejection_reason || t('onboarding.status.noreason')}</p>
          <p className="mt-2 text-sm">{t('onboarding.status.fixresubmit')}</p>
        </div>
      ) : null}
      {chef.status_name === 'Active' || chef.status_name === 'Paused' ? (
        <div className="mt-1 flex flex-wrap gap-3">
          <LinkButton href={routeUrl('account.chefprofile')} size="sm">
            {t('onboarding.status.tochefarea')}
          </LinkButton>
          <LinkButton href={routeUrl('account.menumanagement')} size="sm" variant="outline">
            {t('onboarding.status.tomenus')}
          </LinkButton>
        </div>
      ) : null}
    </section>
  );
}
