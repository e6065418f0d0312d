// Content pages (/page/:pageUrl: contact, jobs, foodsafety, termsconditions, privacypolicy, legalnotice).
import { useT, type TFunction } from '../../lib/i18n';
import { ContentView } from './ContentView';

function screenName(pageUrl: string | undefined, t: TFunction): string {
  switch (pageUrl) {
    case 'contact':
      return t('screens.contact');
    case 'jobs':
      return t('screens.jobs');
    case 'foodsafety':
      return t('screens.foodsafety');
    case 'termsconditions':
      return t('screens.termsconditions');
    case 'privacypolicy':
      return t('screens.privacypolicy');
    case 'legalnotice':
      return t('screens.legalnotice');
    default:
      return t('screens.contentpage');
  }
}

export default function ContentPage({ params }: { params: Record<string, string> }) {
  const t = useT();
  return <ContentView key={params.pageUrl} pageUrl={params.pageUrl ?? ''} fallbackTitle={screenName(params.pageUrl, t)} />;
}
