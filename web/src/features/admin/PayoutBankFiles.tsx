// The payouts' files for the bank, of one batch or of every pending payout: a pain.001 file per currency (Swiss
// Payment Standards for CHF, SEPA for EUR) and the CSV. A bank file that cannot be written shows each reason here, in
// the admin's language (the server names them by key): per payout (its reference first) and the company's details,
// with the way to the settings.
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { downloadFile } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { failureOf } from '../../lib/schema-form';
import { routeUrl } from '../../lib/routes';
import { notify } from '../../state/ui';
import { BANK_FILE_CURRENCIES, exportPath } from './PayoutsApi';

type Problem = { message: string; reasons: string[]; company: boolean };

export function PayoutBankFiles({ batch, currencies, csvLabel, testId }: { batch?: string; currencies: readonly string[]; csvLabel: string; testId: string }) {
  const t = useT();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const scope = batch ? { batch } : { status: 'pending' as const };

  async function download(currency: string) {
    setBusy(currency);
    setProblem(null);
    try {
      const name = await downloadFile(exportPath({ ...scope, format: 'pain001', currency }), `ylc-payouts-${currency}.xml`);
      notify({ type: 'success', title: t('admin.payouts.files.downloaded', { name }) });
    } catch (err) {
      // The one reading of a failure: a refusal in the admin's language with its reasons, a failed connection as the
      // shared network text.
      // One reason per field (a payout, the company, the sum): a field's second message (why an IBAN is not valid)
      // completes its first.
      const { message, errors } = failureOf(err);
      setProblem({ message, reasons: Object.values(errors).map((list) => list.join(' ')), company: 'company' in errors });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2">
        {BANK_FILE_CURRENCIES.filter((c) => currencies.includes(c)).map((c) => (
          <Button key={c} size="sm" variant="secondary" loading={busy === c} disabled={busy !== null && busy !== c} onClick={() => download(c)}>
            {c === 'CHF' ? t('admin.payouts.files.chf') : t('admin.payouts.files.eur')}
          </Button>
        ))}
        <a href={exportPath(scope)} download className="px-1 text-sm font-semibold text-brand-700 link-underline">
          {csvLabel}
        </a>
      </div>
      {problem ? (
        <div role="alert" className="mt-3 rounded-xl bg-danger-50 px-4 py-3 text-sm text-danger-700 ring-1 ring-danger-100" data-testid="bank-file-errors">
          <p className="font-semibold">{problem.message}</p>
          {problem.reasons.length ? (
            <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 break-words">
              {problem.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
          {problem.company ? (
            <Link href={routeUrl('ylcadmin.settings')} className="mt-2 inline-block font-bold text-brand-700 link-underline">
              {t('admin.payouts.files.settings')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
