// Admin images: the moderation queue. Each picture with its thumbnail, owner and the places it shows; approve it or
// hide it with a reason its owner reads (a hidden picture is replaced by the placeholder everywhere). Pending
// pictures come first.
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/Field';
import { PagedList, usePagedList } from '../../components/PagedList';
import { client, unwrap, type Answer } from '../../lib/client';
import { formatDateTime } from '../../lib/format';
import { useLocale, useT, type TFunction } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { HideImageDialog } from './HideImageDialog';
import { ActionError, AdminPage, Badge, FilterTabs, useAdminAction, useQueryParam, type BadgeTone } from './parts';

const images = client.admin.images;
export type AdminImage = Answer<typeof images.$get>['data'][number];
type ImageStatus = AdminImage['status'];
type ImageUse = AdminImage['uses'][number];

const STATUS: Record<ImageStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: 'warn', label: 'admin.images.status.pending' },
  approved: { tone: 'good', label: 'admin.images.status.approved' },
  hidden: { tone: 'bad', label: 'admin.images.status.hidden' },
};
const FILTERS = {
  pending: 'admin.images.filters.pending',
  approved: 'admin.images.filters.approved',
  hidden: 'admin.images.filters.hidden',
  all: 'admin.images.filters.all',
} as const;
type Filter = keyof typeof FILTERS;
const KINDS: Record<string, string> = { avatar: 'admin.images.kinds.avatar', menu: 'admin.images.kinds.menu', city: 'admin.images.kinds.city' };
const USES: Record<ImageUse['type'], string> = { avatar: 'admin.images.uses.avatar', menu: 'admin.images.uses.menu', city: 'admin.images.uses.city' };
const kindLabel = (t: TFunction, kind: string) => (KINDS[kind] ? t(KINDS[kind]) : kind);

function linkOf(use: ImageUse): string | null {
  if (use.type === 'avatar') return routeUrl('ylcadmin.users.detail', { userId: use.id });
  if (use.type === 'city') return routeUrl('ylcadmin.locations');
  return use.chef_uri && use.status === 'published' ? routeUrl('chefs.menu', { uri: use.chef_uri, menuId: use.id }) : null;
}

