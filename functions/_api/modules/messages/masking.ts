// Contact details stay private until a booking is confirmed (PRODUCT "Messages"): e-mail addresses and phone
// numbers in message text are replaced on output. The stored text is never changed, so they show once confirmed.
// Pure, so the rules are tested on their own.

export const MASK = '[hidden until the booking is confirmed]';

const TLDS = 'com|net|org|info|biz|ch|de|at|fr|it|li|eu|uk|co|io|me|swiss';

// name@domain.tld, also with spaces around the @ or the dots.
const EMAIL = /[A-Za-z0-9_%+-]+(?:\s*\.\s*[A-Za-z0-9_%+-]+)*\s*@\s*[A-Za-z0-9-]+(?:\s*\.\s*[A-Za-z0-9-]+)*\s*\.\s*[A-Za-z]{2,24}\b/g;
// "name at domain dot com", "name (at) domain (dot) ch", "name [at] domain [dot] de".
const SPELLED_EMAIL = new RegExp(
  String.raw`\b[A-Za-z0-9._%+-]+\s*(?:\(at\)|\[at\]|\{at\}|\s+at\s+)\s*[A-Za-z0-9-]+(?:\s*(?:\(dot\)|\[dot\]|\{dot\}|\s+dot\s+|\.)\s*[A-Za-z0-9-]+)*\s*(?:\(dot\)|\[dot\]|\{dot\}|\s+dot\s+|\.)\s*(?:${TLDS})\b`,
  'gi',
);
// A run of digits with the separators people type in phone numbers: spaces, dots, dashes, slashes, brackets.
const DIGIT_RUN = /(?:\+|\b00|\(\s*0|\b0)[\d\s().\/-]{6,}\d/g;

/**
 * Phone numbers as people write them in CH, DE, AT, FR and IT: international (+41 79 123 45 67, 0041 79 …,
 * +49 (0)151 …) and national (079 123 45 67, 0151/1234567, 044-123-45-67). A national number needs at least
 * nine digits, so dates (05.06.2026) and times stay readable.
 */
function isPhone(candidate: string): boolean {
  // A date such as 05.06.2026 or 05/06/26, possibly followed by the hour, is not a phone number.
  if (/^\(?\s*\d{1,2}[./]\d{1,2}[./]\d{2,4}(?!\d)/.test(candidate)) return false;
  const digits = candidate.replace(/\D/g, '');
  const international = /^\s*(\+|00)/.test(candidate);
  if (international) return digits.length >= 9 && digits.length <= 17;
  return digits.length >= 9 && digits.length <= 13;
}

export function maskContacts(text: string): string {
  return text
    .replace(EMAIL, MASK)
    .replace(SPELLED_EMAIL, MASK)
    .replace(DIGIT_RUN, (m) => {
      const trimmed = m.replace(/[\s().\/-]+$/, '');
      const rest = m.slice(trimmed.length);
      return isPhone(trimmed) ? `${MASK}${rest}` : m;
    });
}
