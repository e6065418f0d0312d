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

// ---- the normalised view ----

/** A text to search in, and for each of its UTF-16 units the range of the original it came from. */
type View = { text: string; from: number[]; to: number[] };

const INVISIBLE_CHAR = new RegExp(`^${INVISIBLE.source}$`, 'u');
const HORIZONTAL_SPACE = /^[^\S\n]$/;

/**
 * NFKC per character (full-width digits and "＠" become ASCII, NBSP and thin spaces a space), invisible characters
 * dropped, horizontal spaces and tabs made one kind; line breaks stay, so a list of numbers is not one number.
 */
function normalise(original: string): View {
  const view: View = { text: '', from: [], to: [] };
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
    }
  }
  return view;
}

/** Drops the view's characters at the given positions. */
function without(view: View, drop: Set<number>): View {
  const out: View = { text: '', from: [], to: [] };
  for (let i = 0; i < view.text.length; i++) {
    if (drop.has(i)) continue;
    out.text += view.text[i];
    out.from.push(view.from[i]!);
    out.to.push(view.to[i]!);
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
 * Phone numbers as people write them in CH, DE, AT, FR and IT: international (+41 79 123 45 67, 0041 79 …,
 * +49 (0)151 …, or without the plus: 41 79 123 45 67), national (079 123 45 67, 0151/1234567, 044-123-45-67).
 * A national number needs nine digits and one without a leading 0 or + ten, so prices, guest counts, postcodes,
 * times and dates stay readable.
 */
function isPhone(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '').length;
  if (/^(\+|00)/.test(candidate)) return digits >= 9 && digits <= 17;
  if (/^\(? *0/.test(candidate)) return digits >= 9 && digits <= 13;
  return digits >= 10 && digits <= 15;
}

function phoneRanges(text: string): Range[] {
  const out: Range[] = [];
  for (const run of text.matchAll(DIGIT_RUN)) {
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
      const lead = piece.length - piece.replace(/^[^\d+(]+/, '').length;
      const trimmed = piece.slice(lead).replace(/[^\d)]+$/, '');
      if (trimmed && isPhone(trimmed)) out.push([run.index + s + lead, run.index + s + lead + trimmed.length]);
    }
  }
  return out;
}

function contactRanges(text: string): Range[] {
  const ranges = phoneRanges(text);
  for (const pattern of CONTACT_PATTERNS) for (const m of text.matchAll(pattern)) ranges.push([m.index, m.index + m[0].length]);
  return ranges;
}

/** The original text with every contact detail replaced by `mask` (overlapping finds become one). */
export function maskContacts(text: string, mask: string): string {
  const view = closeSpacedOut(normalise(text));
  const found = contactRanges(view.text)
    .filter(([s, e]) => e > s)
    .map(([s, e]): Range => [view.from[s]!, view.to[e - 1]!])
    .sort((a, b) => a[0] - b[0]);
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
