// Admin screens. Placeholders until the admin issue.
import { ComingSoon } from '../../components/ComingSoon';
import { useT } from '../../lib/i18n';

export default function AdminPlaceholderPage({ screenKey = 'screens.admin.home' }: { screenKey?: string }) {
  const t = useT();
  return <ComingSoon screen={t(screenKey)} />;
}
