// Every code the API can refuse with reads in the visitor's language: the client (web/src/lib/api.ts `refusal`) says
// a refusal without a message key by its code, `validation.refusal.<code>`, so each such code has that text in every
// locale. Codes whose every refusal names its message by key (`message_key`) need none. The second half feeds the
// reader deliberate sources, so a rule that could never fail would show here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverSources } from './graph';
import { refusalCodes } from './refusal-codes';

const root = path.resolve(import.meta.dirname, '../..');
const LOCALES = ['de', 'de-ch', 'en', 'fr', 'it'];

describe('the refusals of the API', () => {
  const { codes, unread } = refusalCodes(serverSources(root));
  const unkeyed = [...new Set(codes.filter((c) => !c.keyed).map((c) => c.code))].sort();

  it('name their code so it can be read', () => {
    expect(codes.length).toBeGreaterThan(100); // the source was read at all
    expect(unread).toEqual([]);
  });

  it.each(LOCALES)('have a text by their code in %s where they send no message key', (locale) => {
    const refusal = (JSON.parse(fs.readFileSync(path.join(root, 'i18n', `${locale}.json`), 'utf8')) as { validation: { refusal: Record<string, string> } }).validation.refusal;
    expect(unkeyed.filter((code) => !refusal[code.toLowerCase()]?.trim())).toEqual([]);
  });
});

describe('the code reader', () => {
  it('finds the codes of every way a refusal is made, and which name their message by key', () => {
    const { codes, unread } = refusalCodes({
      'a.ts': `
        const one = new ApiError(409, 'Taken.', 'DAY_TAKEN');
        const two = conflict('Changed.', 'BOOKING_CHANGED');
        const plain = conflict('Changed.');
        export const conflict = (message: string, code = 'CONFLICT') => new ApiError(409, message, code);
        const three = badRequest('Bad.', { a: ['Bad.'] }, 'BOT_CHECK_FAILED');
        class InUse extends ApiError { constructor() { super(409, 'In use.', 'LIST_ITEM_IN_USE'); } }
        app.notFound((c) => c.json({ message: 'Not found.', code: 'NOT_FOUND' }, 404));
        const refused = (code: 'WRONG_CODE' | 'CODE_ATTEMPTS_USED') => new ApiError(400, 'Wrong.', code);
        const keyed = keyedConflict('validation.answer.daybooked', 'CHEF_UNAVAILABLE');
        const field = fieldError('text', 'validation.passport.changed', undefined, { code: 'PASSPORT_CHANGED', status: 409 });
        const withKeys = new ApiError(400, 'x', 'KEYED', undefined, undefined, { message: { key }, errors: {} });
        const either = conflict('x', paid ? 'PAID' : 'UNPAID');
      `,
      'b.ts': `const lost = (code: string) => conflict('Lost.', code); const other = conflict('x', codes[0]);`,
    });
    expect(codes.map((c) => `${c.code}${c.keyed ? ' (keyed)' : ''}`).sort()).toEqual(
      [
        'DAY_TAKEN', 'BOOKING_CHANGED', 'CONFLICT', 'BOT_CHECK_FAILED', 'LIST_ITEM_IN_USE', 'NOT_FOUND', 'WRONG_CODE', 'CODE_ATTEMPTS_USED',
        'CHEF_UNAVAILABLE (keyed)', 'PASSPORT_CHANGED (keyed)', 'KEYED (keyed)', 'PAID', 'UNPAID',
      ].sort(),
    );
    expect(unread.map((u) => `${u.at} ${u.text}`)).toEqual(['b.ts:1 code', 'b.ts:1 codes[0]']);
  });
});
