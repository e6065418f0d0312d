// Admin locations: the popular cities of the home page, in their order, each with its picture and the place it links
// to. Add, edit (place, name, picture, position) and remove; the public list follows at once.
import { useState } from 'react';
import { cityBody } from '#shared/schemas/admin.locations.schema';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FieldErrorList, FormErrors, TextField } from '../../components/Field';
import { PagedList, usePagedList } from '../../components/PagedList';
import { RegionSelector } from '../../components/RegionSelector';
import { client, unwrap, type Answer, type Region } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { regionLabel } from '../../lib/region';
import { useSchemaForm } from '../../lib/schema-form';
import { AdminLocationsPicture } from './AdminLocationsPicture';
import { ActionError, AdminPage, Badge, EditorModal, useAdminAction } from './parts';

const locations = client.admin.locations;
export type AdminCity = Answer<typeof locations.$get>['data'][number];

type Draft = { region: Region | null; display_name: string; image_id: number | null; image_url: string | null; position: string };

const draftOf = (city: AdminCity | null, nextPosition: number): Draft =>
  city
    ? { region: city.region.data, display_name: city.display_name, image_id: city.image_id, image_url: city.image_admin?.url.t1024_2x1 ?? city.image_admin?.thumbnail_url ?? null, position: String(city.position) }
    : { region: null, display_name: '', image_id: null, image_url: null, position: String(nextPosition) };

function CityEditor({ city, nextPosition, onClose, onSaved }: { city: AdminCity | null; nextPosition: number; onClose: () => void; onSaved: () => unknown }) {
  const t = useT();
  const formId = 'admin-city-form';
  const form = useSchemaForm(cityBody, (body) => unwrap(city ? locations[':id'].$put({ param: { id: city.id }, json: body }) : locations.$post({ json: body })), {
    initial: () => draftOf(city, nextPosition),
    body: (d: Draft) => ({ region_id: d.region?.id ?? 0, display_name: d.display_name, image_id: d.image_id, position: d.position === '' ? 0 : Number(d.position) }),
    onSuccess: () => onSaved(),
  });
  const { values: draft, errors } = form;

  return (
    <EditorModal
      title={city ? t('admin.locations.edittitle', { name: city.display_name }) : t('admin.locations.addtitle')}
      formId={formId}
      busy={form.busy}
      dirty={form.dirty}
      cancelLabel={t('admin.locations.cancel')}
      saveLabel={t('admin.locations.save')}
      onClose={onClose}
    >
      <form id={formId} {...form.props} className="flex flex-col gap-4" data-testid="city-form">
        <div>
          <RegionSelector value={draft.region} onChange={(region) => form.update((d) => ({ region, display_name: d.display_name || region.name }))} label={t('admin.locations.region')} />
          <FieldErrorList name="region_id" errors={errors.region_id} />
        </div>
        <TextField {...form.field('display_name')} label={t('admin.locations.name')} hint={t('admin.locations.namehint')} maxLength={80} />
        <TextField {...form.field('position')} type="number" min={0} label={t('admin.locations.position')} hint={t('admin.locations.positionhint')} className="w-40" />
        <AdminLocationsPicture url={draft.image_url} errors={errors.image_id} onUploaded={(img) => form.update({ image_id: img.id, image_url: img.url.t1024_2x1 ?? Object.values(img.url)[0] ?? null })} onRemove={() => form.update({ image_id: null, image_url: null })} />
        <FormErrors errors={form.formErrors} testId="city-form-error" />
      </form>
    </EditorModal>
  );
}

export default function AdminLocationsPage() {
  const t = useT();
  const list = usePagedList<AdminCity>(locations.$path(), 200);
  const actions = useAdminAction(() => list.mutate());
  const [editing, setEditing] = useState<AdminCity | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminCity | null>(null);
  const cities = list.data?.data ?? [];
  const nextPosition = cities.reduce((max, c) => Math.max(max, c.position + 1), 1);

  return (
    <AdminPage
      title={t('screens.admin.locations')}
      actions={
        <Button onClick={() => setEditing('new')} data-testid="city-add">
          {t('admin.locations.add')}
        </Button>
      }
    >
      <p className="max-w-3xl text-ink-700">{t('admin.locations.intro')}</p>
      <ActionError error={actions.errorOf('delete')} />
      <PagedList
        list={list}
        label={t('admin.locations.listlabel')}
        emptyText={t('admin.locations.empty')}
        itemKey={(city) => city.id}
        listClassName="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        renderItem={(city) => (
          <article className="card flex h-full flex-col overflow-hidden" data-testid={`city-${city.id}`}>
            <div className="flex aspect-[2/1] items-center justify-center bg-cream-100">
              {city.image_admin?.thumbnail_url ? (
                <img src={city.image_admin.thumbnail_url} alt={t('admin.locations.picture.altof', { name: city.display_name })} loading="lazy" className="h-full w-full object-cover" />
              ) : (
                <span className="text-sm text-ink-600">{t('admin.locations.picture.none')}</span>
              )}
            </div>
            <div className="flex flex-1 flex-col gap-2 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-lg font-bold text-ink-900">{city.display_name}</h2>
                {city.image_admin?.status === 'hidden' ? <Badge tone="bad">{t('admin.locations.picturehidden')}</Badge> : null}
              </div>
              <p className="text-sm text-ink-700">
                {t('admin.locations.linksto', { region: regionLabel(city.region.data), country: city.region.data.country_code })}
              </p>
              <p className="text-sm text-ink-600">{t('admin.locations.positionis', { position: city.position })}</p>
              <div className="mt-auto flex gap-2 pt-2">
                <Button size="sm" variant="secondary" onClick={() => setEditing(city)}>
                  {t('admin.locations.edit')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setRemoving(city)}>
                  {t('admin.locations.remove')}
                </Button>
              </div>
            </div>
          </article>
        )}
      />
      {editing ? (
        <CityEditor
          city={editing === 'new' ? null : editing}
          nextPosition={nextPosition}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await actions.run('save', async () => t('admin.locations.saved'));
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('admin.locations.removetitle', { name: removing.display_name })}
          text={t('admin.locations.removetext')}
          confirmLabel={t('admin.locations.remove')}
          cancelLabel={t('admin.locations.cancel')}
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            const city = removing;
            setRemoving(null);
            await actions.run('delete', async () => {
              await unwrap(locations[':id'].$delete({ param: { id: city.id } }));
              return t('admin.locations.removed', { name: city.display_name });
            });
          }}
        />
      ) : null}
    </AdminPage>
  );
}
