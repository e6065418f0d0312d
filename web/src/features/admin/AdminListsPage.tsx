// Admin lists: cuisines, diets and allergens with their names in all five locales and where each is used. An entry
// in use cannot be deleted; retiring it stops it being offered while menus and bookings that have it keep showing it.
import { useState } from 'react';
import { LIST_KINDS, type ListKind } from '#shared/schemas/admin.lists.schema';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PagedList, usePagedList } from '../../components/PagedList';
import { unwrap } from '../../lib/client';
import { useLocale, useT, type TFunction } from '../../lib/i18n';
import { AdminListsEditor, lists, type AdminListItem } from './AdminListsEditor';
import { ActionError, AdminPage, Badge, FilterTabs, useAdminAction, useQueryParam } from './parts';

export const KIND_LABELS: Record<ListKind, string> = { cuisine: 'admin.lists.kinds.cuisine', diet: 'admin.lists.kinds.diet', allergen: 'admin.lists.kinds.allergen' };
const USAGE_LABELS: Record<keyof AdminListItem['usage'], string> = {
  menus: 'admin.lists.usage.menus',
  chefs: 'admin.lists.usage.chefs',
  courses: 'admin.lists.usage.courses',
  bookings: 'admin.lists.usage.bookings',
};

/** "Used by: menus 3 · chefs 1"; the counts that are not zero. */
export function usageText(t: TFunction, usage: AdminListItem['usage']): string {
  const parts = (Object.keys(USAGE_LABELS) as (keyof typeof USAGE_LABELS)[]).filter((k) => usage[k] > 0).map((k) => t(USAGE_LABELS[k], { count: usage[k] }));
  return parts.length ? t('admin.lists.usedby', { list: parts.join(' · ') }) : t('admin.lists.unused');
}

export default function AdminListsPage() {
  const t = useT();
  const locale = useLocale();
  const [kindParam, setKind] = useQueryParam('kind');
  const kind: ListKind = (LIST_KINDS as readonly string[]).includes(kindParam) ? (kindParam as ListKind) : 'cuisine';
  const list = usePagedList<AdminListItem>(lists.$path({ query: { kind } }), 200);
  const actions = useAdminAction(() => list.mutate());
  const [editing, setEditing] = useState<AdminListItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminListItem | null>(null);
  const items = list.data?.data ?? [];
  const nextPosition = items.reduce((max, i) => Math.max(max, i.position + 1), 0);

  const retire = (item: AdminListItem, to: 'retire' | 'restore') =>
    actions.run(`item-${item.id}`, async () => {
      await unwrap(lists[':id'][to].$post({ param: { id: item.id }, json: {} }));
      return t(to === 'retire' ? 'admin.lists.retired' : 'admin.lists.restored', { name: item.names[locale] ?? item.key });
    });

  return (
    <AdminPage
      title={t('screens.admin.lists')}
      actions={
        <Button onClick={() => setEditing('new')} data-testid="list-add">
          {t('admin.lists.add', { list: t(KIND_LABELS[kind]) })}
        </Button>
      }
    >
      <p className="max-w-3xl text-ink-700">{t('admin.lists.intro')}</p>
      <FilterTabs label={t('admin.lists.filter')} options={LIST_KINDS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) }))} value={kind} onChange={(next) => setKind(next === 'cuisine' ? '' : next)} />
      <PagedList
        list={list}
        label={t(KIND_LABELS[kind])}
        emptyText={t('admin.lists.empty')}
        itemKey={(item) => item.id}
        listClassName="divide-y divide-cream-200 rounded-2xl bg-white ring-1 ring-cream-200"
        renderItem={(item) => (
          <div className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid={`list-item-${item.key}`}>
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-bold text-ink-900">{item.names[locale] ?? item.names.en ?? item.key}</span>
                <code className="rounded bg-cream-100 px-1.5 text-xs text-ink-700">{item.key}</code>
                {item.retired_at ? <Badge tone="warn">{t('admin.lists.retiredbadge')}</Badge> : null}
                <span className="text-xs text-ink-600">{t('admin.lists.positionis', { position: item.position })}</span>
              </div>
              <p className="mt-1 text-sm text-ink-700">
                {Object.entries(item.names)
                  .map(([l, name]) => `${l}: ${name}`)
                  .join(' · ')}
              </p>
              <p className="mt-1 text-sm text-ink-600" data-testid="list-usage">
                {usageText(t, item.usage)}
              </p>
              <ActionError error={actions.errorOf(`item-${item.id}`)} />
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => setEditing(item)}>
                {t('admin.lists.edit')}
              </Button>
              {item.retired_at ? (
                <Button size="sm" variant="outline" onClick={() => retire(item, 'restore')}>
                  {t('admin.lists.restore')}
                </Button>
              ) : (
                <Button size="sm" variant="outline" onClick={() => retire(item, 'retire')}>
                  {t('admin.lists.retire')}
                </Button>
              )}
              <Button size="sm" variant="ghost" disabled={item.in_use} title={item.in_use ? t('admin.lists.cannotdelete') : undefined} onClick={() => setDeleting(item)}>
                {t('admin.lists.delete')}
              </Button>
            </div>
          </div>
        )}
      />
      {editing ? (
        <AdminListsEditor
          kind={kind}
          kindLabel={KIND_LABELS[kind]}
          item={editing === 'new' ? null : editing}
          nextPosition={nextPosition}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await actions.run('save', async () => t('admin.lists.saved'));
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('admin.lists.deletetitle', { name: deleting.names[locale] ?? deleting.key })}
          text={t('admin.lists.deletetext')}
          confirmLabel={t('admin.lists.delete')}
          cancelLabel={t('admin.lists.cancel')}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            const item = deleting;
            setDeleting(null);
            await actions.run(`item-${item.id}`, async () => {
              await unwrap(lists[':id'].$delete({ param: { id: item.id } }));
              return t('admin.lists.deleted', { name: item.names[locale] ?? item.key });
            });
          }}
        />
      ) : null}
    </AdminPage>
  );
}
