// Contact masking of phone numbers spelled as words (lib/masking.ts): the number words of German (and Swiss German),
// French, Italian and English become digits before the phone rules, so a run of seven or more digits in any mix of
// words and digits is masked, while prose with numbers in it (guests, courses, prices, dates, times) stays as written.
// The rules for digits as written are in tests/api/messages.test.ts.
import { describe, expect, it } from 'vitest';
import { maskContacts } from '../../functions/_api/lib/masking';

const MASK = '[hidden]';
const mask = (text: string) => maskContacts(text, MASK);

describe('numbers spelled as words are masked', () => {
  it.each([
    // German and Swiss German
    ['Ruf mich an: null sieben neun eins zwei drei vier fünf sechs sieben', `Ruf mich an: ${MASK}`],
    ['Null Sieben Neun Acht Sieben Sechs Fünf Vier Drei', MASK],
    ['meine Nummer null-sieben-neun-eins-zwei-drei-vier-fünf-sechs-sieben.', `meine Nummer ${MASK}.`],
    ['null sieben neun, eins zwei drei, vierzig, fünfundfünfzig bitte', `${MASK} bitte`],
    ['Nummer: null sibe nün eis zwöi drü vier füf sächs', `Nummer: ${MASK}`],
    ['fuenf sechs sieben acht neun null eins', MASK],
    ['Handy 079 acht 12 34 56, danke', `Handy ${MASK}, danke`],
    ['null neun eins 123 45 67', MASK],
    // English
    ['call me on zero seven nine one two three four five six seven', `call me on ${MASK}`],
    ['Zero. Seven. Nine. One. Two. Three. Four.', `${MASK}.`],
    ['plus four one seven nine one two three four five six seven', `plus ${MASK}`],
    ['zero seven nine twelve thirty four fifty six', MASK],
    ['zero seven nine, twenty-three, forty-five, sixty-seven', MASK],
    ['it is 079 eight 12 34 56 ok', `it is ${MASK} ok`],
    // French
    ['appelle-moi au zéro sept neuf un deux trois quatre cinq six sept', `appelle-moi au ${MASK}`],
    ['zero six douze trente-quatre cinquante-six soixante-dix-huit', MASK],
    ['mon numéro: zéro six, vingt et un, quatre-vingt-dix-neuf, quarante-cinq, dix-sept', `mon numéro: ${MASK}`],
    ['06 douze 34 cinquante-six 78', MASK],
    // Italian
    ['chiamami allo zero sette nove uno due tre quattro cinque sei sette', `chiamami allo ${MASK}`],
    ['tre quattro sette, ventuno, trentotto, quarantacinque', MASK],
    ['numero 079 otto dodici 34 56 grazie', `numero ${MASK} grazie`],
    // Spaced, dotted and mixed digits
    ['0.7.9.1.2.3.4.5.6.7', MASK],
    ['0 7 9 1 2 3 4 5 6 7 thanks', `${MASK} thanks`],
    ['0-7-9-1-2-3-4-5-6-7', MASK],
    ['z e r o seven nine one two three four', MASK],
    ['０７９ acht １２ ３４ ５６', MASK],
  ])('masks %j', (input, output) => {
    expect(mask(input)).toBe(output);
  });
});

describe('prose with numbers in it stays as written', () => {
  it.each([
    // English
    'A dinner for two to four guests, three courses, at seven.',
    'We are eight adults and two children, one is vegan.',
    'Twenty-five guests on 12 Sept 2026 at 7 pm, budget CHF 1200.',
    'One or two glasses of wine, then nine desserts for ten people.',
    'Three, two, one, cheers! See you at 19:30.',
    'Forty-five minutes, then five more.',
    // German
    'Drei Gänge für sechs Personen am 12.12.2026 um 19 Uhr.',
    'Wir sind acht Erwachsene und zwei Kinder, eins davon isst kein Fleisch.',
    'Zehn bis zwölf Gäste, vier Gänge, CHF 120 pro Person.',
    'Ein Eis mit drei Kugeln und zwei Espressi.',
    'Fünfundzwanzig Gäste, Beginn um acht.',
    // French
    'Un dîner pour deux, trois plats et une bouteille.',
    'Nous serons six, dont deux enfants, le 5 juin à 19 h.',
    'Quatre-vingt-dix euros par personne, dix-sept invités.',
    'Sept personnes, un menu à 85 CHF.',
    // Italian
    'Due o tre persone, quattro portate per sei.',
    'Una cena per otto, alle venti, budget 1200 franchi.',
    'Uno chef per dodici ospiti, tre antipasti e due dolci.',
    // Digits as before
    'From 12.12.2026 to 14.12.2026, 18.00 - 23.00.',
    'Bahnhofstrasse 12, 8001 Zürich, booking #12345.',
    // A list, one number a line, is not one number (as with digits).
    'Einkauf:\neins\nzwei\ndrei\nvier\nfünf\nsechs\nsieben',
  ])('leaves %j alone', (text) => {
    expect(mask(text)).toBe(text);
  });
});
