// The outbox: every mail and SMS the local adapters "sent" (platform/mail.ts, platform/sms.ts), newest first, so a
// local run can follow each flow to its link. Filters: channel and a part of the recipient. A mail comes with its HTML
// part (the screen shows it in a sandboxed frame) and its attachments' names, types and sizes, not their contents.
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { DB } from '../../db/client';
import { outbox } from '../../db/schema/system';
import { notFound } from '../../lib/errors';
import { envelope, offsetOf } from '../../lib/list';
import { listQuery } from '#shared/schemas/list.schema';
import type { Deps } from '../../platform/deps';

export const OUTBOX_CHANNELS = ['mail', 'sms'] as const;

export const outboxQuery = v.object({
  ...listQuery(['id']),
  order_dir: v.optional(v.picklist(['asc', 'desc']), 'desc'),
  channel: v.optional(v.picklist(OUTBOX_CHANNELS, 'Choose mail or sms.')),
  recipient: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'Search for at most 120 characters.'))),
});
export type OutboxQuery = v.InferOutput<typeof outboxQuery>;

/** The byte length of base64 content, without decoding it. */
const base64Size = (content: string) => Math.floor((content.length * 3) / 4) - (content.endsWith('==') ? 2 : content.endsWith('=') ? 1 : 0);

const present = (m: typeof outbox.$inferSelect) => ({
  id: m.id,
  channel: m.channel as (typeof OUTBOX_CHANNELS)[number],
  recipient: m.recipient,
  subject: m.subject,
  body: m.body,
  html: m.html ?? null,
  attachments: (m.attachments ?? []).map((a) => ({ filename: a.filename, content_type: a.contentType, size: base64Size(a.content) })),
  template: m.template,
  locale: m.locale,
  created_at: m.createdAt.toISOString(),
});
export type OutboxMessage = ReturnType<typeof present>;

/** A LIKE pattern that matches `text` literally anywhere (case-insensitive for ASCII). */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** GET /v1/admin/outbox: one round trip for the page and both counts. */
export async function listOutbox(deps: Pick<Deps, 'db'>, q: OutboxQuery) {
  const { db } = deps;
  const conds: SQL[] = [];
  if (q.channel) conds.push(eq(outbox.channel, q.channel));
  if (q.recipient) conds.push(sql`lower(${outbox.recipient}) like ${containsPattern(q.recipient)} escape '\\'`);
  const where = conds.length ? and(...conds) : undefined;
  const [rows, filtered, total] = await db.batch([
    db
      .select()
      .from(outbox)
      .where(where)
      .orderBy(q.order_dir === 'asc' ? outbox.id : desc(outbox.id))
      .limit(q.page_size)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(outbox).where(where),
    db.select({ n: count() }).from(outbox),
  ]);
  return envelope(rows.map(present), q, { total: total[0]?.n ?? 0, filtered: filtered[0]?.n ?? 0 });
}

/** GET /v1/admin/outbox/{id} */
export async function getOutboxMessage(db: DB, id: number) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  if (!row) throw notFound('Message not found.');
  return present(row);
}
