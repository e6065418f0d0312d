import { api } from '../../lib/api';
import { t } from '../../lib/i18n';
import { fetchSession } from '../../state/session';
import { notify } from '../../state/ui';

/** Signs out, refetches the session and goes home. */
export async function logout(navigate: (to: string) => void): Promise<void> {
  try {
    await api.post('/v1/auth/logout');
  } catch (err) {
    notify({ title: t('usermenu.logoutfailed'), message: err instanceof Error ? err.message : '' });
    return;
  }
  await fetchSession();
  navigate('/');
}
