// The role and state badges of an account: super-user, chef (with the chef's status), disabled.
import { useT } from '../../lib/i18n';
import { Badge } from './parts';
import { CHEF_STATUS_KEYS, type ChefStatusName } from './ChefsApi';

export function UsersBadges({ user }: { user: { is_su: boolean; disabled: boolean; chef: { status_name: string } | null } }) {
  const t = useT();
  return (
    <>
      {user.is_su ? <Badge tone="dark">{t('admin.users.badge.su')}</Badge> : null}
      {user.chef ? <Badge tone="info">{t('admin.users.badge.chef', { status: t(CHEF_STATUS_KEYS[user.chef.status_name as ChefStatusName]) })}</Badge> : null}
      {user.disabled ? <Badge tone="bad">{t('admin.users.badge.disabled')}</Badge> : null}
    </>
  );
}
