// In-app notifications plus the matching mail, written in the recipient's locale from i18n/ (keys under "notify.").
// A notification keeps its key and parameters, so the list renders it in the language its reader uses then; a mail
// goes out once, in the recipient's stored locale. Parameters that read differently per language (an instant, an
// amount, a masked contact detail) are stored neutral (LocalParam, CONTACT_MARK) and written out per locale.
// The insert is returned, not run, so callers put it into the same db.batch as the change it reports; mail goes out
// after that batch has committed, and a mail failure never undoes or fails the change.
import { and, eq, getTableColumns, is, isNull, sql, SQL, type Column } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import type { Witness } from '../../db/guarded-write';
import { notifications } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import { formatWhen } from '../../lib/event-text';
import { translate } from '../../lib/i18n';
import { showMasks } from '../../lib/masking';
import { renderMail } from '../../lib/mail-layout';
import { absoluteUrl, type Config } from '../../platform/config';
import type { Deps } from '../../platform/deps';
import type { MailAttachment } from '../../platform/mail';
import { formatMoney } from '#shared/pricing';

export type Recipient = { userId: number; email: string; locale: string; firstname: string };

export type NoticeType = 'info' | 'success' | 'error';

/** A parameter written in the reader's language when the text is rendered: an instant in a time zone, an amount. */
export type LocalParam = { when: string; tz: string } | { money: number; currency: string };
export type NoticeParams = Record<string, string | number | LocalParam>;

/** An instant as a notice parameter, in words of the reader's language ("12. Juni 2026 um 19:00 (Ortszeit Zürich)"). */
export const whenParam = (instant: Date, timeZone: string): LocalParam => ({ when: instant.toISOString(), tz: timeZone });
/** An amount in minor units as a notice parameter, formatted for the reader's language. */
export const moneyParam = (minor: number, currency: string): LocalParam => ({ money: minor, currency });

/** A notice's parameters as a reader of `locale` reads them; a masked contact detail in that language too. */
export function localParams(locale: string, params: Record<string, unknown> | null | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(params ?? {})) {
    const local = (v && typeof v === 'object' ? v : {}) as Partial<Record<string, unknown>>;
    if (typeof v === 'number') out[name] = v;
    else if (typeof v === 'string') out[name] = showMasks(v, locale);
    else if ('when' in local) out[name] = formatWhen(new Date(String(local.when)), String(local.tz), locale);
    else if ('money' in local) out[name] = formatMoney(Number(local.money), String(local.currency), locale);
    else out[name] = '';
  }
  return out;
}

export type Notice = {
  /** Key under "notify." holding `title` and `message`, e.g. "chef_status.approve". */
  key: string;
  params?: NoticeParams;
  type?: NoticeType;
  /** Client route the notification opens, e.g. /account/me/becomechef. */
  link?: string | null;
  /** Also send a mail (default true). */
  mail?: boolean;
  /** Files for the mail (a calendar invite, a receipt), built only when the mail is sent, after the batch. */
  attachments?: () => Promise<MailAttachment[]>;
};

export type PreparedNotice = {
  insert: BatchItem<'sqlite'>;
  /** Sends the mail, if any; call it after the batch. */
  send: () => Promise<void>;
};

/**
 * `insert into <table> select …`, built through Drizzle's insert builder so that it runs inside db.batch on libSQL
 * and D1 alike (Drizzle's D1 batch cannot bind parameters of raw db.run() statements). `exprs` gives the SQL per
 * column; every other column gets its default, in the order Drizzle lists the table's columns. `rest` follows the
 * select list: a FROM and/or a WHERE.
 */
export function insertSelect<T extends SQLiteTable>(db: DB, table: T, exprs: Partial<Record<keyof T['$inferInsert'] & string, SQL>>, rest: SQL) {
  const columns = Object.entries(getTableColumns(table) as Record<string, Column>).filter(
    ([, col]) => !(col as unknown as { shouldDisableInsert?: () => boolean }).shouldDisableInsert?.(),
  );
  const list = columns.map(([key, col]) => {
    const given = exprs[key as keyof typeof exprs];
    if (given) return given;
    if (is(col.default, SQL)) return col.default;
    return col.default !== undefined ? param(col, col.default) : sql`null`;
  });
  return db.insert(table).select(sql`select ${sql.join(list, sql`, `)} ${rest}`);
}

/** A value for insertSelect, encoded as the column stores it (JSON text, epoch milliseconds, 0/1). */
export const param = (column: Column, value: unknown): SQL => sql`${sql.param(value, column)}`;

