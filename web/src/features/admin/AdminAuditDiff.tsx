// Before and after of an audit entry as a readable table: nested values are flattened to dotted fields
// (currency_rates.EUR), changed fields come first and are marked, unchanged ones follow.
import { useT } from '../../lib/i18n';

export type DiffRow = { field: string; before: string | null; after: string | null; changed: boolean };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function flatten(value: unknown, prefix: string, out: Map<string, string>) {
  if (isPlainObject(value) && (Object.keys(value).length || !prefix)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
  } else if (value !== null && value !== undefined) {
    out.set('value', typeof value === 'string' ? value : JSON.stringify(value));
  }
  return out;
}

/** The fields of before and after, changed first; a field missing on one side reads null there. */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const b = flatten(before ?? null, '', new Map());
  const a = flatten(after ?? null, '', new Map());
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  const rows = fields.map((field) => {
    const x = b.has(field) ? b.get(field)! : null;
    const y = a.has(field) ? a.get(field)! : null;
    return { field, before: x, after: y, changed: x !== y };
  });
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}

export function AdminAuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const t = useT();
  const rows = auditDiff(before, after);
  if (!rows.length) return <p className="text-sm text-ink-600">{t('admin.audit.nodetails')}</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('admin.audit.difflabel')}>
      <table className="w-full min-w-[28rem] text-left text-sm" data-testid="audit-diff">
        <thead>
          <tr className="text-ink-700">
            <th scope="col" className="py-1 pr-3 font-semibold">{t('admin.audit.field')}</th>
            <th scope="col" className="py-1 pr-3 font-semibold">{t('admin.audit.before')}</th>
            <th scope="col" className="py-1 font-semibold">{t('admin.audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.field} className={`border-t border-cream-200 align-top ${r.changed ? '' : 'text-ink-600'}`} data-changed={r.changed || undefined}>
              <th scope="row" className="py-1 pr-3 font-mono text-xs font-normal">{r.field}</th>
              <td className={`py-1 pr-3 break-all ${r.changed && r.before !== null ? 'bg-danger-50 text-danger-700' : ''}`}>{r.before ?? '–'}</td>
              <td className={`py-1 break-all ${r.changed && r.after !== null ? 'bg-herb-50 text-herb-700' : ''}`}>{r.after ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
