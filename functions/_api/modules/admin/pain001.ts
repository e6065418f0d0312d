// ISO 20022 credit-transfer files (pain.001.001.09) for a payout batch, one file per currency: CHF payments as the
// Swiss Payment Standards 2022 take them (domestic IBAN payments, structured debtor address), EUR payments as SEPA
// credit transfers (service level SEPA, charges SLEV). Pure: the payouts and the company come in, the XML or the
// reasons per payout why no file can be written come out, by message key (the admin reads them in their language). README "Decisions" explains why this is our own writer.
import { decimal } from '../../lib/csv';
import type { FieldMessage, FieldMessages } from '#shared/validation-messages';
import { localDay, zoneParts } from '#shared/event-time';
import { el, xmlDocument, type XmlElement } from '../../lib/xml';
import { checkIban, maskIban } from '#shared/iban';
import type { Company } from '../settings/settings.service';

export const BANK_FILE_CURRENCIES = ['CHF', 'EUR'] as const;
export type BankFileCurrency = (typeof BANK_FILE_CURRENCIES)[number];

/** The company's bank keeps Swiss time: the file's creation time and the execution date are read there. */
const BANK_TIME_ZONE = 'Europe/Zurich';
const NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** Countries whose IBANs SEPA credit transfers reach (EPC list of SEPA countries and territories with IBANs). */
export const SEPA_COUNTRIES: ReadonlySet<string> = new Set(
  ('AD AT BE BG CH CY CZ DE DK EE ES FI FR GB GI GR HR HU IE IS IT LI LT LU LV MC MT NL NO PL PT RO SE SI SK SM VA ' +
    'AX BL GF GP MF MQ PM RE YT GG IM JE').split(' '),
);
/** A CHF file pays domestic IBAN payments (SPS type D) only: the creditor's bank is found from the IBAN. */
const DOMESTIC_COUNTRIES: ReadonlySet<string> = new Set(['CH', 'LI']);

// ---------------------------------------------------------------- character sets

/**
 * EPC's SEPA character set (basic Latin): what every bank on the way must carry. SPS 2022 takes more (Latin-1
 * Supplement, Latin Extended-A, Ș ș Ț ț and €), so a CHF file keeps "Zürich" while a EUR file writes "Zuerich".
 */
const EPC_ALLOWED = /^[A-Za-z0-9/\-?:().,'+ ]$/;
const SPS_ALLOWED = /^[\u0020-\u007E\u00A0-\u017F\u0218-\u021B\u20AC]$/;
/** The transliterations banks expect for letters that have no plain-Latin form by dropping an accent. */
const TRANSLITERATE: Readonly<Record<string, string>> = {
  ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss', ẞ: 'SS', æ: 'ae', Æ: 'Ae', œ: 'oe', Œ: 'Oe',
  ø: 'o', Ø: 'O', å: 'a', Å: 'A', þ: 'th', Þ: 'Th', ð: 'd', Ð: 'D', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', ħ: 'h', Ħ: 'H',
  ı: 'i', '&': '+', '@': '(at)', '"': "'", '‘': "'", '’': "'", '‚': "'", '“': "'", '”': "'", '„': "'", '«': "'", '»': "'",
  '–': '-', '—': '-', _: '-', ';': ',', '!': '.', '€': 'EUR',
};

export type Charset = 'epc' | 'sps';

/**
 * Text reduced to a bank file's character set: allowed characters stay, known letters are transliterated (ä → ae),
 * accents are dropped (é → e), anything else becomes "."; white space is collapsed and the result cut to `max`.
 */
export function toBankText(text: string, charset: Charset, max: number): string {
  const allowed = charset === 'epc' ? EPC_ALLOWED : SPS_ALLOWED;
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ').trim()) {
    if (allowed.test(ch)) out += ch;
    else if (TRANSLITERATE[ch] !== undefined && [...TRANSLITERATE[ch]].every((c) => allowed.test(c))) out += TRANSLITERATE[ch];
    else {
      const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += bare && [...bare].every((c) => allowed.test(c)) ? bare : '.';
    }
  }
  return out.slice(0, max).trim();
}

/** Identifiers (MsgId, PmtInfId, EndToEndId) keep to the SWIFT set, at most 35 characters, no leading or double slash. */
const isSwiftId = (id: string) => /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/.test(id) && !id.startsWith('/') && !id.includes('//');

