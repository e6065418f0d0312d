// Chef area screens (chef profile, application, menus, payouts, chef bookings). Placeholders until the chef-area issue.
import { ComingSoon } from '../../components/ComingSoon';
import { useT } from '../../lib/i18n';

export default function ChefAreaPlaceholderPage({ screenKey = 'screens.chefprofileedit' }: { screenKey?: string }) {
  const t = useT();
  return <ComingSoon screen={t(screenKey)} />;
}
