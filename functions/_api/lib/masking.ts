// Contact details stay private until a booking is confirmed (PRODUCT "Messages and notifications"): e-mail addresses,
// phone numbers and messenger links in the free texts one party writes to the other are masked wherever they are
// shown. People hide them with look-alike characters (full-width digits, "＠"), zero-width characters and spacing
// ("j u l i a @ g m a i l . c o m"), so the text is first normalised into a view that is only used to find them;
// what gets replaced is the matching part of the original text, and a text without contact details comes back as
// it was. The stored text never changes, so everything shows once the booking is confirmed. What stands in for a
// contact detail is in the reader's language: the viewer's for an API answer, the recipient's for a notification
// and its mail. Pure apart from that text, so the rules are tested on their own (tests/api/messages.test.ts).
import { translate } from './i18n';
import { INVISIBLE } from '#shared/text-rules';

/** What stands in for a contact detail, in a locale ("[hidden until the booking is confirmed]"). */
export const maskIn = (locale: string) => translate(locale, 'masking.contact');

/**
 * What stands in for a contact detail in a text that is stored masked and read in several languages (a notice's
 * parameter, a menu's description): a private-use character nobody types, written out per reader by showMasks.
 */
export const CONTACT_MARK = '\uE000';

/** A stored masked text as a reader of `locale` reads it: each CONTACT_MARK in that language. */
export const showMasks = (text: string, locale: string) => (text.includes(CONTACT_MARK) ? text.replaceAll(CONTACT_MARK, maskIn(locale)) : text);

/** Contact details are shown once the booking has been confirmed, and stay visible afterwards. */
export const contactsVisible = (confirmedAt: Date | number | null | undefined) => confirmedAt != null;

/**
 * A free text one party of a booking wrote to the other (a message, the booking's message and kitchen notes, a
 * reason), as it may be shown now to a reader of `locale`: in full once the booking has been confirmed, masked
 * before. Every place that shows such a text to the other party (API answers, notification previews, mails) goes
 * through here.
 */
export function partyText(text: string, confirmedAt: Date | number | null | undefined, locale: string): string {
  return contactsVisible(confirmedAt) ? text : maskContacts(text, maskIn(locale));
}

/**
 * A chef's public text (the profile's bio) as shown to visitors: always masked, since no reader of a public page has a
 * confirmed booking with the chef yet (PRODUCT "Chef onboarding": contact details are not shared before a booking).
 * The chef and admins read the stored text through their own routes.
 */
export const publicText = (text: string, locale: string) => maskContacts(text, maskIn(locale));

/**
 * A chef's public text that is stored masked (menu and course names and descriptions): each contact detail becomes
 * CONTACT_MARK, which every read writes out in its reader's language (showMasks).
 */
export const storedPublicText = (text: string) => maskContacts(text, CONTACT_MARK);

/**
 * The version of the rules below. Menu and course descriptions are masked once, when the chef saves them, and stored
 * that way with this number (menus.masked_with), since menus near serves its cards as stored bytes: raise it when the
 * rules change, and the sweep masks every stored menu again (chef-area/menu-descriptions.service.ts).
 * 3: menu and course names are masked too, and a number without "+", "00" or a leading 0 is a phone number only when
 * it looks like one (isPhone). (2 was an attempt that masked names without keeping them; a database that ran it is
 * masked again from what its chefs wrote.)
 * 4: a contact detail is stored as CONTACT_MARK and read in each reader's language, no longer in the chef's.
 */
export const MASKING_VERSION = 4;

// ---- the normalised view ----

/**
 * A text to search in, and for each of its UTF-16 units the range of the original it came from, and whether it is a
 * digit that was spelled as a word there.
 */
type View = { text: string; from: number[]; to: number[]; spelled: boolean[] };

const INVISIBLE_CHAR = new RegExp(`^${INVISIBLE.source}$`, 'u');
const HORIZONTAL_SPACE = /^[^\S\n]$/;

