// Uploaded files: private documents (attachments) and public images with their resized stacks and moderation state.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, instant } from './columns';
import { users } from './users';

export const images = sqliteTable(
  'images',
  {
    id: id(),
    ownerUserId: integer('owner_user_id').references((): any => users.id, { onDelete: 'set null' }),
    /** avatar | menu | city */
    kind: text('kind').notNull(),
    /** pending | approved | hidden; hidden images are replaced by the placeholder everywhere. */
    status: text('status').notNull().default('pending'),
    /** R2 object key per stack, e.g. {"t512_1x1": "img/…", "t512_2x1": "…"}. */
    stacks: text('stacks', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    contentType: text('content_type').notNull().default('image/jpeg'),
    moderatedBy: integer('moderated_by'),
    moderatedAt: instant('moderated_at'),
    createdAt: createdAt(),
  },
  (t) => [index('images_status').on(t.status, t.id), index('images_owner').on(t.ownerUserId)],
);

export const attachments = sqliteTable(
  'attachments',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references((): any => users.id, { onDelete: 'cascade' }),
    /** id_document | hygiene_certificate | liability_insurance | other */
    kind: text('kind').notNull().default('other'),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Server-generated R2 key; never derived from the client's file name. */
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [index('attachments_user').on(t.userId, t.id)],
);
