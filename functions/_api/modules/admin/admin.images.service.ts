// Image moderation: the queue of uploaded pictures (pending first) with owner and every place each one is used, and
// the two decisions, approve and hide. A hidden image resolves to null in every public response (imageResource) and
// 404 at /v1/images, so clients show the placeholder; admins still see it here to undo the decision. Hiding takes a
// reason, which those the picture concerns (the chefs whose menus show it, whose profile picture it is, who uploaded
// it) read in a notification and a mail in their locale.
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { as, asJoined } from '../../db/columns-alias';
import { guardedWrite } from '../../db/guarded-write';
import { chefs } from '../../db/schema/chefs';
import { images } from '../../db/schema/files';
import { menus } from '../../db/schema/menus';
import { users } from '../../db/schema/users';
import { conflict, notFound } from '../../lib/errors';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import { listQuery } from '#shared/schemas/list.schema';
import type { Deps } from '../../platform/deps';
import { auditIfWon } from '../audit/audit.service';
import { prepareNotice, sendNotices, type Notice } from '../notifications/notify.service';
import type { AdminActor } from './audit';

export const IMAGE_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];
export const IMAGE_KIND_FILTER = ['avatar', 'menu', 'city'] as const;

export const adminImagesQuery = v.object({
  ...listQuery(['queue']),
  status: v.optional(v.picklist(IMAGE_STATUSES, `Choose a status: ${IMAGE_STATUSES.join(', ')}.`)),
  kind: v.optional(v.picklist(IMAGE_KIND_FILTER, `Choose a kind: ${IMAGE_KIND_FILTER.join(', ')}.`)),
});
export type AdminImagesQuery = v.InferOutput<typeof adminImagesQuery>;

/** Where an image shows: a user's avatar, a menu's picture, a popular city's picture. */
export type ImageUse =
  | { type: 'avatar'; id: number; label: string }
  | { type: 'menu'; id: number; label: string; chef_uri: string | null; status: string }
  | { type: 'city'; id: number; label: string };

/** The smallest stack of each kind, for thumbnails. */
const THUMB_ORDER = ['t256x256', 't512_1x1', 't512_2x1', 't1024_2x1'];

/** Admin-only URL of a stack, which also serves hidden images (GET /v1/admin/images/{id}/file/{stack}). */
export const adminImageUrl = (id: number, stack: string) => `/v1/admin/images/${id}/file/${stack}`;

export function adminImageUrls(id: number, stacks: Record<string, string>) {
  const names = Object.keys(stacks);
  const thumb = THUMB_ORDER.find((s) => names.includes(s)) ?? names[0] ?? null;
  return {
    thumbnail_url: thumb ? adminImageUrl(id, thumb) : null,
    url: Object.fromEntries(names.map((s) => [s, adminImageUrl(id, s)])),
  };
}

/**
 * Every use of the image as one JSON array, so the queue page is a single statement. json() keeps the objects
 * as JSON across the union (a subquery loses the JSON subtype).
 */
const usesJson = sql<string>`(select json_group_array(json(u.x)) from (
    select json_object('type', 'avatar', 'id', us.id, 'label', trim(us.firstname || ' ' || us.lastname)) as x from users us where us.avatar_image_id = ${images.id}
    union all
    select json_object('type', 'menu', 'id', m.id, 'label', m.name, 'status', m.status, 'chef_uri', (select c.uri from chefs c where c.id = m.chef_id)) from menus m where m.image_id = ${images.id}
    union all
    select json_object('type', 'city', 'id', pc.id, 'label', pc.display_name) from popular_cities pc where pc.image_id = ${images.id}
  ) u)`.as('uses_json');

const moderator = sql<string | null>`(select trim(mu.firstname || ' ' || mu.lastname) from users mu where mu.id = ${images.moderatedBy})`.as('moderator_name');

function imageSelect(db: Deps['db']) {
  return db
    .select({
      id: as(images.id, 'image_id'),
      kind: images.kind,
      status: images.status,
      stacks: images.stacks,
      contentType: images.contentType,
      createdAt: as(images.createdAt, 'image_created_at'),
      moderatedAt: images.moderatedAt,
      moderatedBy: images.moderatedBy,
      moderatorName: moderator,
      ownerId: asJoined(users.id, 'owner_id'),
      ownerFirstname: users.firstname,
      ownerLastname: users.lastname,
      ownerEmail: users.email,
      ownerLocale: users.locale,
      usesJson,
    })
    .from(images)
    .leftJoin(users, eq(users.id, images.ownerUserId));
}

type ImageRow = Awaited<ReturnType<ReturnType<typeof imageSelect>['all']>>[number];

function presentImage(r: ImageRow) {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status as ImageStatus,
    content_type: r.contentType,
    stacks: Object.keys(r.stacks),
    ...adminImageUrls(r.id, r.stacks),
    created_at: r.createdAt.toISOString(),
    moderated_at: r.moderatedAt ? r.moderatedAt.toISOString() : null,
    moderated_by: r.moderatedBy != null ? { id: r.moderatedBy, name: r.moderatorName ?? '' } : null,
    owner: r.ownerId != null ? { id: r.ownerId, firstname: r.ownerFirstname ?? '', lastname: r.ownerLastname ?? '', email: r.ownerEmail ?? '' } : null,
    uses: JSON.parse(r.usesJson || '[]') as ImageUse[],
  };
}
export type AdminImage = ReturnType<typeof presentImage>;

