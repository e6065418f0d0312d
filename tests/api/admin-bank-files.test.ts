// Payout bank files: pain.001.001.09 per batch and currency, parsed back with a strict parser and checked against
// the database: element order as the schema's sequences, totals (NbOfTxs, CtrlSum per file and payment
// information), the character sets (SPS for CHF, EPC's basic Latin for EUR), references, the debtor, and that a
// batch that cannot be written names each payout's reason and writes nothing. The CSV stays available.
import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { payoutDetails } from '../../functions/_api/db/schema/chefs';
import { payoutItems, payouts } from '../../functions/_api/db/schema/payouts';
import { auditLog, settings } from '../../functions/_api/db/schema/system';
import { toBankText } from '../../functions/_api/modules/admin/pain001';
import { escapeXml } from '../../functions/_api/lib/xml';
import { useHarness } from '../support/use-harness';
import { COMPANY, superUserParty } from '../support/admin-fixtures';
import { as, confirmedBooking, startsIn, world, type World } from '../support/booking-fixtures';
import { createUser } from '../support/fixtures';
import { START } from '../support/harness';
import { ok, refused, typedClient, type ErrorBody } from '../support/typed-client';
import { allTexts, at, childNames, parseXml, type XmlNode } from '../support/xml';
import { DAY } from '#shared/time';
const CH_IBAN = 'CH9300762011623852957';
const LI_IBAN = 'LI21088100002324013AA';
const DE_IBAN = 'DE89370400440532013000';
const FR_IBAN = 'FR1420041010050500013M02606';
const EPC_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
const SPS_TEXT = /^[\u0020-\u007E\u00A0-\u017F\u0218-\u021B\u20AC]*$/;

const h = useHarness();
const admin = superUserParty(h);
beforeEach(() => h.clock.set(START));

const payoutCalls = async () => (await admin.client()).admin.payouts;
const setCompany = async () => expect((await ok((await admin.client()).admin.settings.$put({ json: { company: COMPANY } }))).status).toBe(200);
const exportsLogged = () => h.db.select().from(auditLog).where(eq(auditLog.action, 'payout.export'));

/** Chefs with one released booking each (32300 due), paid in `currency`, with the given bank details. */
async function chefsDue(chefs: { holder: string; iban: string; currency?: 'CHF' | 'EUR' }[]) {
  await h.db.update(payoutItems).set({ amount: 0 }).where(isNull(payoutItems.payoutId));
  const worlds: World[] = [];
  for (const c of chefs) {
    const w = await world(h);
    await h.db.insert(payoutDetails).values({ chefId: w.chef.chefId, accountHolder: c.holder, iban: c.iban, updatedAt: h.clock.now() });
    await confirmedBooking(h, w, { starts_at: startsIn(h, 20) });
    // The chef works in euros: their earnings are due in EUR.
    if (c.currency === 'EUR') await h.db.update(payoutItems).set({ currency: 'EUR' }).where(eq(payoutItems.chefId, w.chef.chefId));
    worlds.push(w);
  }
  h.clock.set(new Date(h.clock.now().getTime() + 23 * DAY));
  return worlds;
}

async function newBatch() {
  const res = await ok((await payoutCalls()).$post({ json: {} }));
  expect(res.status).toBe(201);
  return { batch: res.body.data.batch, created: res.body.data.payouts };
}

/** The export's query as the screen sends it: the route's schema names the fields (the values stay text). */
type ExportQuery = Parameters<Awaited<ReturnType<typeof payoutCalls>>['export']['$get']>[0]['query'];

/** A pain.001 download; `json()` reads the error body of a refused one. */
async function bankFile(query: ExportQuery) {
  const res = await (await payoutCalls()).export.$get({ query: { format: 'pain001', ...query } });
  const text = await res.text();
  return { res, text, json: () => JSON.parse(text) as ErrorBody, doc: () => parseXml(text) };
}

const GRP_HDR = ['MsgId', 'CreDtTm', 'NbOfTxs', 'CtrlSum', 'InitgPty'];
const TX = ['PmtId', 'Amt', 'Cdtr', 'CdtrAcct', 'RmtInf'];
const pmtInfOrder = (currency: string) => [
  'PmtInfId', 'PmtMtd', 'BtchBookg', 'NbOfTxs', 'CtrlSum', ...(currency === 'EUR' ? ['PmtTpInf'] : []), 'ReqdExctnDt', 'Dbtr', 'DbtrAcct', 'DbtrAgt', 'ChrgBr',
];

