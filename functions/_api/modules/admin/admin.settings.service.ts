// Fees, currency rates, launch mode and the company's details for admins. A change is one batch: the changed keys
// upserted and one audit row with the values before and after (the company's IBAN masked, as everywhere in the log). Settings are read from the database on every request that needs them
// (session, quote, booking creation; no KV copy to invalidate), so a change applies to the next booking at once,
// while existing bookings keep the fee and commission they snapshotted when they were created.
import { sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { settings } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import { CURRENCIES } from '#shared/locales';
import type { Deps } from '../../platform/deps';
import { maskIban } from '#shared/iban';
import { toCompany, toSettings, type Company, type LaunchMode, type Settings } from '../settings/settings.service';
import type { SettingsInput } from '#shared/schemas/admin.settings.schema';
import { auditEntry, type AdminActor } from './audit';

/** What admins edit: the marketplace's settings and the company. */
type Values = Settings & { company: Company };
type Key = keyof Values;
const KEYS: Key[] = ['service_fee_bp', 'commission_bp', 'currency_rates', 'launch_mode', 'company'];

/** When and by whom a key was last changed. */
type Change = { updated_at: string; updated_by: { id: number; name: string } | null };

/** Each stored key with when and by whom it was last changed (defaults have never been changed). */
async function readSettings(db: DB, launchModeDefault: LaunchMode | null) {
  const rows = await db
    .select({
      key: settings.key,
      value: settings.value,
      updatedAt: settings.updatedAt,
      updatedBy: settings.updatedBy,
      updatedByName: sql<string | null>`(select trim(${users.firstname} || ' ' || ${users.lastname}) from ${users} where ${users.id} = ${settings.updatedBy})`.as('updated_by_name'),
    })
    .from(settings);
  const current: Values = { ...toSettings(rows, launchModeDefault), company: toCompany(rows) };
  const changes: Partial<Record<Key, Change>> = Object.fromEntries(
    rows
      .filter((r) => (KEYS as string[]).includes(r.key))
      .map((r) => [r.key, { updated_at: r.updatedAt.toISOString(), updated_by: r.updatedBy != null ? { id: r.updatedBy, name: r.updatedByName ?? '' } : null }]),
  );
  return { current, changes };
}

const present = (s: { current: Values; changes: Partial<Record<Key, Change>> }) => ({ ...s.current, currencies: CURRENCIES, changes: s.changes });

/** GET /v1/admin/settings */
export async function getAdminSettings(deps: Pick<Deps, 'db' | 'config'>) {
  return present(await readSettings(deps.db, deps.config.launchModeOverride));
}

/**
 * PUT /v1/admin/settings: the given keys (currency rates merge into the current ones). Keys whose value does not
 * change are not written; a request that changes nothing writes nothing and is not logged.
 */
export async function updateAdminSettings(deps: Pick<Deps, 'db' | 'config'>, actor: AdminActor, input: SettingsInput) {
  const { db } = deps;
  const { current } = await readSettings(db, deps.config.launchModeOverride);
  const next: Values = {
    service_fee_bp: input.service_fee_bp ?? current.service_fee_bp,
    commission_bp: input.commission_bp ?? current.commission_bp,
    currency_rates: { ...current.currency_rates, ...input.currency_rates, CHF: 1 },
    launch_mode: input.launch_mode ?? current.launch_mode,
    company: input.company ?? current.company,
  };
  const changed = KEYS.filter((k) => JSON.stringify(next[k]) !== JSON.stringify(current[k]));
  if (!changed.length) return { changed: [] as Key[], data: await getAdminSettings(deps) };
  const logged = (s: Values, k: Key) => (k === 'company' && s.company.iban ? { ...s.company, iban: maskIban(s.company.iban) } : s[k]);
  const pick = (s: Values) => Object.fromEntries(changed.map((k) => [k, logged(s, k)]));
  await db.batch([
    db
      .insert(settings)
      .values(changed.map((key) => ({ key, value: next[key], updatedBy: actor.userId, updatedAt: actor.now })))
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
      }),
    auditEntry(db, actor, { action: 'settings.update', targetType: 'settings', targetId: null, before: pick(current), after: pick(next) }),
  ]);
  return { changed, data: await getAdminSettings(deps) };
}