/**
 * NFKC per character (full-width digits and "＠" become ASCII, NBSP and thin spaces a space), invisible characters
 * dropped, horizontal spaces and tabs made one kind; line breaks stay, so a list of numbers is not one number.
 */
function normalise(original: string): View {
  const view: View = { text: '', from: [], to: [], spelled: [] };
  let at = 0;
  for (const ch of original) {
    const from = at;
    at += ch.length;
    if (INVISIBLE_CHAR.test(ch)) continue;
    const out = HORIZONTAL_SPACE.test(ch) ? ' ' : ch.normalize('NFKC').replace(/[^\S\n]/g, ' ');
    for (let k = 0; k < out.length; k++) {
      view.text += out[k];
      view.from.push(from);
      view.to.push(at);
      view.spelled.push(false);
    }
  }
  return view;
}

/** Drops the view's characters at the given positions. */
function without(view: View, drop: Set<number>): View {
  const out: View = { text: '', from: [], to: [], spelled: [] };
  for (let i = 0; i < view.text.length; i++) {
    if (drop.has(i)) continue;
    out.text += view.text[i];
    out.from.push(view.from[i]!);
    out.to.push(view.to[i]!);
    out.spelled.push(view.spelled[i]!);
  }
  return out;
}

/** Four or more single characters with one space between each ("j u l i a", "0 7 9 1"): the spaces are a disguise. */
const SPACED_OUT = /(?<=^|\s)(?:\S ){3,}\S(?=\s|$)/gu;

function closeSpacedOut(view: View): View {
  const drop = new Set<number>();
  for (const m of view.text.matchAll(SPACED_OUT)) {
    for (let i = m.index; i < m.index + m[0].length; i++) if (view.text[i] === ' ') drop.add(i);
  }
  return drop.size ? without(view, drop) : view;
}

// ---- numbers spelled as words ----
// "null sieben neun …", "zero seven nine …", "zéro sept neuf …", "zero sette nove …", "079 acht 12 …": the number
// words of the locales' languages (de and Swiss German, fr, it, en) become digits in the view, so the phone rules
// below see the number. Words are read on their own ("zero seven nine" is 0 7 9) and combined only where the
// languages build one number of several ("forty five", "quarante-cinq", "soixante-dix-sept", "vingt et un");
// "fünfundvierzig" and "quarantacinque" are single words.

/** Lower case without accents, umlauts or ß, so "Fünf", "funf" and "zéro" are looked up as one word each. */
const fold = (word: string) => word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');

/** 0 to 19 in order, where a language has one word for them (French builds 17 to 19 of two: "dix-sept"). */
const ONES: Record<string, string> = {
  de: 'null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn',
  fr: 'zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize',
  it: 'zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici quindici sedici diciassette diciotto diciannove',
  en: 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen',
};
/** 20 to 90 in order (French builds 70 and 90 of two: "soixante-dix", "quatre-vingt-dix"). */
const TENS: Record<string, string> = {
  de: 'zwanzig dreissig vierzig fünfzig sechzig siebzig achtzig neunzig',
  fr: 'vingt trente quarante cinquante soixante',
  it: 'venti trenta quaranta cinquanta sessanta settanta ottanta novanta',
  en: 'twenty thirty forty fifty sixty seventy eighty ninety',
};
/** Other spellings: Swiss German, "ue" for "ü", the feminine "une"/"una", "vingts", and the spoken "nulla" and "zwo". */
const VARIANTS = 'eis=1 une=1 una=1 zwo=2 zwöi=2 drü=3 drüü=3 füf=5 föif=5 fuenf=5 sächs=6 sibe=7 siebe=7 nün=9 nüün=9 nulla=0 zwoelf=12 fuenfzehn=15 vingts=20 fuenfzig=50';