/** What a file says about each transfer, by reference. */
function transfers(doc: XmlNode) {
  const pmtInf = at(doc, 'CstmrCdtTrfInitn/PmtInf');
  return pmtInf.children
    .filter((c) => c.name === 'CdtTrfTxInf')
    .map((tx) => ({
      order: childNames(tx),
      endToEnd: at(tx, 'PmtId/EndToEndId').text,
      amount: at(tx, 'Amt/InstdAmt').text,
      currency: at(tx, 'Amt/InstdAmt').attrs.Ccy,
      name: at(tx, 'Cdtr/Nm').text,
      iban: at(tx, 'CdtrAcct/Id/IBAN').text,
      remittance: at(tx, 'RmtInf/Ustrd').text,
    }));
}

const minor = (decimal: string) => Math.round(Number(decimal) * 100);

describe('pain.001 bank files', () => {
  it('writes one Swiss (SPS) file for the CHF payouts and one SEPA file for the EUR ones, each matching the batch in the database', async () => {
    await setCompany();
    await chefsDue([
      { holder: 'Jürg Müller-Šťastný & Söhne', iban: CH_IBAN },
      { holder: 'Anna Beck', iban: LI_IBAN },
      { holder: 'Zoë Ærø-Łukasz «Chez Zoë»', iban: DE_IBAN, currency: 'EUR' },
    ]);
    const { batch, created } = await newBatch();
    expect(created.map((p) => p.currency).sort()).toEqual(['CHF', 'CHF', 'EUR']);

    // Both currencies in one batch: the admin picks one file per currency.
    const both = await bankFile({ batch });
    expect(both.res.status).toBe(400);
    expect(both.json().errors).toEqual({ currency: ['These payouts are in CHF and EUR: choose one currency. Each currency has its own bank file.'] });
    // The currencies are a list parameter, which the admin's screen joins in its own language ("CHF und EUR").
    expect(both.json().error_keys).toEqual({ currency: [{ key: 'validation.rule.onecurrency', params: { list: ['CHF', 'EUR'] } }] });

    for (const currency of ['CHF', 'EUR'] as const) {
      const file = await bankFile({ batch, currency });
      expect(file.res.status).toBe(200);
      expect(file.res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(file.res.headers.get('content-disposition')).toBe(`attachment; filename="ylc-payouts-${batch}-${currency}.xml"`);
      expect(file.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">')).toBe(true);
      const doc = file.doc();
      expect(doc.name).toBe('Document');
      expect(doc.attrs).toEqual({ xmlns: 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09' });
      expect(childNames(at(doc, 'CstmrCdtTrfInitn'))).toEqual(['GrpHdr', 'PmtInf']);

      // The database's pending payouts of this batch and currency are exactly the file's transfers.
      const rows = await h.db.select().from(payouts).where(and(like(payouts.reference, `YLC-${batch}-%`), eq(payouts.currency, currency)));
      const sum = rows.reduce((acc, p) => acc + p.amount, 0);
      const items = await h.db.select().from(payoutItems).where(inArray(payoutItems.payoutId, rows.map((p) => p.id)));
      expect(items.reduce((acc, i) => acc + i.amount, 0)).toBe(sum);

      const hdr = at(doc, 'CstmrCdtTrfInitn/GrpHdr');
      expect(childNames(hdr)).toEqual(GRP_HDR);
      expect(at(hdr, 'NbOfTxs').text).toBe(String(rows.length));
      expect(minor(at(hdr, 'CtrlSum').text)).toBe(sum);
      expect(at(hdr, 'CtrlSum').text).toMatch(/^\d+\.\d\d$/);
      expect(at(hdr, 'MsgId').text).toMatch(new RegExp(`^YLC-${batch}-${currency}-[0-9A-Z]{7}$`));
      expect(at(hdr, 'CreDtTm').text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);

      const pmtInf = at(doc, 'CstmrCdtTrfInitn/PmtInf');
      expect(childNames(pmtInf)).toEqual([...pmtInfOrder(currency), ...rows.map(() => 'CdtTrfTxInf')]);
      expect(at(pmtInf, 'PmtMtd').text).toBe('TRF');
      expect(at(pmtInf, 'BtchBookg').text).toBe('false');
      expect(at(pmtInf, 'NbOfTxs').text).toBe(String(rows.length));
      expect(minor(at(pmtInf, 'CtrlSum').text)).toBe(sum);
      expect(at(pmtInf, 'ChrgBr').text).toBe('SLEV');
      if (currency === 'EUR') expect(at(pmtInf, 'PmtTpInf/SvcLvl/Cd').text).toBe('SEPA');
      expect(at(pmtInf, 'ReqdExctnDt/Dt').text).toMatch(/^\d{4}-\d\d-\d\d$/);

      // The debtor is the company of the settings, its address structured.
      expect(childNames(at(pmtInf, 'Dbtr/PstlAdr'))).toEqual(['StrtNm', 'PstCd', 'TwnNm', 'Ctry']);
      expect(at(pmtInf, 'Dbtr/Nm').text).toBe('YourLocalChef GmbH');
      expect(at(pmtInf, 'Dbtr/PstlAdr/TwnNm').text).toBe(currency === 'CHF' ? 'Zürich' : 'Zuerich');
      expect(at(pmtInf, 'Dbtr/PstlAdr/Ctry').text).toBe('CH');
      expect(at(pmtInf, 'DbtrAcct/Id/IBAN').text).toBe('CH5604835012345678009');
      expect(at(pmtInf, 'DbtrAgt/FinInstnId/BICFI').text).toBe('CRESCHZZ80A');

      const txs = transfers(doc);
      expect(txs.map((t) => t.endToEnd).sort()).toEqual(rows.map((p) => p.reference).sort());
      expect(minor(at(hdr, 'CtrlSum').text)).toBe(txs.reduce((acc, t) => acc + minor(t.amount), 0));
      for (const t of txs) {
        const row = rows.find((p) => p.reference === t.endToEnd)!;
        expect(t.order).toEqual(TX);
        expect(t).toMatchObject({ currency, iban: row.iban, remittance: row.reference, amount: '323.00' });
      }
      const names = txs.map((t) => t.name).sort();
      expect(names).toEqual(currency === 'CHF' ? ['Anna Beck', 'Jürg Müller-Šťastný & Söhne'] : ["Zoe Aero-Lukasz 'Chez Zoe'"]);

      // Every text in the file is in the scheme's character set.
      for (const value of allTexts(doc)) expect(value, value).toMatch(currency === 'CHF' ? SPS_TEXT : EPC_TEXT);

      // The same payouts give the same message id: a bank refuses the second upload of one file.
      expect(at((await bankFile({ batch, currency })).doc(), 'CstmrCdtTrfInitn/GrpHdr/MsgId').text).toBe(at(hdr, 'MsgId').text);
    }

    const logged = await exportsLogged();
    expect(logged.at(-1)).toMatchObject({ actorUserId: admin.party.userId, targetType: 'payout_export', targetId: batch, after: { batch, format: 'pain001', currency: 'EUR' } });
    expect(logged.filter((r) => (r.after as { format?: string }).format === 'pain001')).toHaveLength(4);
  });

  it('refuses a batch it cannot write, naming each payout with its reason, and writes nothing', async () => {
    // No company yet: the file has no payer.
    await h.db.delete(settings).where(eq(settings.key, 'company'));
    const [good, foreign, chinese] = await chefsDue([
      { holder: 'Marco Rossi', iban: CH_IBAN },
      { holder: 'Pierre Dupont', iban: FR_IBAN },
      { holder: '李小龍', iban: CH_IBAN },
    ]);
    const { batch, created } = await newBatch();
    const idOf = (w: World) => created.find((p) => p.chef.id === w.chef.chefId)!.id;
    const refOf = (w: World) => created.find((p) => p.chef.id === w.chef.chefId)!.reference;
    // A payout whose stored IBAN is damaged and one whose amount no longer matches its bookings.
    await h.db.update(payouts).set({ iban: 'CH9400762011623852957' }).where(eq(payouts.id, idOf(good!)));
    const before = (await exportsLogged()).length;

    const res = await bankFile({ batch, currency: 'CHF' });
    expect(res.res.status).toBe(422);
    expect(res.res.headers.get('content-type')).toContain('application/json');
    const body = res.json();
    expect(body.code).toBe('BANK_FILE_INVALID');
    // The headline names the currency and how many problems are listed below, each under its field.
    expect(body.message).toBe('The CHF bank file was not written. Problems found: 4. Correct what is listed, then download it again.');
    expect(body.message_key).toEqual({ key: 'validation.refusal.bank_file_invalid_count', params: { currency: 'CHF', count: 4 } });
    expect(body.errors).toEqual({
      company: ["Enter the company's name, address and IBAN in the settings first: the bank file names the company as the payer."],
      [`payouts.${idOf(good!)}`]: [`${refOf(good!)}: nothing can be sent to the IBAN CH94 **** **** **** *295 7.`, 'This IBAN is not valid. Please check it for typing errors.'],
      [`payouts.${idOf(foreign!)}`]: [
        `${refOf(foreign!)}: a CHF transfer in this file goes to a Swiss or Liechtenstein IBAN; FR14 **** **** **** **** ***2 606 is from FR. Pay it by hand, or mark it failed so the chef enters a Swiss account.`,
      ],
      [`payouts.${idOf(chinese!)}`]: [`${refOf(chinese!)}: the account holder's name has no letters a bank file can carry. Ask the chef to enter it in Latin letters.`],
    });
    // Each by its key and figures, so the admin reads them in their language (an invalid IBAN's reason after it).
    expect(body.error_keys).toEqual({
      company: [{ key: 'validation.bankfile.company' }],
      [`payouts.${idOf(good!)}`]: [{ key: 'validation.bankfile.iban', params: { reference: refOf(good!), iban: 'CH94 **** **** **** *295 7' } }, { key: 'validation.iban.checksum' }],
      [`payouts.${idOf(foreign!)}`]: [{ key: 'validation.bankfile.chfiban', params: { reference: refOf(foreign!), iban: 'FR14 **** **** **** **** ***2 606', country: 'FR' } }],
      [`payouts.${idOf(chinese!)}`]: [{ key: 'validation.bankfile.holder', params: { reference: refOf(chinese!) } }],
    });
    expect(await exportsLogged()).toHaveLength(before);

    // A payout's amount that is not the sum of its bookings' earnings stops the file too.
    await setCompany();
    await h.db.update(payouts).set({ iban: CH_IBAN }).where(eq(payouts.id, idOf(good!)));
    await h.db.update(payouts).set({ accountHolder: 'Li Xiaolong' }).where(eq(payouts.id, idOf(chinese!)));
    await h.db.update(payouts).set({ iban: CH_IBAN, amount: 32400 }).where(eq(payouts.id, idOf(foreign!)));
    const sums = await bankFile({ batch, currency: 'CHF' });
    expect(sums.res.status).toBe(422);
    expect(sums.json().errors).toEqual({ total: ["The payouts add up to CHF\u00a0970, but their bookings' earnings add up to CHF\u00a0969. Nothing was written."] });
    expect(sums.json().error_keys).toEqual({ total: [{ key: 'validation.bankfile.total', params: { sum: { amount: 97000, currency: 'CHF' }, total: { amount: 96900, currency: 'CHF' } } }] });
    expect(await exportsLogged()).toHaveLength(before);

    await h.db.update(payouts).set({ amount: 32300 }).where(eq(payouts.id, idOf(foreign!)));
    const written = await bankFile({ batch, currency: 'CHF' });
    expect(written.res.status).toBe(200);
    expect(transfers(written.doc()).map((t) => t.name).sort()).toEqual(['Li Xiaolong', 'Marco Rossi', 'Pierre Dupont']);
  });

  it('pays pending payouts only, in CHF or EUR, and says when there is nothing to pay', async () => {
    await setCompany();
    await chefsDue([{ holder: 'Marco Rossi', iban: CH_IBAN }]);
    const { batch, created } = await newBatch();
    const first = created[0]!;
    const payoutsOfSu = await payoutCalls();
    const errorsOf = async (query: ExportQuery) => {
      const r = await bankFile(query);
      return { status: r.res.status, body: r.json() };
    };
    expect(await errorsOf({ batch, currency: 'USD' })).toMatchObject({ status: 400, body: { errors: { currency: ['Bank files are written for CHF (Swiss Payment Standards) and EUR (SEPA). Download the CSV for USD.'] } } });
    expect(await errorsOf({ status: 'paid' })).toMatchObject({ status: 400, body: { errors: { status: ['A bank file pays pending payouts only.'] } } });
    expect(await errorsOf({ batch, currency: 'EUR' })).toMatchObject({
      status: 409,
      body: { code: 'NOTHING_TO_EXPORT', message: `No pending EUR payouts in batch ${batch}.`, message_key: { key: 'validation.refusal.nothing_to_export_batch_currency', params: { batch, currency: 'EUR' } } },
    });
    const pdf = await refused(payoutsOfSu.export.$get({ query: { format: 'pdf' } }));
    expect(pdf).toMatchObject({ status: 400, body: { errors: { format: ['Use one of csv, pain001.'] } } });

    // All pending payouts (over batches) in one file; once paid, the payout is in no bank file any more.
    const pending = await bankFile({ status: 'pending', currency: 'CHF' });
    expect(pending.res.status).toBe(200);
    expect(transfers(pending.doc()).map((t) => t.endToEnd)).toContain(first.reference);
    expect(at(pending.doc(), 'CstmrCdtTrfInitn/GrpHdr/MsgId').text).toMatch(/^YLC-P\d{8}-CHF-[0-9A-Z]{7}$/);
    expect((await ok(payoutsOfSu[':id'].paid.$post({ param: { id: String(first.id) }, json: {} }))).status).toBe(200);
    expect((await errorsOf({ batch, currency: 'CHF' })).status).toBe(409);

    // The CSV is still there, for every status, and can be limited to one currency.
    const csv = await payoutsOfSu.export.$get({ query: { batch, currency: 'CHF' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="ylc-payouts-${batch}-CHF.csv"`);
    expect((await csv.text()).split('\r\n')[1]).toBe(`Marco Rossi,${CH_IBAN},323.00,CHF,${first.reference}`);
    expect(await (await payoutsOfSu.export.$get({ query: { batch, currency: 'EUR' } })).text()).toBe('account_holder,iban,amount,currency,reference\r\n');
  });

  it('is for super-users only', async () => {
    const customer = await createUser(h.db, { locale: 'en' });
    const res = await refused(typedClient(await as(h, { userId: customer.id, email: customer.email })).admin.payouts.export.$get({ query: { format: 'pain001' } }));
    expect(res.status).toBe(403);
  });
});

describe('bank file text', () => {
  it('reduces text to the EPC set for SEPA and the SPS set for Swiss files', () => {
    expect(toBankText('Jürg Müller & Söhne', 'epc', 70)).toBe('Juerg Mueller + Soehne');
    expect(toBankText('Jürg Müller & Söhne', 'sps', 70)).toBe('Jürg Müller & Söhne');
    expect(toBankText('Crème brûlée Ōsaka Straße', 'epc', 70)).toBe('Creme brulee Osaka Strasse');
    expect(toBankText('李小龍 Bruce', 'sps', 70)).toBe('... Bruce');
    expect(toBankText('  a \n\t b  ', 'epc', 70)).toBe('a b');
    expect(toBankText('x'.repeat(80), 'epc', 70)).toHaveLength(70);
    expect(toBankText('mail@chef.ch; "hi"_!', 'epc', 70)).toBe("mail(at)chef.ch, 'hi'-.");
  });

  it('escapes what XML gives a meaning and refuses what XML cannot carry', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
    expect(() => escapeXml('bell\u0007')).toThrow();
    expect(parseXml(`<?xml version="1.0" encoding="UTF-8"?>\n<A b="&quot;1&quot;"><C>Tom &amp; Jerry</C></A>\n`)).toEqual({
      name: 'A',
      attrs: { b: '"1"' },
      text: '',
      children: [{ name: 'C', attrs: {}, children: [], text: 'Tom & Jerry' }],
    });
    for (const bad of ['<A><B></A></B>', '<A>x & y</A>', '<A></A><B></B>', '<A b=1></A>', '<A>text<B/></A>']) expect(() => parseXml(bad), bad).toThrow();
  });
});
