// What counts as a phone number (functions/_api/lib/masking.ts isPhone): a number with "+", "00" or a leading 0 and
// enough digits, or one that is an international number written without its plus. A bare digit run is not a phone
// number because it is long: the e2e menu "E2E tasting menu 1795750343986" (a timestamp) was masked once, and the
// menu could no longer be found by its name.
import { describe, expect, it } from 'vitest';
import { isPhone, maskContacts } from '../../functions/_api/lib/masking';

const MASK = '[hidden]';

describe('a phone number', () => {
  it.each([
    // International, with a plus or 00.
    ['+41 79 123 45 67', `${MASK}`],
    ['Ruf an: +41791234567', `Ruf an: ${MASK}`],
    ['0041 79 123 45 67', MASK],
    ['0041791234567', MASK],
    ['+49 151 12345678', MASK],
    ['+49 (0)30 1234567', MASK],
    ['+43 664 1234567', MASK],
    ['+33 6 12 34 56 78', MASK],
    ['+39 347 123 4567', MASK],
    ['+423 234 56 78', MASK],
    // National, with a leading 0.
    ['079 123 45 67', MASK],
    ['0791234567', MASK],
    ['044-123-45-67', MASK],
    ['079.123.45.67', MASK],
    ['(044) 123 45 67', MASK],
    ['0151/1234567', MASK],
    ['06 12 34 56 78', MASK],
    ['02 1234 5678', MASK],
    // International without the plus: the country code and a number as long as that country's.
    ['41 79 123 45 67', MASK],
    ['41791234567', MASK],
    ['49 151 1234 5678', MASK],
    ['33 6 12 34 56 78', MASK],
    ['4232345678', MASK],
    // An Italian mobile has no leading 0.
    ['347 123 4567', MASK],
    ['3471234567', MASK],
    // In a menu's or a course's name.
    ['Dinner – call 079 123 45 67', `Dinner – call ${MASK}`],
    ['Tasting menu (41 79 123 45 67)', `Tasting menu (${MASK})`],
  ])('%j is masked', (input, output) => {
    expect(maskContacts(input, MASK)).toBe(output);
  });

  it.each([
    'E2E tasting menu 1795750343986',
    'Menu 1795750343',
    '1795750343986',
    'Order 12345678901',
    'Reference 9876543210',
    'Menu 2026',
    'Wines 2018 2019 2020 2021',
    'Vintages 1998, 2005 and 2015',
    '5 courses for 12 guests',
    '7-course tasting menu, 2 × 3 amuse-bouches',
    'CHF 120 per person, CHF 1200 for 10',
    'CHF 1 200 000',
    '1 795 750 343 986',
    '120 150 180 210',
    '1.795.750.343.986',
    'Dinner on 12.12.2026 at 19:30',
    'From 05.06.2026 to 07.06.2026',
    'Bahnhofstrasse 12, 8001 Zürich',
    'Menu No. 42, since 1987',
    'Aged 36 months, 48 hours, 72 days',
    'Gault&Millau 16 points 2025',
    '100 % local, 0 km',
    '12345678',
    '2026-12-12 19:00',
  ])('%j stays as written', (text) => {
    expect(maskContacts(text, MASK)).toBe(text);
  });

  it.each([
    ['+41 79 123 45 67', true],
    ['0041 79 123 45 67', true],
    ['079 123 45 67', true],
    ['41 79 123 45 67', true],
    ['41791234567', true],
    ['347 123 4567', true],
    ['+41 79', false],
    ['079 12', false],
    ['1795750343986', false],
    ['4179123456789', false],
    ['1 795 750 343 986', false],
    ['2018 2019 2020', false],
    ['12345678901', false],
  ])('isPhone(%j) is %s', (candidate, phone) => {
    expect(isPhone(candidate)).toBe(phone);
  });

  it('spelled out, seven digits are enough', () => {
    expect(isPhone('1234567', true)).toBe(true);
    expect(isPhone('123456', true)).toBe(false);
  });
});
