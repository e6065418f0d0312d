// Inputs of the document downloads: a booking's id, a statement's file name ({yyyy-mm}.{pdf|csv}) and its currency.
import * as v from 'valibot';
import { CURRENCIES } from '#shared/locales';

export const receiptParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Unknown booking.'), v.transform(Number)) });

export const statementFileParam = v.object({
  file: v.pipe(
    v.string(),
    v.regex(/^\d{4}-(0[1-9]|1[0-2])\.(pdf|csv)$/, 'Name a month and a format, e.g. 2026-05.pdf or 2026-05.csv.'),
    v.transform((f) => ({ month: f.slice(0, 7), format: f.slice(8) as 'pdf' | 'csv' })),
  ),
});

export const statementQuery = v.object({ currency: v.picklist(CURRENCIES, `Use one of ${CURRENCIES.join(', ')}.`) });
