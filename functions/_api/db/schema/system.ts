// Marketplace operation: runtime settings, the local outbox of mail and SMS, and the audit log of admin writes.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, updatedAt } from './columns';

/** Key/value settings: service_fee_bp, commission_bp, currency_rates, launch_mode. */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: updatedAt(),
});

/** Mail and SMS sent by the local adapters, shown to admins so a local run can follow every flow. */
export const outbox = sqliteTable(
  'outbox',
  {
    id: id(),
    /** mail | sms */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    /** The mail's HTML part, when it has one (body is its plain-text part). */
    html: text('html'),
    /** Files sent with the mail: [{ filename, contentType, content (base64) }]. */
    attachments: text('attachments', { mode: 'json' }).$type<{ filename: string; contentType: string; content: string }[]>(),
    template: text('template'),
    locale: text('locale'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_recipient').on(t.recipient, t.id)],
);

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: id(),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  // audit_action: the action filter (newest first within one action) and the distinct actions of its options.
  (t) => [index('audit_target').on(t.targetType, t.targetId), index('audit_created').on(t.createdAt), index('audit_action').on(t.action)],
);

/**
 * Versions of the data that cached reads depend on, changed by triggers (migrations/0002_data_versions.sql) on every
 * write that can alter them: `catalog` (menus, tags, prices, chefs and the regions they serve, names and images,
 * lists, settings, regions) and `days` (bookings and blocked days). Each change stores a fresh random number, so a
 * version never comes back after a rollback and never matches another database's.
 */
export const dataVersions = sqliteTable('data_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
});

/**
 * The witnesses of guarded writes (db/guarded-write.ts): a row lives only inside the batch of a guarded statement that
 * won its race, from right after that statement to the batch's end. Always empty between batches. The migration
 * creates it WITHOUT ROWID, so that writing a witness leaves last_insert_rowid() to the guarded insert before it.
 */
export const writeWitnesses = sqliteTable('write_witnesses', {
  token: text('token').primaryKey(),
});
