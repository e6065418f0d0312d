// me/menumanagement/:menuId (and `new`): loads the menu and shows the editor; a new menu moves to its own address
// once it is saved.
import { Link, useLocation, useSearch } from 'wouter';
import { LinkButton } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { ChefAreaFrame } from './ChefAreaFrame';
import { useOwnMenu, type OwnProfile } from './chefApi';
import { MenuEditor } from './MenuEditor';
import { Empty, FormMessage, LoadError, Loading } from './states';

function ExistingMenu({ chef, id }: { chef: OwnProfile; id: number }) {
  const t = useT();
  const search = useSearch();
  const menu = useOwnMenu(id);
  if (menu.error?.status === 404) {
    return <Empty title={t('chefarea.menu.notfound')} action={<LinkButton href={routeUrl('account.menumanagement')}>{t('chefarea.menu.backtolist')}</LinkButton>} />;
  }
  if (menu.error && !menu.data) return <LoadError retry={() => menu.mutate()} />;
  if (!menu.data) return <Loading />;
  return (
    <div className="flex flex-col gap-4">
      {new URLSearchParams(search).get('created') === '1' ? <FormMessage tone="success">{t('chefarea.menu.created')}</FormMessage> : null}
      <MenuEditor key={id} chef={chef} menu={menu.data.data} />
    </div>
  );
}

export default function MenuEditorPage({ params }: { params: Record<string, string> }) {
  const t = useT();
  const [, navigate] = useLocation();
  const isNew = params.menuId === 'new';
  const id = isNew ? null : /^\d{1,12}$/.test(params.menuId ?? '') ? Number(params.menuId) : NaN;
  return (
    <ChefAreaFrame title={isNew ? t('chefarea.menu.newtitle') : t('screens.menueditor')}>
      {(chef) => (
        <div className="flex flex-col gap-4">
          <Link href={routeUrl('account.menumanagement')} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 link-underline">
            <Icon name="arrow-left" className="h-4 w-4" />
            {t('chefarea.menu.backtolist')}
          </Link>
          {isNew ? (
            <MenuEditor
              chef={chef}
              menu={null}
              onSaved={(menu, created) => {
                if (created) navigate(routeUrl('account.menumanagement.detail', { menuId: menu.id }, { query: { created: '1' } }), { replace: true });
              }}
            />
          ) : Number.isNaN(id) ? (
            <Empty title={t('chefarea.menu.notfound')} />
          ) : (
            <ExistingMenu chef={chef} id={id!} />
          )}
        </div>
      )}
    </ChefAreaFrame>
  );
}
