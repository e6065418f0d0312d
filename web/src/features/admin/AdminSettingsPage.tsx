// Admin settings: service fee and commission (entered in percent, stored in basis points), the rate of each currency
// per 1 CHF, the launch mode and the company's details (the debtor of the payout bank files, the issuer of receipts).
// A change applies to bookings created afterwards; existing bookings keep theirs. Unsaved changes are guarded
// (lib/unsaved-changes.ts).
import { useEffect } from 'react';
import { settingsBody } from '#shared/schemas/admin.settings.schema';
import { Button } from '../../components/Button';
import { FormErrors, RadioGroup, TextField } from '../../components/Field';
import { LoadError, Loading } from '../../components/LoadState';
import { client, unwrap, type Answer } from '../../lib/client';
import { formatDateTime } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/schema-form';
import { useApi } from '../../lib/swr';
import { notify } from '../../state/ui';
import { AdminPage, AdminSection } from './parts';

const settingsApi = client.admin.settings;
export type AdminSettings = Answer<typeof settingsApi.$get>['data'];
type LaunchMode = AdminSettings['launch_mode'];
type Company = AdminSettings['company'];
const COMPANY_FIELDS = ['name', 'street', 'postcode', 'city', 'country', 'email', 'vatId', 'iban', 'bic'] as const satisfies readonly (keyof Company)[];
type Change = NonNullable<AdminSettings['changes'][keyof AdminSettings['changes']]>;
const FOREIGN = ['EUR', 'USD', 'GBP'] as const;

type Draft = { fee: string; commission: string; rates: Record<string, string>; launch_mode: LaunchMode; company: Company };

/** 550 → "5.5"; "5,5" or "5.5" → 550 (a comma is accepted as the decimal mark). */
export const bpToPercent = (bp: number) => String(bp / 100);
export const percentToBp = (text: string) => {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || Number.isNaN(n) ? Number.NaN : Math.round(n * 100);
};
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

const draftOf = (s: AdminSettings): Draft => ({
  fee: bpToPercent(s.service_fee_bp),
  commission: bpToPercent(s.commission_bp),
  rates: Object.fromEntries(FOREIGN.map((c) => [c, String(s.currency_rates[c] ?? '')])),
  launch_mode: s.launch_mode,
  company: { ...s.company },
});

/** The company is sent only when edited: before it is first set, its empty fields must not block saving the fees. */
const companyEdited = (draft: Company, saved: Company) => COMPANY_FIELDS.some((f) => draft[f] !== saved[f]);

function CompanySection({ draft, errors, onChange, change }: { draft: Company; errors: Record<string, string[]>; onChange: (field: keyof Company, value: string) => void; change: Change | undefined }) {
  const t = useT();
  const field = (name: keyof Company, label: string, extra: { hint?: string; autoComplete?: string; className?: string; type?: 'email' } = {}) => (
    <TextField name={`company.${name}`} label={label} value={draft[name]} onChange={(value) => onChange(name, value)} errors={errors[`company.${name}`]} {...extra} />
  );
  return (
    <AdminSection title={t('admin.settings.company.title')}>
      <p className="mb-4 text-sm text-ink-700">{t('admin.settings.company.intro')}</p>
      <div className="grid gap-4 sm:grid-cols-6">
        {field('name', t('admin.settings.company.name'), { className: 'sm:col-span-6', autoComplete: 'organization' })}
        {field('street', t('admin.settings.company.street'), { className: 'sm:col-span-6', autoComplete: 'street-address' })}
        {field('postcode', t('admin.settings.company.postcode'), { className: 'sm:col-span-2', autoComplete: 'postal-code' })}
        {field('city', t('admin.settings.company.city'), { className: 'sm:col-span-3', autoComplete: 'address-level2' })}
        {field('country', t('admin.settings.company.country'), { className: 'sm:col-span-1', hint: t('admin.settings.company.countryhint'), autoComplete: 'country' })}
        {field('email', t('admin.settings.company.email'), { className: 'sm:col-span-6', hint: t('admin.settings.company.emailhint'), autoComplete: 'email', type: 'email' })}
        {field('vatId', t('admin.settings.company.vatId'), { className: 'sm:col-span-6', hint: t('admin.settings.company.vatIdhint') })}
        {field('iban', t('admin.settings.company.iban'), { className: 'sm:col-span-4', hint: t('admin.settings.company.ibanhint') })}
        {field('bic', t('admin.settings.company.bic'), { className: 'sm:col-span-2', hint: t('admin.settings.company.bichint') })}
      </div>
      <ChangedNote change={change} />
    </AdminSection>
  );
}

