// A chef's status and tier as badges, in the admin lists and on the application view.
import { useT } from '../../lib/i18n';
import { Badge, type BadgeTone } from './parts';
import { CHEF_STATUS_KEYS, CHEF_TIER_KEYS, type ChefStatusName, type ChefTierName } from './ChefsApi';

const STATUS_TONES: Record<ChefStatusName, BadgeTone> = {
  New: 'neutral',
  Onboarded: 'warn',
  OnboardingFailed: 'bad',
  Active: 'good',
  Paused: 'neutral',
  Banned: 'bad',
};

export function ChefStatusBadges({ status, tier, verified }: { status: ChefStatusName; tier: ChefTierName; verified?: boolean }) {
  const t = useT();
  return (
    <>
      <Badge tone={STATUS_TONES[status]} testId="chef-status">
        {t(CHEF_STATUS_KEYS[status])}
      </Badge>
      {tier !== 'chef' ? <Badge tone={tier === 'signature' ? 'dark' : 'info'}>{t(CHEF_TIER_KEYS[tier])}</Badge> : null}
      {verified ? <Badge tone="good">{t('admin.chefs.verified')}</Badge> : null}
    </>
  );
}