const NUMBER_WORDS: Record<string, number> = Object.fromEntries([
  ...Object.values(ONES).flatMap((list) => list.split(' ').map((w, value) => [fold(w), value])),
  ...Object.values(TENS).flatMap((list) => list.split(' ').map((w, k) => [fold(w), 20 + 10 * k])),
  ...VARIANTS.split(' ').map((pair) => pair.split('=')).map(([w, value]) => [fold(w!), Number(value)]),
]);

/** "einundzwanzig" … "neunundneunzig". */
const GERMAN_TENS_AND_UNIT = /^(ein|zwei|drei|vier|funf|fuenf|sechs|sieben|acht|neun)und(\p{L}+)$/u;
/** "ventuno", "trentotto", "quarantacinque": the tens drop their last vowel before uno and otto. */
const ITALIAN_TENS_AND_UNIT = /^(vent|trent|quarant|cinquant|sessant|settant|ottant|novant)[ia]?(uno|due|tre|quattro|cinque|sei|sette|otto|nove)$/u;

/** The value of one number word, or null. "Sept" with a capital is the English month ("12 Sept 2026"), not seven. */
function wordValue(word: string): number | null {
  if (word === 'Sept') return null;
  // Folding (NFD) costs more than the look-up; most words are plain ASCII and only need lower case.
  const lower = word.toLowerCase();
  const w = /^[a-z]+$/.test(lower) ? lower : fold(word);
  if (w in NUMBER_WORDS) return NUMBER_WORDS[w]!;
  const de = GERMAN_TENS_AND_UNIT.exec(w);
  if (de && NUMBER_WORDS[de[2]!]! >= 20 && NUMBER_WORDS[de[2]!]! % 10 === 0) return NUMBER_WORDS[de[2]!]! + (NUMBER_WORDS[de[1]!] ?? 1);
  const it = ITALIAN_TENS_AND_UNIT.exec(w);
  if (it) return NUMBER_WORDS[fold(`${it[1]}${it[1] === 'vent' ? 'i' : 'a'}`)]! + NUMBER_WORDS[it[2]!]!;
  return null;
}

/**
 * Whether `next` continues the number `value` as one number: tens and a unit ("forty five", "trente-deux"), French
 * seventies and nineties ("soixante-dix-sept", "quatre-vingt-dix"), and "quatre-vingt" itself.
 */
function continues(value: number, next: number): number | null {
  if (value === 4 && next === 20) return 80;
  if ((value === 60 || value === 80) && next >= 10 && next <= 19) return value + next;
  if (value >= 20 && value % 10 === 0 && next >= 1 && next <= 9) return value + next;
  if (value === 10 && next >= 7 && next <= 9) return value + next;
  return null;
}

const LETTERS = /\p{L}+/gu;
/** Between two number words of one spoken number: a space or a hyphen, or "et"/"and" ("vingt et un"). */
const JOINS_ONE_NUMBER = /^(?: ?- ?| | et | and )$/u;
/**
 * Between two spelled digits of a phone number people also put commas, dots and dashes ("null sieben neun, acht …");
 * a line break still ends the run, as it does for digits, so a list is not one number.
 */
const BETWEEN_SPELLED = /^[^\S\n]?[,;.\/-]?[^\S\n]?$/u;

/**
 * The view with number words as digits: each digit of a spelled number points at the words it came from and is
 * marked as spelled; the separators between two number words become one space, so "null, sieben, neun" is one run.
 */
