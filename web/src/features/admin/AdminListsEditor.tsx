// The form of one list entry: its key (only when adding; menus and bookings keep it), a name in each of the five
// locales and its position. Checked with the server's schema before sending; the server's errors land per field.
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { issuesToErrors } from '../../../../functions/_api/lib/validate';
import { LOCALE_INFO, LOCALES, type Locale } from '../../../../functions/_api/lib/locales';
import { listItemCreateBody, listItemUpdateBody, type ListKind } from '../../../../functions/_api/modules/admin/admin.lists.schema';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { api, ApiError, type FieldErrors } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { ActionError } from './parts';

export type AdminListItem = {
  id: number;
  kind: ListKind;
  key: string;
  names: Partial<Record<Locale, string>>;
  position: number;
  retired_at: string | null;
  usage: { menus: number; chefs: number; courses: number; bookings: number };
  in_use: boolean;
};

export const LISTS_PATH = '/v1/admin/lists';

export function AdminListsEditor({ kind, kindLabel, item, nextPosition, onClose, onSaved }: { kind: ListKind; kindLabel: string; item: AdminListItem | null; nextPosition: number; onClose: () => void; onSaved: () => unknown }) {
  const t = useT();
  const formId = 'admin-list-form';
  const [key, setKey] = useState(item?.key ?? '');
  const [names, setNames] = useState<Record<Locale, string>>(() => Object.fromEntries(LOCALES.map((l) => [l, item?.names[l] ?? ''])) as Record<Locale, string>);
  const [position, setPosition] = useState(String(item?.position ?? nextPosition));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const pos = position.trim() === '' ? undefined : Number(position);
    const checked = item ? v.safeParse(listItemUpdateBody, { names, position: pos }) : v.safeParse(listItemCreateBody, { kind, key, names, position: pos });
    if (!checked.success) {
      setErrors(issuesToErrors(checked.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (item) await api.put(`${LISTS_PATH}/${item.id}`, checked.output);
      else await api.post(LISTS_PATH, checked.output);
      await onSaved();
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.errors);
        setMessage(err.status === 0 ? t('admin.lists.networkerror') : err.message);
      } else setMessage(t('admin.lists.networkerror'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={item ? t('admin.lists.edittitle', { key: item.key }) : t('admin.lists.addtitle', { list: t(kindLabel) })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('admin.lists.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t('admin.lists.save')}
          </Button>
        </>
      }
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
    </Modal>
  );
}