// ---------------------------------------------------------------- validation

/** `chefBanned`: the chef was banned after the payout was made; a banned chef's earnings are held, never sent. */
export type BankFilePayout = { id: number; reference: string; accountHolder: string; iban: string; amount: number; currency: string; chefBanned?: boolean };

export type BankFileInput = {
  currency: BankFileCurrency;
  /** The batch code, or null for every pending payout. */
  batch: string | null;
  /** What the payouts' bookings' earnings (payout_items) add up to: the ledger the file's sum must match. */
  total: number;
  company: Company;
  payouts: readonly BankFilePayout[];
  now: Date;
};

const charsetOf = (currency: BankFileCurrency): Charset => (currency === 'CHF' ? 'sps' : 'epc');

/**
 * Why the company's details cannot be the debtor of this file, or none. Each reason is a message by key (validation.
 * bankfile.*), said in the admin's language; an invalid IBAN's reason comes as a second message after it.
 */
function companyProblem(company: Company, currency: BankFileCurrency): FieldMessage[] {
  if ((['name', 'street', 'postcode', 'city', 'country', 'iban'] as const).some((f) => !company[f].trim())) return [{ key: 'validation.bankfile.company' }];
  const iban = checkIban(company.iban);
  if (!iban.ok) return [{ key: 'validation.bankfile.companyiban' }, iban.problem];
  const country = iban.iban.slice(0, 2);
  if (currency === 'CHF' && !DOMESTIC_COUNTRIES.has(country)) return [{ key: 'validation.bankfile.companychf', params: { country } }];
  if (currency === 'EUR' && !SEPA_COUNTRIES.has(country)) return [{ key: 'validation.bankfile.companysepa', params: { country } }];
  if (!toBankText(company.name, charsetOf(currency), 70)) return [{ key: 'validation.bankfile.companyname' }];
  return [];
}

/** Why one payout cannot be in this file (its reference first), or none; by key, as the company's. */
function payoutProblem(p: BankFilePayout, currency: BankFileCurrency): FieldMessage[] {
  const reference = p.reference;
  if (p.chefBanned) return [{ key: 'validation.bankfile.banned', params: { reference } }];
  if (p.currency !== currency) return [{ key: 'validation.bankfile.currency', params: { reference, paid: p.currency, currency } }];
  if (!Number.isInteger(p.amount) || p.amount <= 0) return [{ key: 'validation.bankfile.amount', params: { reference } }];
  if (!isSwiftId(reference)) return [{ key: 'validation.bankfile.reference', params: { reference } }];
  const iban = checkIban(p.iban);
  if (!iban.ok) return [{ key: 'validation.bankfile.iban', params: { reference, iban: maskIban(p.iban) } }, iban.problem];
  const country = iban.iban.slice(0, 2);
  if (currency === 'CHF' && !DOMESTIC_COUNTRIES.has(country)) return [{ key: 'validation.bankfile.chfiban', params: { reference, iban: maskIban(p.iban), country } }];
  if (currency === 'EUR' && !SEPA_COUNTRIES.has(country)) return [{ key: 'validation.bankfile.sepaiban', params: { reference, iban: maskIban(p.iban), country } }];
  if (!/[\p{L}\p{N}]/u.test(toBankText(p.accountHolder, charsetOf(currency), 70))) return [{ key: 'validation.bankfile.holder', params: { reference } }];
  return [];
}

/**
 * Every reason the file cannot be written, by message key: the company under `company`, each payout under
 * `payouts.<id>`, a sum that is not the ledger's under `total`. One problem per field (an invalid IBAN's reason is
 * the field's second message). Empty when the file can be written.
 */
export function bankFileProblems(input: BankFileInput): FieldMessages {
  const problems: FieldMessages = {};
  const company = companyProblem(input.company, input.currency);
  if (company.length) problems.company = company;
  for (const p of input.payouts) {
    const problem = payoutProblem(p, input.currency);
    if (problem.length) problems[`payouts.${p.id}`] = problem;
  }
  const sum = input.payouts.reduce((acc, p) => acc + p.amount, 0);
  if (sum !== input.total) {
    const money = (amount: number) => ({ amount, currency: input.currency });
    problems.total = [{ key: 'validation.bankfile.total', params: { sum: money(sum), total: money(input.total) } }];
  }
  return problems;
}