function spellOutNumbers(view: View): View {
  const found: { start: number; end: number; value: number }[] = [];
  for (const m of view.text.matchAll(LETTERS)) {
    const value = wordValue(m[0]);
    if (value == null) continue;
    const last = found.at(-1);
    const joined = last && continues(last.value, value);
    if (last && joined != null && JOINS_ONE_NUMBER.test(view.text.slice(last.end, m.index))) {
      last.value = joined;
      last.end = m.index + m[0].length;
    } else found.push({ start: m.index, end: m.index + m[0].length, value });
  }
  if (!found.length) return view;
  const out: View = { text: '', from: [], to: [], spelled: [] };
  const copy = (start: number, end: number) => {
    for (let i = start; i < end; i++) {
      out.text += view.text[i];
      out.from.push(view.from[i]!);
      out.to.push(view.to[i]!);
      out.spelled.push(view.spelled[i]!);
    }
  };
  let at = 0;
  found.forEach((n, k) => {
    if (k > 0 && BETWEEN_SPELLED.test(view.text.slice(at, n.start))) {
      out.text += ' ';
      out.from.push(view.from[at]!);
      out.to.push(view.to[n.start - 1]!);
      out.spelled.push(true);
    } else copy(at, n.start);
    for (const digit of String(n.value)) {
      out.text += digit;
      out.from.push(view.from[n.start]!);
      out.to.push(view.to[n.end - 1]!);
      out.spelled.push(true);
    }
    at = n.end;
  });
  copy(at, view.text.length);
  return out;
}

// ---- what counts as a contact detail ----

type Range = [start: number, end: number];

const TLDS = 'com|net|org|info|biz|ch|de|at|fr|it|li|eu|uk|co|io|me|swiss';
const PROVIDERS = 'gmail|googlemail|gmx|hotmail|outlook|yahoo|icloud|bluewin|protonmail|proton';
const WORD = String.raw`[\p{L}\p{N}_%+-]+`;
/** "@" with or without spaces, or spelled: (at), [at], " at ", " ät ", arobase, chiocciola, Klammeraffe. */
const AT = String.raw`(?: *@ *| *[([{] *[aä]t *[)\]}] *| +[aä]t +| +(?:arobase|chiocciola|klammeraffe) +)`;
/** A dot, tight or with spaces on both sides (not a sentence's end, "Marco. It"), or spelled: (dot), " punkt ". */
const DOT = String.raw`(?:\.| +\. +| *[([{] *(?:dot|punkt|point|punto) *[)\]}] *| +(?:dot|punkt|point|punto) +)`;

const CONTACT_PATTERNS: RegExp[] = [
  // name@domain.tld as written.
  new RegExp(String.raw`${WORD}(?:\.${WORD})*@\p{L}[\p{L}\p{N}-]*(?:\.[\p{L}\p{N}-]+)*`, 'giu'),
  // Disguised: "anna . muster @ gmail . com", "anna (at) gmx (dot) ch", "anna at example dot com".
  new RegExp(String.raw`${WORD}(?:${DOT}${WORD})*${AT}${WORD}(?:${DOT}${WORD})*${DOT}(?:${TLDS})(?![\p{L}\p{N}])`, 'giu'),
  // A well-known mail provider needs no top-level domain: "julia at gmx".
  new RegExp(String.raw`${WORD}(?:${DOT}${WORD})*${AT}(?:${PROVIDERS})(?![\p{L}\p{N}])`, 'giu'),
  // Messenger links lead straight to a phone number or an account.
  /\b(?:wa\.me|(?:api|chat)\.whatsapp\.com|t\.me|telegram\.me|signal\.me|m\.me)\/\S+/giu,
];

/** A run of digits with the separators people type in phone numbers: spaces, dots, dashes, slashes, brackets. */
const DIGIT_RUN = /(?:\+ *)?\(? *\d[\d ().\/-]*\d/g;
/** Dates (05.06.2026, 5/6/26, 2026-06-05) inside a digit run are never part of a phone number. */
const DATE = /(?<!\d)(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2})(?!\d)/g;

/**
 * A number written with no "+", "00" or leading 0 is a phone number only when it starts with the country code of a
 * phone in CH, LI, DE, AT, FR or IT and is as long as that country's numbers are (41 79 123 45 67, 41791234567), or
 * is an Italian mobile (347 123 4567): a booking reference, a timestamp (1795750343986), years (2018 2019 2020) or
 * prices in a row stay readable.
 */
