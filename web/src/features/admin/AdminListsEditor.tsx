// The form of one list entry: its key (only when adding; menus and bookings keep it), a name in each of the five
// locales and its position. Checked with the server's schema before sending (lib/schema-form.ts); the server's
// errors land per field.
import { LOCALE_INFO, LOCALES, type Locale } from '#shared/locales';
import { listItemCreateBody, listItemUpdateBody, type ListKind } from '#shared/schemas/admin.lists.schema';
import { FormErrors, TextField } from '../../components/Field';
import { client, unwrap, type Answer } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/schema-form';
import { EditorModal } from './parts';

export const lists = client.admin.lists;
export type AdminListItem = Answer<typeof lists.$get>['data'][number];

export function AdminListsEditor({ kind, kindLabel, item, nextPosition, onClose, onSaved }: { kind: ListKind; kindLabel: string; item: AdminListItem | null; nextPosition: number; onClose: () => void; onSaved: () => unknown }) {
  const t = useT();
  const formId = 'admin-list-form';
  // An entry's key is fixed once it exists: editing sends the names and the position only.
  const form = useSchemaForm(
    item ? listItemUpdateBody : listItemCreateBody,
    (body) => ('key' in body ? unwrap(lists.$post({ json: body })) : unwrap(lists[':id'].$put({ param: { id: item!.id }, json: body }))),
    {
      initial: () => ({
        key: item?.key ?? '',
        names: Object.fromEntries(LOCALES.map((l) => [l, item?.names[l] ?? ''])) as Record<Locale, string>,
        position: String(item?.position ?? nextPosition),
      }),
      body: ({ key, names, position }) => ({ ...(item ? {} : { kind, key }), names, position: position.trim() === '' ? undefined : Number(position) }),
      onSuccess: () => onSaved(),
    },
  );
  const { values } = form;

  return (
    <EditorModal
      title={item ? t('admin.lists.edittitle', { key: item.key }) : t('admin.lists.addtitle', { list: t(kindLabel) })}
      formId={formId}
      busy={form.busy}
      dirty={form.dirty}
      cancelLabel={t('admin.lists.cancel')}
      saveLabel={t('admin.lists.save')}
      onClose={onClose}
    >
      <form id={formId} {...form.props} className="grid gap-4 sm:grid-cols-2" data-testid="list-form">
        {item ? null : <TextField {...form.field('key')} label={t('admin.lists.key')} hint={t('admin.lists.keyhint')} maxLength={40} className="sm:col-span-2" />}
        {LOCALES.map((locale) => (
          <TextField
            key={locale}
            name={`names.${locale}`}
            lang={locale}
            label={t('admin.lists.namein', { language: LOCALE_INFO[locale].label })}
            value={values.names[locale]}
            onChange={(value) => form.update((v) => ({ names: { ...v.names, [locale]: value } }))}
            errors={form.errors[`names.${locale}`]}
            maxLength={60}
          />
        ))}
        <TextField {...form.field('position')} type="number" min={0} label={t('admin.lists.position')} />
        <FormErrors errors={form.formErrors} testId="list-form-error" className="sm:col-span-2" />
      </form>
    </EditorModal>
  );
}
