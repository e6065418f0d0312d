// About us (/aboutus): the "aboutus" content page.
import { useT } from '../../lib/i18n';
import { ContentView } from './ContentView';

export default function AboutUsPage() {
  const t = useT();
  return <ContentView pageUrl="aboutus" fallbackTitle={t('screens.aboutus')} />;
}
