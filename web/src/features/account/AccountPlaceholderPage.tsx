// Customer account screens that later issues build (bookings, booking messages and rating, payments): placeholders.
import { ComingSoon } from '../../components/ComingSoon';
import { useT } from '../../lib/i18n';

export default function AccountPlaceholderPage({ screenKey = 'screens.accounthome' }: { screenKey?: string }) {
  const t = useT();
  return <ComingSoon screen={t(screenKey)} />;
}
