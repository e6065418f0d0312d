// The form of one list entry: its key (only when adding; menus and bookings keep it), a name in each of the five
// locales and its position. Checked with the server's schema before sending; the server's errors land per field.
import { useState, type FormEvent } from 'react';
import { LOCALE_INFO, LOCALES, type Locale } from '#shared/locales';
import { listItemCreateBody, listItemUpdateBody, type ListKind } from '#shared/schemas/admin.lists.schema';
import { TextField } from '../../components/Field';
import { client, unwrap, type Answer } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { ActionError, EditorModal, useCheckedForm } from './parts';

export const lists = client.admin.lists;
export type AdminListItem = Answer<typeof lists.$get>['data'][number];

export function AdminListsEditor({ kind, kindLabel, item, nextPosition, onClose, onSaved }: { kind: ListKind; kindLabel: string; item: AdminListItem | null; nextPosition: number; onClose: () => void; onSaved: () => unknown }) {
  const t = useT();
  const formId = 'admin-list-form';
  const [initial] = useState(() => ({
    key: item?.key ?? '',
    names: Object.fromEntries(LOCALES.map((l) => [l, item?.names[l] ?? ''])) as Record<Locale, string>,
    position: String(item?.position ?? nextPosition),
  }));
  const [key, setKey] = useState(initial.key);
  const [names, setNames] = useState(initial.names);
  const [position, setPosition] = useState(initial.position);
  const dirty = key !== initial.key || position !== initial.position || LOCALES.some((l) => names[l] !== initial.names[l]);
  const { errors, message, busy, submit } = useCheckedForm('admin.lists.networkerror');

  function save(event: FormEvent) {
    event.preventDefault();
    const pos = position.trim() === '' ? undefined : Number(position);
    void (item
      ? submit(listItemUpdateBody, { names, position: pos }, async (body) => {
          await unwrap(lists[':id'].$put({ param: { id: item.id }, json: body }));
          await onSaved();
        })
      : submit(listItemCreateBody, { kind, key, names, position: pos }, async (body) => {
          await unwrap(lists.$post({ json: body }));
          await onSaved();
        }));
  }

  return (
    <EditorModal
      title={item ? t('admin.lists.edittitle', { key: item.key }) : t('admin.lists.addtitle', { list: t(kindLabel) })}
      formId={formId}
      busy={busy}
      dirty={dirty}
      cancelLabel={t('admin.lists.cancel')}
      saveLabel={t('admin.lists.save')}
      onClose={onClose}
    >
      <form id={formId} noValidate onSubmit={save} className="grid gap-4 sm:grid-cols-2" data-testid="list-form">
        {item ? null : (
          <TextField name="key" label={t('admin.lists.key')} hint={t('admin.lists.keyhint')} value={key} onChange={setKey} errors={errors.key} maxLength={40} className="sm:col-span-2" />
        )}
        {LOCALES.map((locale) => (
          <TextField
            key={locale}
            name={`names.${locale}`}
            lang={locale}
            label={t('admin.lists.namein', { language: LOCALE_INFO[locale].label })}
            value={names[locale]}
            onChange={(value) => setNames((n) => ({ ...n, [locale]: value }))}
            errors={errors[`names.${locale}`]}
            maxLength={60}
          />
        ))}
        <TextField name="position" type="number" min={0} label={t('admin.lists.position')} value={position} onChange={setPosition} errors={errors.position} />
        <div className="sm:col-span-2">
          <ActionError error={message} testId="list-form-error" />
        </div>
      </form>
    </EditorModal>
  );
}
