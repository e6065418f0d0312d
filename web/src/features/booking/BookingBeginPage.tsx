// Start of the booking flow. Placeholder until the booking issue.
import { ComingSoon } from '../../components/ComingSoon';
import { useT } from '../../lib/i18n';

export default function BookingBeginPage() {
  const t = useT();
  return <ComingSoon screen={t('screens.booking')} />;
}
