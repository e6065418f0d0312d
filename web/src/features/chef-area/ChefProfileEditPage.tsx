// me/chefprofile: the chef's status and tier, pause and resume (menus are hidden while paused), the public
// profile (picture, bio, languages, cuisines, shown location), where the chef cooks, and a link to the profile
// as the public sees it.
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ChefBadge } from '../../components/ChefBadge';
import { Icon } from '../../components/Icon';
import { formatDate } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { failureOf } from '../../lib/schema-form';
import { routeUrl } from '../../lib/routes';
import { Badge } from './Badge';
import { ChefAreaFrame, ContactSupport } from './ChefAreaFrame';
import { CHEF_PATHS, changeChefStatus, useRefresh, type OwnProfile } from './chefApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LocationForm } from './LocationForm';
import { Section } from './Section';
import { ProfileForm } from './ProfileForm';
import { chefStatusKeys, chefStatusText, pausedBySupport } from './status';
import { FormMessage } from './states';

function StatusCard({ chef }: { chef: OwnProfile }) {
  const t = useT();
  const locale = useLocale();
  const [asking, setAsking] = useState<'pause' | 'resume' | null>(null);
  const refresh = useRefresh();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const keys = chefStatusKeys(chef.status_name);

  async function change(action: 'pause' | 'resume') {
    setMessage(null);
    try {
      await changeChefStatus(action);
      setMessage({ tone: 'success', text: t(action === 'pause' ? 'chefarea.chefprofile.paused' : 'chefarea.chefprofile.resumed') });
    } catch (err) {
      setMessage({ tone: 'error', text: failureOf(err).message });
    }
    setAsking(null);
    await refresh(CHEF_PATHS.me, CHEF_PATHS.menus);
  }

  return (
    <Section title={t('chefarea.chefprofile.status')} testId="chef-status">
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={keys.tone} testId="chef-status-badge">
            {t(keys.label)}
          </Badge>
          <ChefBadge chef={chef} />
          {chef.is_verified && chef.verified_at ? <span className="text-sm text-ink-700">{t('chefarea.chefprofile.verifiedsince', { date: formatDate(chef.verified_at, locale) })}</span> : null}
        </div>
        <p className="text-ink-800" data-testid="chef-status-text">
          {t(...chefStatusText(chef))}
        </p>
        {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
        <div className="flex flex-wrap items-center gap-3">
          {chef.status_name === 'Active' ? (
            <Button variant="outline" onClick={() => setAsking('pause')}>
              {t('chefarea.chefprofile.pause')}
            </Button>
          ) : null}
          {pausedBySupport(chef) ? <ContactSupport /> : chef.status_name === 'Paused' ? <Button onClick={() => setAsking('resume')}>{t('chefarea.chefprofile.resume')}</Button> : null}
          <a href={routeUrl('chefs.profile', { uri: chef.uri })} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-semibold text-brand-700 link-underline" data-testid="public-preview">
            {t('chefarea.chefprofile.preview')} <Icon name="external" className="h-4 w-4" />
            <span className="sr-only">({t('common.opensnewtab')})</span>
          </a>
        </div>
        {chef.status_name !== 'Active' ? <p className="text-sm text-ink-600">{t('chefarea.chefprofile.previewhint')}</p> : null}
      </div>
      {asking ? (
        <ConfirmDialog
          title={t(asking === 'pause' ? 'chefarea.chefprofile.pausetitle' : 'chefarea.chefprofile.resumetitle')}
          text={t(asking === 'pause' ? 'chefarea.chefprofile.pausetext' : 'chefarea.chefprofile.resumetext')}
          confirmLabel={t(asking === 'pause' ? 'chefarea.chefprofile.pause' : 'chefarea.chefprofile.resume')}
          tone={asking === 'pause' ? 'danger' : 'primary'}
          onConfirm={() => change(asking)}
          cancelLabel={t('chefarea.common.cancel')}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </Section>
  );
}

export default function ChefProfileEditPage() {
  const t = useT();
  return (
    <ChefAreaFrame title={t('screens.chefprofileedit')} intro={t('chefarea.chefprofile.intro')} showStatus={false}>
      {(chef) => (
        <div className="flex flex-col gap-6">
          <StatusCard chef={chef} />
          <Section title={t('chefarea.chefprofile.public')} description={t('chefarea.chefprofile.publichint')} testId="chef-public-profile">
            <ProfileForm chef={chef} />
          </Section>
          <Section title={t('chefarea.chefprofile.where')} description={t('chefarea.chefprofile.wherehint')} testId="chef-location">
            <LocationForm chef={chef} />
          </Section>
        </div>
      )}
    </ChefAreaFrame>
  );
}