function ImageCard({ image, actions, onHide }: { image: AdminImage; actions: ReturnType<typeof useAdminAction>; onHide: (image: AdminImage) => void }) {
  const t = useT();
  const locale = useLocale();
  const key = `image-${image.id}`;
  const approve = () =>
    actions.run(key, async () => {
      await unwrap(images[':id'].approve.$post({ param: { id: image.id }, json: {} }));
      return t('admin.images.approved');
    });
  return (
    <article className="card flex h-full flex-col gap-3 p-4" data-testid={`image-${image.id}`} aria-label={t('admin.images.imagelabel', { id: image.id })}>
      <div className="flex aspect-[2/1] items-center justify-center overflow-hidden rounded-xl bg-cream-100">
        {image.thumbnail_url ? (
          <img src={image.thumbnail_url} alt={t('admin.images.alt', { id: image.id, kind: kindLabel(t, image.kind) })} loading="lazy" className={`h-full w-full object-contain ${image.status === 'hidden' ? 'opacity-50 grayscale' : ''}`} />
        ) : (
          <span className="text-sm text-ink-600">{t('admin.images.nofile')}</span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATUS[image.status].tone} testId="image-status">
          {t(STATUS[image.status].label)}
        </Badge>
        <Badge>{kindLabel(t, image.kind)}</Badge>
        <span className="text-xs text-ink-600">#{image.id}</span>
      </div>
      <dl className="grid gap-1 text-sm">
        <div>
          <dt className="inline font-semibold text-ink-700">{t('admin.images.owner')}: </dt>
          <dd className="inline text-ink-900">
            {image.owner ? (
              <Link href={routeUrl('ylcadmin.users.detail', { userId: image.owner.id })} className="link-underline">
                {`${image.owner.firstname} ${image.owner.lastname}`.trim() || image.owner.email}
              </Link>
            ) : (
              t('admin.images.noowner')
            )}
            {image.owner ? <span className="block break-all text-xs text-ink-600">{image.owner.email}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold text-ink-700">{t('admin.images.uploaded')}: </dt>
          <dd className="inline text-ink-900">{formatDateTime(image.created_at, locale)}</dd>
        </div>
        {image.moderated_by && image.moderated_at ? (
          <div>
            <dt className="inline font-semibold text-ink-700">{t('admin.images.moderated')}: </dt>
            <dd className="inline text-ink-900">{t('admin.images.moderatedby', { name: image.moderated_by.name, date: formatDateTime(image.moderated_at, locale) })}</dd>
          </div>
        ) : null}
        <div>
          <dt className="font-semibold text-ink-700">{t('admin.images.usedin')}</dt>
          <dd>
            {image.uses.length ? (
              <ul className="mt-1 flex flex-col gap-1" data-testid="image-uses">
                {image.uses.map((use) => (
                  <UseItem key={`${use.type}-${use.id}`} use={use} />
                ))}
              </ul>
            ) : (
              <p className="text-ink-600">{t('admin.images.unused')}</p>
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={image.status === 'approved'} onClick={approve}>
          {t('admin.images.approve')}
        </Button>
        <Button size="sm" variant="danger" disabled={image.status === 'hidden'} onClick={() => onHide(image)}>
          {t('admin.images.hide')}
        </Button>
      </div>
      <ActionError error={actions.errorOf(key)} />
    </article>
  );
}

function UseItem({ use }: { use: ImageUse }) {
  const t = useT();
  const href = linkOf(use);
  const text = `${t(USES[use.type])}: ${use.label}`;
  return <li className="text-ink-900">{href ? <Link href={href} className="link-underline">{text}</Link> : text}</li>;
}

export default function AdminImagesPage() {
  const t = useT();
  const [statusParam, setStatus] = useQueryParam('status');
  const [kindParam, setKind] = useQueryParam('kind');
  const status: Filter = statusParam in FILTERS ? (statusParam as Filter) : 'pending';
  const kind = kindParam in KINDS ? kindParam : '';
  // Newest first: a moderator looks for what was just uploaded or decided.
  const list = usePagedList<AdminImage>(images.$path({ query: { status: status === 'all' ? undefined : status, kind: kind || undefined, order_dir: 'desc' } }), 24);
  const actions = useAdminAction(() => list.mutate());
  const [hiding, setHiding] = useState<AdminImage | null>(null);

  return (
    <AdminPage title={t('screens.admin.images')}>
      <p className="max-w-3xl text-ink-700">{t('admin.images.intro')}</p>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <FilterTabs
          label={t('admin.images.filter')}
          options={(Object.keys(FILTERS) as Filter[]).map((f) => ({ value: f, label: t(FILTERS[f]) }))}
          value={status}
          onChange={(next) => setStatus(next === 'pending' ? '' : next)}
        />
        <SelectField
          name="kind"
          label={t('admin.images.kind')}
          value={kind}
          onChange={setKind}
          options={[{ value: '', label: t('admin.images.allkinds') }, ...Object.keys(KINDS).map((k) => ({ value: k, label: kindLabel(t, k) }))]}
          className="w-48"
        />
      </div>
      <PagedList
        list={list}
        label={t('admin.images.listlabel')}
        emptyText={t(status === 'pending' ? 'admin.images.emptypending' : 'admin.images.empty')}
        itemKey={(image) => image.id}
        listClassName="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        renderItem={(image) => <ImageCard image={image} actions={actions} onHide={setHiding} />}
      />
      {hiding ? (
        <HideImageDialog
          imageId={hiding.id}
          onClose={() => setHiding(null)}
          onDone={async (message) => {
            setHiding(null);
            await actions.run(`image-${hiding.id}`, async () => message);
          }}
        />
      ) : null}
    </AdminPage>
  );
}
