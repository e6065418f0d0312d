// Step 7: the first menu, written in the same editor as in the chef area. Publishing waits for the approval. A menu
// with changes kept from an earlier visit of this step opens in the editor again.
import { useEffect, useState } from 'react';
import { Button } from '../../../components/Button';
import { formatMoney } from '#shared/pricing';
import { useHasDraft } from '../../../lib/form-draft';
import { useLocale, useT } from '../../../lib/i18n';
import { Badge } from '../../chef-area/Badge';
import { useOwnMenus, type OwnProfile } from '../../chef-area/chefApi';
import { MenuEditor } from '../../chef-area/MenuEditor';
import { MENU_STATUS_KEYS } from '../../chef-area/status';
import { FormMessage, LoadError, Loading } from '../../chef-area/states';

export function MenuStep({ chef, complete }: { chef: OwnProfile; complete: boolean }) {
  const t = useT();
  const locale = useLocale();
  const menus = useOwnMenus();
  const [chosen, setEditing] = useState<number | 'new' | null>(null);
  const kept = useHasDraft();
  const list = menus.data?.data.filter((m) => m.status !== 'archived') ?? [];
  const resumed = menus.data ? (kept('menu:new') ? 'new' : (list.find((m) => kept(`menu:${m.id}`))?.id ?? null)) : null;
  // Stays open even once its changes are undone.
  useEffect(() => {
    if (chosen === null && resumed !== null) setEditing(resumed);
  }, [chosen, resumed]);
  const editing = chosen ?? resumed;

  if (menus.error && !menus.data) return <LoadError retry={() => menus.mutate()} />;
  if (!menus.data) return <Loading />;
  const current = editing === 'new' || (editing === null && list.length === 0) ? null : (list.find((m) => m.id === editing) ?? null);
  const showEditor = editing !== null || list.length === 0;

  return (
    <div className="flex flex-col gap-4">
      <FormMessage tone="info">{t('onboarding.menu.publishlater')}</FormMessage>
      {list.length ? (
        <ul className="flex flex-col gap-2" aria-label={t('onboarding.menu.yourmenus')}>
          {list.map((m) => {
            const status = MENU_STATUS_KEYS[m.status] ?? MENU_STATUS_KEYS.draft!;
            return (
              <li key={m.id} className="card flex flex-wrap items-center gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-bold text-ink-900">{m.name}</p>
                  <p className="text-sm text-ink-700">
                    {t('chefarea.menus.summary', { price: formatMoney(m.price_per_person, m.currency, locale), min: m.min_guests, max: m.max_guests, count: m.courses.length })}
                  </p>
                </div>
                <Badge tone={status.tone}>{t(status.label)}</Badge>
                <Button variant="outline" size="sm" onClick={() => setEditing(m.id)} aria-label={`${t('chefarea.menus.edit')}: ${m.name}`}>
                  {t('chefarea.menus.edit')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {list.length && editing === null ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="ghost" size="sm" onClick={() => setEditing('new')}>
            <span aria-hidden="true">+</span> {t('onboarding.menu.another')}
          </Button>
          {!complete ? <span className="text-sm text-ink-700">{t('onboarding.menu.notyet')}</span> : null}
        </div>
      ) : null}
      {showEditor ? (
        <MenuEditor key={String(current?.id ?? 'new')} chef={chef} menu={current} embedded onSaved={(menu) => setEditing(menu.id)} />
      ) : null}
    </div>
  );
}