const PHONE_WITHOUT_PREFIX = /^(?:41[1-9]\d{8}|423\d{7}|49[1-9]\d{7,10}|43[1-9]\d{7,10}|33[1-9]\d{8}|39(?:0\d{6,9}|3\d{8,9})|3\d{9})$/;
/** Groups of three after the first ("1 795 750 343 986", "120 150 180 210"): an amount or a list, never a phone. */
const THOUSANDS = /^\d{1,3}(?:[ .]\d{3})+$/;

/**
 * Phone numbers as people write them in CH, DE, AT, FR and IT: international (+41 79 123 45 67, 0041 79 …,
 * +49 (0)151 …, or without the plus: 41 79 123 45 67), national (079 123 45 67, 0151/1234567, 044-123-45-67).
 * A national number needs nine digits, and one without a leading 0 or + must look like an international number
 * without its plus (PHONE_WITHOUT_PREFIX), so prices, guest counts, postcodes, times, dates, years and references
 * stay readable. A run with a spelled digit in it needs seven: nobody spells out a price or a time digit by digit,
 * and seven is a local number without its area code ("eins zwei drei vier fünf sechs sieben").
 */
export function isPhone(candidate: string, spelled = false): boolean {
  const digits = candidate.replace(/\D/g, '');
  if (spelled) return digits.length >= 7 && digits.length <= 17;
  if (/^(\+|00)/.test(candidate)) return digits.length >= 9 && digits.length <= 17;
  if (/^\(? *0/.test(candidate)) return digits.length >= 9 && digits.length <= 13;
  return PHONE_WITHOUT_PREFIX.test(digits) && !THOUSANDS.test(candidate);
}

function phoneRanges(view: View): Range[] {
  const out: Range[] = [];
  for (const run of view.text.matchAll(DIGIT_RUN)) {
    // Split the run at dates, then judge each piece without the separators around it.
    const pieces: Range[] = [];
    let start = 0;
    for (const d of run[0].matchAll(DATE)) {
      pieces.push([start, d.index]);
      start = d.index + d[0].length;
    }
    pieces.push([start, run[0].length]);
    for (const [s, e] of pieces) {
      const piece = run[0].slice(s, e);
      // An opening bracket belongs to the number only when it closes in it ("(079) 123 45 67", not "Menu (079 …)").
      const start = piece.replace(/^[^\d+(]+/, '');
      const lead = piece.length - (start.startsWith('(') && !start.includes(')') ? start.replace(/^\( */, '') : start).length;
      const trimmed = piece.slice(lead).replace(/[^\d)]+$/, '');
      const at = run.index + s + lead;
      const spelled = view.spelled.slice(at, at + trimmed.length).includes(true);
      if (trimmed && isPhone(trimmed, spelled)) out.push([at, at + trimmed.length]);
    }
  }
  return out;
}

/** The ranges of the original text that hold a contact detail: phone numbers as digits or words, the rest as written. */
function contactRanges(view: View): Range[] {
  const inOriginal = (v: View) => ([s, e]: Range): Range => [v.from[s]!, v.to[e - 1]!];
  const numbers = spellOutNumbers(view);
  const ranges = phoneRanges(numbers).filter(([s, e]) => e > s).map(inOriginal(numbers));
  for (const pattern of CONTACT_PATTERNS) {
    for (const m of view.text.matchAll(pattern)) if (m[0]) ranges.push(inOriginal(view)([m.index, m.index + m[0].length]));
  }
  return ranges;
}

/** The original text with every contact detail replaced by `mask` (overlapping finds become one). */
export function maskContacts(text: string, mask: string): string {
  const found = contactRanges(closeSpacedOut(normalise(text))).sort((a, b) => a[0] - b[0]);
  if (!found.length) return text;
  let out = '';
  let at = 0;
  let current = found[0]!;
  const flush = () => {
    out += text.slice(at, current[0]) + mask;
    at = current[1];
  };
  for (const r of found.slice(1)) {
    if (r[0] <= current[1]) current = [current[0], Math.max(current[1], r[1])];
    else {
      flush();
      current = r;
    }
  }
  flush();
  return out + text.slice(at);
}