function ChangedNote({ change }: { change: Change | undefined }) {
  const t = useT();
  const locale = useLocale();
  if (!change) return <p className="text-xs text-ink-600">{t('admin.settings.default')}</p>;
  const date = formatDateTime(change.updated_at, locale);
  // A value nobody has saved since the seed wrote it (the fees, the rates, the demo company) has no editor.
  return <p className="text-xs text-ink-600">{change.updated_by ? t('admin.settings.changedby', { date, name: change.updated_by.name || '–' }) : t('admin.settings.seeded', { date })}</p>;
}

function SettingsForm({ settings, onSaved }: { settings: AdminSettings; onSaved: (next: AdminSettings) => unknown }) {
  const t = useT();
  const form = useSchemaForm(settingsBody, (body) => unwrap(settingsApi.$put({ json: body })), {
    initial: () => draftOf(settings),
    body: (draft: Draft) => ({
      service_fee_bp: percentToBp(draft.fee),
      commission_bp: percentToBp(draft.commission),
      currency_rates: Object.fromEntries(FOREIGN.map((c) => [c, toNumber(draft.rates[c] ?? '')])),
      launch_mode: draft.launch_mode,
      company: companyEdited(draft.company, settings.company) ? draft.company : undefined,
    }),
    onSuccess: async (res) => {
      notify({ type: 'success', title: t(res.changed.length ? 'admin.settings.saved' : 'admin.settings.nothingchanged') });
      await onSaved(res.data);
    },
  });
  const { values: draft, update: setDraft, setBase, errors } = form;
  // Newer settings (saved here, or reloaded) are the saved state; what the admin typed meanwhile stays on top.
  useEffect(() => setBase(draftOf(settings)), [settings, setBase]);

  return (
    <form {...form.props} className="flex flex-col gap-6" data-testid="settings-form">
      <AdminSection title={t('admin.settings.fees')}>
        <p className="mb-4 text-sm text-ink-700">{t('admin.settings.feesintro')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <TextField name="service_fee_bp" label={t('admin.settings.servicefee')} hint={t('admin.settings.servicefeehint')} inputMode="decimal" suffix="%" value={draft.fee} onChange={(fee) => setDraft((d) => ({ ...d, fee }))} errors={errors.service_fee_bp} />
            <ChangedNote change={settings.changes.service_fee_bp} />
          </div>
          <div>
            <TextField name="commission_bp" label={t('admin.settings.commission')} hint={t('admin.settings.commissionhint')} inputMode="decimal" suffix="%" value={draft.commission} onChange={(commission) => setDraft((d) => ({ ...d, commission }))} errors={errors.commission_bp} />
            <ChangedNote change={settings.changes.commission_bp} />
          </div>
        </div>
      </AdminSection>
      <AdminSection title={t('admin.settings.rates')}>
        <p className="mb-4 text-sm text-ink-700">{t('admin.settings.ratesintro')}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          {FOREIGN.map((code) => (
            <TextField
              key={code}
              name={`currency_rates.${code}`}
              label={t('admin.settings.rate', { code })}
              inputMode="decimal"
              suffix={code}
              value={draft.rates[code] ?? ''}
              onChange={(value) => setDraft((d) => ({ ...d, rates: { ...d.rates, [code]: value } }))}
              errors={errors[`currency_rates.${code}`]}
            />
          ))}
        </div>
        <ChangedNote change={settings.changes.currency_rates} />
      </AdminSection>
      <AdminSection title={t('admin.settings.launchmode')}>
        <RadioGroup<LaunchMode>
          name="launch_mode"
          legend={t('admin.settings.launchmodelegend')}
          value={draft.launch_mode}
          onChange={(launch_mode) => setDraft((d) => ({ ...d, launch_mode }))}
          errors={errors.launch_mode}
          options={[
            { value: 'live', label: t('admin.settings.live'), description: t('admin.settings.livetext') },
            { value: 'prelaunch', label: t('admin.settings.prelaunch'), description: t('admin.settings.prelaunchtext') },
          ]}
        />
        <ChangedNote change={settings.changes.launch_mode} />
      </AdminSection>
      <CompanySection draft={draft.company} errors={errors} change={settings.changes.company} onChange={(name, value) => setDraft((d) => ({ ...d, company: { ...d.company, [name]: value } }))} />
      <FormErrors errors={form.formErrors} testId="settings-error" />
      <div>
        <Button type="submit" loading={form.busy}>
          {t('admin.settings.save')}
        </Button>
      </div>
    </form>
  );
}

export default function AdminSettingsPage() {
  const t = useT();
  const { data, error, mutate } = useApi<Answer<typeof settingsApi.$get>>(settingsApi.$path());
  return (
    <AdminPage title={t('screens.admin.settings')}>
      <p className="max-w-3xl text-ink-700">{t('admin.settings.intro')}</p>
      {data ? (
        <SettingsForm settings={data.data} onSaved={(next) => mutate({ data: next }, { revalidate: false })} />
      ) : error ? (
        <LoadError retry={() => mutate()} />
      ) : (
        <Loading />
      )}
    </AdminPage>
  );
}
