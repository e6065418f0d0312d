import { api } from '../../lib/api';
import { t } from '../../lib/i18n';
import { confirmLeavingUnsaved } from '../../lib/unsaved-changes';
import { fetchSession } from '../../state/session';
import { notify } from '../../state/ui';

/** Signs out (after asking, when a form holds unsaved work), refetches the session and goes home. */
export async function logout(navigate: (to: string) => void): Promise<void> {
  if (!confirmLeavingUnsaved()) return;
  try {
    // Written out, as the session's path: the header's user menu is part of the first download (state/session.ts).
    await api.post('/v1/auth/logout');
  } catch (err) {
    notify({ title: t('usermenu.logoutfailed'), message: err instanceof Error ? err.message : '' });
    return;
  }
  await fetchSession();
  navigate('/');
}