/** GET /v1/admin/images: pending first, then newest first; filtered by status and kind. One round trip. */
export async function listImages(deps: Pick<Deps, 'db'>, q: AdminImagesQuery) {
  const { db } = deps;
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(images.status, q.status));
  if (q.kind) conds.push(eq(images.kind, q.kind));
  const where = conds.length ? and(...conds) : undefined;
  const pendingFirst = sql`case when ${images.status} = 'pending' then 0 else 1 end`;
  const [rows, filtered, total] = await db.batch([
    imageSelect(db)
      .where(where)
      .orderBy(pendingFirst, q.order_dir === 'asc' ? images.id : desc(images.id))
      .limit(q.page_size)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(images).where(where),
    db.select({ n: count() }).from(images),
  ]);
  return envelope(rows.map(presentImage), q as ListParams, { total: total[0]?.n ?? 0, filtered: filtered[0]?.n ?? 0 });
}

async function getImage(db: Deps['db'], id: number) {
  const [row] = await imageSelect(db).where(eq(images.id, id)).limit(1);
  if (!row) throw notFound('Image not found.');
  return row;
}

/** A recipient of a hidden-picture notice, with the menu of theirs it showed on (if any). */
type Concerned = { userId: number; email: string; locale: string; firstname: string; menuId?: number | null; menuName?: string | null };
const recipientColumns = { userId: as(users.id, 'concerned_id'), email: users.email, locale: users.locale, firstname: users.firstname };

/**
 * Who a picture concerns, each once and about the place that matters most to them: the chefs of the menus it shows
 * on (about their menu, with a link to it), the accounts it is the profile picture of, and whoever uploaded it
 * (seeded pictures have no uploader). Nobody is told about their own decision.
 */
function concernedReads(db: Deps['db'], id: number) {
  return [
    db.select({ ...recipientColumns, menuId: as(menus.id, 'concerned_menu_id'), menuName: menus.name }).from(menus).innerJoin(chefs, eq(chefs.id, menus.chefId)).innerJoin(users, eq(users.id, chefs.userId)).where(eq(menus.imageId, id)).orderBy(menus.id),
    db.select(recipientColumns).from(users).where(eq(users.avatarImageId, id)),
  ] as const;
}

function hiddenNotices(owner: Concerned | null, onMenus: Concerned[], asAvatar: Concerned[], reason: string, actorId: number): { to: Concerned; notice: Notice }[] {
  const told = new Map<number, { to: Concerned; notice: Notice }>();
  const tell = (to: Concerned, notice: Notice) => {
    if (to.userId !== actorId && !told.has(to.userId)) told.set(to.userId, { to, notice });
  };
  for (const c of onMenus) tell(c, { key: 'image_hidden.menu', params: { menu: c.menuName ?? '', reason }, link: `/account/me/menumanagement/${c.menuId}` });
  for (const c of asAvatar) tell(c, { key: 'image_hidden.avatar', params: { reason }, link: '/account/me/chefprofile' });
  if (owner) tell(owner, { key: 'image_hidden.other', params: { reason } });
  return [...told.values()];
}

export type ImageDecision = { to: 'approved' } | { to: 'hidden'; reason: string };

/**
 * POST /v1/admin/images/{id}/approve and …/hide. The update is guarded by the status that was read, and the audit
 * row (with the reason of a hide) and the notifications of those the picture concerns are written only if that
 * update changed the row: a decision that lost a race to another admin writes nothing and answers 409. Deciding what
 * is already decided changes nothing, is not logged and tells nobody. The mails go out after the batch.
 */
export async function moderateImage(deps: Deps, actor: AdminActor, id: number, decision: ImageDecision) {
  const { db } = deps;
  const { to } = decision;
  const [[before], onMenus, asAvatar] = await db.batch([imageSelect(db).where(eq(images.id, id)).limit(1), ...concernedReads(db, id)]);
  if (!before) throw notFound('Image not found.');
  if (before.status === to) return { changed: false, data: presentImage(before) };
  const reason = decision.to === 'hidden' ? decision.reason : null;
  const owner = before.ownerId != null ? { userId: before.ownerId, email: before.ownerEmail ?? '', locale: before.ownerLocale ?? 'en', firstname: before.ownerFirstname ?? '' } : null;
  const write = guardedWrite(db);
  const notices = reason === null ? [] : hiddenNotices(owner, onMenus, asAvatar, reason, actor.userId).map((n) => prepareNotice(deps, n.to, n.notice, { when: write.witness }));
  const [updated] = await db.batch(
    write.statements(
      db
        .update(images)
        .set({ status: to, moderatedBy: actor.userId, moderatedAt: actor.now })
        .where(and(eq(images.id, id), eq(images.status, before.status)))
        .returning({ id: images.id }),
      [
        auditIfWon(
          db,
          write.witness,
          {
            actorUserId: actor.userId,
            action: to === 'hidden' ? 'image.hide' : 'image.approve',
            targetType: 'image',
            targetId: String(id),
            before: { status: before.status },
            after: reason !== null ? { status: to, reason } : { status: to },
            ip: actor.ip,
          },
          actor.now,
        ),
        ...notices.map((n) => n.insert),
      ],
    ),
  );
  if (!updated.length) throw conflict('This image was moderated by someone else in the meantime. Please reload.', 'IMAGE_CHANGED');
  await sendNotices(deps, notices);
  return { changed: true, data: presentImage(await getImage(db, id)) };
}