// ---------------------------------------------------------------- writing

/** FNV-1a over the file's content: the same payouts give the same message id, so a bank refuses a second upload. */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36).toUpperCase().padStart(7, '0');
}

/** MsgId: the batch (or P and the day for all pending), the currency and the content's digest; at most 31 characters. */
export function messageId(input: Pick<BankFileInput, 'batch' | 'currency' | 'payouts' | 'now'>): string {
  const scope = input.batch ?? `P${localDay(input.now, BANK_TIME_ZONE).replace(/-/g, '')}`;
  const content = input.payouts.map((p) => `${p.id}:${p.amount}:${p.iban}`).join(';');
  return `YLC-${scope}-${input.currency}-${digest(content)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
function bankDateTime(now: Date): string {
  const p = zoneParts(now, BANK_TIME_ZONE);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** The debtor's bank: its BIC, else for a Swiss or Liechtenstein IBAN the bank's IID (its characters 5 to 9), else none. */
function debtorAgent(company: Company, iban: string): XmlElement {
  if (company.bic) return el('DbtrAgt', [el('FinInstnId', [el('BICFI', company.bic)])]);
  if (DOMESTIC_COUNTRIES.has(iban.slice(0, 2)))
    return el('DbtrAgt', [el('FinInstnId', [el('ClrSysMmbId', [el('ClrSysId', [el('Cd', 'CHBCC')]), el('MmbId', iban.slice(4, 9))])])]);
  return el('DbtrAgt', [el('FinInstnId', [el('Othr', [el('Id', 'NOTPROVIDED')])])]);
}

/**
 * The pain.001.001.09 document. Call only when bankFileProblems(input) is empty. One payment information block
 * (one debtor account, one execution date), booked per transfer (BtchBookg false) so that each payout is its own
 * line on the company's statement; each transfer's EndToEndId and unstructured remittance are the payout reference.
 */
export function writePain001(input: BankFileInput): { xml: string; messageId: string } {
  const charset = charsetOf(input.currency);
  const text = (value: string, max: number) => toBankText(value, charset, max);
  const msgId = messageId(input);
  const count = String(input.payouts.length);
  const sum = decimal(input.payouts.reduce((acc, p) => acc + p.amount, 0));
  const c = input.company;
  const debtorIban = checkIban(c.iban).iban;
  const root = el(
    'Document',
    [
      el('CstmrCdtTrfInitn', [
        el('GrpHdr', [el('MsgId', msgId), el('CreDtTm', bankDateTime(input.now)), el('NbOfTxs', count), el('CtrlSum', sum), el('InitgPty', [el('Nm', text(c.name, 70))])]),
        el('PmtInf', [
          el('PmtInfId', `${msgId}-1`),
          el('PmtMtd', 'TRF'),
          el('BtchBookg', 'false'),
          el('NbOfTxs', count),
          el('CtrlSum', sum),
          input.currency === 'EUR' && el('PmtTpInf', [el('SvcLvl', [el('Cd', 'SEPA')])]),
          el('ReqdExctnDt', [el('Dt', localDay(input.now, BANK_TIME_ZONE))]),
          el('Dbtr', [
            el('Nm', text(c.name, 70)),
            el('PstlAdr', [el('StrtNm', text(c.street, 70)), el('PstCd', text(c.postcode, 16)), el('TwnNm', text(c.city, 35)), el('Ctry', c.country)]),
          ]),
          el('DbtrAcct', [el('Id', [el('IBAN', debtorIban)])]),
          debtorAgent(c, debtorIban),
          el('ChrgBr', 'SLEV'),
          ...input.payouts.map((p) =>
            el('CdtTrfTxInf', [
              el('PmtId', [el('InstrId', p.reference), el('EndToEndId', p.reference)]),
              el('Amt', [el('InstdAmt', decimal(p.amount), { Ccy: input.currency })]),
              el('Cdtr', [el('Nm', text(p.accountHolder, 70))]),
              el('CdtrAcct', [el('Id', [el('IBAN', checkIban(p.iban).iban)])]),
              el('RmtInf', [el('Ustrd', p.reference)]),
            ]),
          ),
        ]),
      ]),
    ],
    { xmlns: NAMESPACE },
  );
  return { xml: xmlDocument(root), messageId: msgId };
}
