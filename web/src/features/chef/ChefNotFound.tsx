// "Chef not found": an unknown, paused or banned chef.
import { LinkButton } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';

export function ChefNotFound() {
  const t = useT();
  usePageHead({ title: t('chefprofile.notfound.title') });
  return (
    <section className="mx-auto max-w-xl py-16 text-center" role="alert" data-testid="chef-not-found">
      <Icon name="chefhat" className="mx-auto h-12 w-12 text-brand-700" />
      <h1 className="mt-4 text-3xl font-bold text-ink-900">{t('chefprofile.notfound.title')}</h1>
      <p className="mt-3 text-ink-700">{t('chefprofile.notfound.text')}</p>
      <LinkButton href={routeUrl('home')} className="mt-8">
        {t('notfound.home')}
      </LinkButton>
    </section>
  );
}