/** A row's values as insertSelect expressions; values that are SQL already stay as they are. */
export function paramsOf<T extends SQLiteTable>(table: T, values: Partial<Record<keyof T['$inferInsert'] & string, unknown>>) {
  const columns = getTableColumns(table) as Record<string, Column>;
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, is(v, SQL) ? v : param(columns[k]!, v)])) as Partial<Record<keyof T['$inferInsert'] & string, SQL>>;
}

/** The active super-users, each in their own locale: who is told of what an administrator must decide. */
export function superUsers(db: DB): Promise<Recipient[]> {
  return db
    .select({ userId: users.id, email: users.email, locale: users.locale, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.isSu, true), isNull(users.disabledAt)));
}

/** Title and message of a notice in a locale. */
export function noticeTexts(locale: string, notice: { key: string; params?: Record<string, unknown> | null }) {
  const params = localParams(locale, notice.params);
  return {
    title: translate(locale, `notify.${notice.key}.title`, params),
    message: translate(locale, `notify.${notice.key}.message`, params),
  };
}

/**
 * A stored notification as its reader reads it now: rendered from its key in the reader's locale, or, for a row
 * written before notifications kept their key, the title and message it was stored with.
 */
export function notificationTexts(locale: string, row: { key: string | null; params: Record<string, unknown> | null; title: string; message: string }) {
  return row.key ? noticeTexts(locale, { key: row.key, params: row.params }) : { title: row.title, message: row.message };
}

/**
 * Builds the notification insert and the mail for one recipient.
 *
 * `when`: the witness of a guarded write (db/guarded-write.ts) in the same batch; the notification is written only
 * when that write won its race, so a lost race writes no notification, without a second round trip to find out first.
 */
export function prepareNotice(deps: Pick<Deps, 'db' | 'mail' | 'clock' | 'config'>, to: Recipient, notice: Notice, opts: { when?: Witness } = {}): PreparedNotice {
  const { title, message } = noticeTexts(to.locale, notice);
  const type = notice.type ?? 'info';
  const link = notice.link ?? null;
  const now = deps.clock.now();
  const values = { userId: to.userId, type, title, message, key: notice.key, params: notice.params ?? null, link, createdAt: now };
  const insert = opts.when ? insertSelect(deps.db, notifications, paramsOf(notifications, values), sql`where ${opts.when}`) : deps.db.insert(notifications).values(values);
  const send = async () => {
    if (notice.mail !== false) await mailNotice(deps, to, notice);
  };
  return { insert, send };
}

/**
 * The label of a notice mail's button, by what the notice is about: "mail.action.<family>_<kind>" where one exists
 * (booking.digest → "View your bookings"), else "mail.action.<family>" (booking.* → "View the booking"), else a
 * generic one, so a new notice key gets a fitting button without a text of its own.
 */
function actionLabel(locale: string, key: string): string {
  const [family, kind] = key.split('.');
  for (const candidate of [`mail.action.${family}_${kind}`, `mail.action.${family}`]) {
    const label = translate(locale, candidate);
    // translate() answers a missing key with the key itself.
    if (label !== candidate) return label;
  }
  return translate(locale, 'mail.action.default');
}

/** A notice's mail: its title as subject and heading, its message, a button to its link, in the recipient's locale. */
export function noticeMail(config: Pick<Config, 'publicOrigin'>, to: Pick<Recipient, 'email' | 'locale' | 'firstname'>, notice: Pick<Notice, 'key' | 'params' | 'link'>) {
  const { title, message } = noticeTexts(to.locale, notice);
  return renderMail(to.locale, config.publicOrigin, {
    subject: title,
    greeting: translate(to.locale, 'notify.mail.greeting', { name: to.firstname || to.email }),
    message,
    action: notice.link ? { label: actionLabel(to.locale, notice.key), url: absoluteUrl(config, notice.link) } : undefined,
    reason: translate(to.locale, 'mail.reason.account'),
  });
}

/** The mail of a notice alone, in the recipient's locale (a digest of changes already notified in-app one by one). */
export async function mailNotice(deps: Pick<Deps, 'mail' | 'config'>, to: Recipient, notice: Notice): Promise<void> {
  const attachments = notice.attachments ? await notice.attachments() : undefined;
  await deps.mail.send({ to: to.email, ...noticeMail(deps.config, to, notice), attachments, template: `notify.${notice.key}`, locale: to.locale });
}

/** Sends the mails of notices whose batch has committed. Failures are logged, not thrown: the change stands. */
export async function sendNotices(deps: Pick<Deps, 'log'>, notices: PreparedNotice[]): Promise<void> {
  for (const n of notices) {
    try {
      await n.send();
    } catch (err) {
      deps.log.error('notify.mail_failed', { error: String(err) });
    }
  }
}
