// me/menumanagement: the chef's menus with their status (draft, published, archived); create, publish or
// unpublish, edit and delete (a menu with bookings is archived instead, and the screen says so).
import { useState } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '#shared/pricing';
import { Button, LinkButton } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { unwrap } from '../../lib/client';
import { useLocale, useT } from '../../lib/i18n';
import { failureOf } from '../../lib/schema-form';
import { routeUrl } from '../../lib/routes';
import { Badge } from './Badge';
import { ChefAreaFrame } from './ChefAreaFrame';
import { CHEF_PATHS, chefMe, setMenuPublished, useRefresh, useOwnMenus, type OwnMenu, type OwnProfile } from './chefApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { MENU_STATUS_KEYS, menusNoticeKey, publishMissingKey } from './status';
import { Empty, FormMessage, LoadError, Loading } from './states';

type RowMessage = { tone: 'error' | 'success'; text: string; list?: string[] };

function MenuRow({ chef, menu, onDelete }: { chef: OwnProfile; menu: OwnMenu; onDelete: (menu: OwnMenu) => void }) {
  const t = useT();
  const locale = useLocale();
  const [message, setMessage] = useState<RowMessage | null>(null);
  const refresh = useRefresh();
  const status = MENU_STATUS_KEYS[menu.status] ?? MENU_STATUS_KEYS.draft!;
  const image = menu.image?.data.url.t512_2x1;
  const editHref = routeUrl('account.menumanagement.detail', { menuId: menu.id });

  async function toggle() {
    setMessage(null);
    const action = menu.status === 'published' ? 'unpublish' : 'publish';
    try {
      await setMenuPublished(menu.id, action);
      setMessage({ tone: 'success', text: t(action === 'publish' ? 'chefarea.menu.published' : 'chefarea.menu.unpublished') });
    } catch (err) {
      const f = failureOf(err);
      setMessage({
        tone: 'error',
        text: f.code === 'MENU_INCOMPLETE' ? t('chefarea.menu.cannotpublish') : f.message,
        list: f.code === 'MENU_INCOMPLETE' ? menu.publish_missing.map((code) => t(publishMissingKey(code, chef))) : undefined,
      });
    }
    await refresh(CHEF_PATHS.menus);
  }

  return (
    <li className="card flex flex-col overflow-hidden sm:flex-row" data-testid="own-menu" data-menu-id={menu.id}>
      <div className="sm:w-56 sm:shrink-0">
        {image ? (
          <img src={image} alt="" loading="lazy" className="aspect-[2/1] h-full w-full bg-cream-200 object-cover" />
        ) : (
          <div className="flex aspect-[2/1] h-full w-full items-center justify-center bg-gradient-to-br from-cream-200 to-brand-100 text-brand-600">
            <Icon name="plate" className="h-10 w-10 opacity-70" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-bold text-ink-900">
            <Link href={editHref} className="link-underline">
              {menu.name}
            </Link>
          </h2>
          <Badge tone={status.tone} testId="menu-status">
            {t(status.label)}
          </Badge>
        </div>
        <p className="text-sm text-ink-700">
          {t('chefarea.menus.summary', {
            price: formatMoney(menu.price_per_person, menu.currency, locale),
            min: menu.min_guests,
            max: menu.max_guests,
            count: menu.courses.length,
          })}
        </p>
        {menu.booking_count > 0 ? <p className="text-sm text-ink-600">{t('chefarea.menus.bookings', { count: menu.booking_count })}</p> : null}
        {menu.status !== 'published' && menu.publish_missing.length && !message ? (
          <p className="text-sm text-ink-600">{t('chefarea.menus.missingcount', { count: menu.publish_missing.length })}</p>
        ) : null}
        {message ? (
          <FormMessage tone={message.tone}>
            <p>{message.text}</p>
            {message.list?.length ? (
              <ul className="mt-1 list-disc pl-5 text-sm">
                {message.list.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
            ) : null}
          </FormMessage>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <LinkButton href={editHref} variant="outline" size="sm">
            {t('chefarea.menus.edit')}
          </LinkButton>
          <Button variant={menu.status === 'published' ? 'ghost' : 'secondary'} size="sm" onClick={toggle} aria-label={`${t(menu.status === 'published' ? 'chefarea.menus.unpublish' : 'chefarea.menus.publish')}: ${menu.name}`}>
            {t(menu.status === 'published' ? 'chefarea.menus.unpublish' : 'chefarea.menus.publish')}
          </Button>
          {menu.status !== 'archived' || menu.booking_count === 0 ? (
            <Button variant="ghost" size="sm" className="text-danger-700" onClick={() => onDelete(menu)} aria-label={`${t('chefarea.menus.delete')}: ${menu.name}`}>
              {t('chefarea.menus.delete')}
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function MenuList({ chef }: { chef: OwnProfile }) {
  const t = useT();
  const menus = useOwnMenus();
  const [deleting, setDeleting] = useState<OwnMenu | null>(null);
  const refresh = useRefresh();
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function confirmDelete() {
    const menu = deleting;
    if (!menu) return;
    try {
      const res = await unwrap(chefMe.menus[':id'].$delete({ param: { id: menu.id } }));
      setNotice({ tone: 'success', text: res.data.archived ? t('chefarea.menus.archived', { name: menu.name }) : t('chefarea.menus.deleted', { name: menu.name }) });
    } catch (err) {
      setNotice({ tone: 'error', text: failureOf(err).message });
    }
    setDeleting(null);
    await refresh(CHEF_PATHS.menus, CHEF_PATHS.onboarding);
  }

  let content;
  if (menus.error && !menus.data) content = <LoadError retry={() => menus.mutate()} />;
  else if (!menus.data) content = <Loading />;
  else if (!menus.data.data.length)
    content = (
      <Empty
        title={t('chefarea.menus.empty')}
        text={t('chefarea.menus.emptytext')}
        action={<LinkButton href={routeUrl('account.menumanagement.detail', { menuId: 'new' })}>{t('chefarea.menus.create')}</LinkButton>}
      />
    );
  else
    content = (
      <ul className="flex flex-col gap-4" aria-label={t('screens.menumanagement')}>
        {menus.data.data.map((menu) => (
          <MenuRow key={menu.id} chef={chef} menu={menu} onDelete={setDeleting} />
        ))}
      </ul>
    );

  return (
    <div className="flex flex-col gap-4">
      {chef.status_name !== 'Active' ? (
        <FormMessage tone="info" testId="menus-not-live">
          {t(menusNoticeKey(chef))}
        </FormMessage>
      ) : null}
      <div aria-live="polite">{notice ? <FormMessage tone={notice.tone} testId="menus-notice">{notice.text}</FormMessage> : null}</div>
      {content}
      {deleting ? (
        <ConfirmDialog
          title={t('chefarea.menus.deletetitle', { name: deleting.name })}
          text={deleting.booking_count > 0 ? t('chefarea.menus.deletearchivetext') : t('chefarea.menus.deletetext')}
          confirmLabel={t('chefarea.menus.delete')}
          onConfirm={confirmDelete}
          cancelLabel={t('chefarea.common.cancel')}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

export default function MenusPage() {
  const t = useT();
  return (
    <ChefAreaFrame
      title={t('screens.menumanagement')}
      intro={t('chefarea.menus.intro')}
      actions={<LinkButton href={routeUrl('account.menumanagement.detail', { menuId: 'new' })}><span aria-hidden="true">+</span> {t('chefarea.menus.create')}</LinkButton>}
    >
      {(chef) => <MenuList chef={chef} />}
    </ChefAreaFrame>
  );
}
