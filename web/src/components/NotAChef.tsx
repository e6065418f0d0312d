// "You are not a chef yet", with the way to apply: what a signed-in user without a chef profile sees on any chef
// screen (the chef area, the chef's bookings), where the API answers 404 NOT_A_CHEF.
import { useT } from '../lib/i18n';
import { routeUrl } from '../lib/routes';
import { LinkButton } from './Button';
import { Icon } from './Icon';

export function NotAChef() {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-cream-300 bg-cream-50 px-6 py-10 text-center" data-testid="not-a-chef">
      <Icon name="plate" className="h-10 w-10 text-brand-600 opacity-80" />
      <p className="text-lg font-bold text-ink-900">{t('chefarea.common.notachef')}</p>
      <p className="max-w-md text-ink-700">{t('chefarea.common.notacheftext')}</p>
      <div className="mt-3">
        <LinkButton href={routeUrl('account.beachef')}>{t('chefarea.common.becomechef')}</LinkButton>
      </div>
    </div>
  );
}
