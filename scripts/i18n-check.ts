// Checks the translations in i18n/: every locale has every key (the union over all locales), no value is empty, a
// key is a text (or a text with plural forms) in every locale or a group in every locale, every key the web code
// uses (t('…') or tk('…')) exists in en.json, and no key is unused: each must appear as a string literal in web/src,
// shared, functions or scripts, or lie under one of the DYNAMIC_PREFIXES below. Prints what is wrong and exits 1;
// prints a summary and exits 0 when all is well.
// Run: npx tsx scripts/i18n-check.ts
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '#shared/locales';
import { isPluralForms } from '#shared/plural';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Optional arguments point the check at other folders (used by its own test): [i18nDir] [webSrcDir]. With a
// webSrcDir, that folder is the only code scanned for used keys.
const i18nDir = path.resolve(process.argv[2] ?? path.join(root, 'i18n'));
const webSrc = path.resolve(process.argv[3] ?? path.join(root, 'web', 'src'));
const codeDirs = process.argv[3] ? [webSrc] : [webSrc, path.join(root, 'shared'), path.join(root, 'functions'), path.join(root, 'scripts')];

/**
 * Keys built at run time from a value, e.g. t(`bookings.status.${status}`): every key under these prefixes counts as
 * used. Each entry names where the key is built; the check fails when that template is gone from the code, so the
 * list cannot outlive its reason. Keep it small: prefer literal keys (or tk('…') in a lookup table).
 */
const DYNAMIC_PREFIXES: Record<string, string> = {
  'notify.': 'notifications/notify.service.ts: `notify.${notice.key}.title|message`, each module passing its notice key',
  'mail.action.': 'notifications/notify.service.ts: `mail.action.${family}`, the button of a notice mail by what the notice is about',
  'mail.': 'lib/mail-templates.ts: `mail.${template}.${part}` and `mail.reason.${template}`, the texts of the account mails',
  'validation.chefrule.': 'chef-area/chef-status.service.ts: `validation.chefrule.${action}`, the rule of the status action refused',
  'validation.chefstatus.': 'chef-area/chef-status.service.ts: `validation.chefstatus.${slug}`, the chef status a refusal names',
  'validation.paymentstatus.': 'payments/payments.service.ts: `validation.paymentstatus.${status}`, the state of a payment no longer open',
  'booking.occasions.': 'bookings screens: one per occasion of the booking API',
  'bookings.status.': 'bookings/BookingParts.tsx: the booking status from the API',
  'bookings.next.': 'bookings/BookingDetail.tsx: `bookings.next.${view}.${status}`',
  'bookings.earningstate.': 'bookings/BookingDetail.tsx: the earnings state from the API',
  'bookings.scope.': 'bookings list pages: one tab per scope',
  'bookings.rate.fields.': 'bookings/RateBookingPage.tsx: one per rating field of the API',
  'bookings.rate.notrateable.': 'bookings/RateBookingPage.tsx: the reason a booking cannot be rated',
  'bookings.payments.status.': 'chef-area/MyPayments.tsx: the payment status from the API',
  'bookings.payments.refundstatus.': 'chef-area/MyPayments.tsx: the refund status from the API',
  'menupage.course.': 'chef/ChefMenuPage.tsx: the course type from the API',
  'home.tiers.': 'home/HomeSections.tsx: one card per chef tier and feature',
  'home.know.': 'home/HomeSections.tsx: the "good to know" items',
  'home.company.facts.': 'home/HomeSections.tsx: the company facts',
  'home.inspiration.events.': 'home/HomeSections.tsx: one card per event type',
  'validation.refusal.': 'lib/api.ts: `validation.refusal.${code}`, a refusal without a message key in the visitor’s language by its code',
  'validation.bookingstatus.': 'bookings/bookings.machine.ts `statusKey`: the booking status a refusal names',
  'documents.': 'documents/document-text.ts: the receipts’ and statements’ texts, `documents.${key}` with the key of each line',
};

type Tree = { [key: string]: string | Tree };

/**
 * Flattens a nested table into dotted keys → value (leaf strings, or a marker for non-string leaves). A text with
 * plural forms ({ one, other… }, shared/plural.ts) is one key whose value is its forms joined, so a locale may have
 * other categories than English (French "many") and still has the same key, and an empty form is caught.
 */
function flatten(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree as Tree)) {
      const dotted = prefix ? `${prefix}.${key}` : key;
      if (isPluralForms(value)) out.set(dotted, Object.values(value).every((form) => typeof form === 'string' && form.trim() !== '') ? Object.values(value).join('\n') : '');
      else if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, dotted, out);
      else out.set(dotted, value);
    }
  }
  return out;
}

function listSourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...listSourceFiles(full));
    else if (/\.(ts|tsx|mts)$/.test(name)) files.push(full);
  }
  return files;
}

const problems: string[] = [];
const tables = new Map<string, Map<string, unknown>>();

for (const locale of LOCALES) {
  const file = path.join(i18nDir, `${locale}.json`);
  try {
    tables.set(locale, flatten(JSON.parse(readFileSync(file, 'utf8'))));
  } catch (err) {
    problems.push(`${locale}.json: cannot be read (${err instanceof Error ? err.message : String(err)})`);
  }
}

const allKeys = new Set<string>();
for (const table of tables.values()) for (const key of table.keys()) allKeys.add(key);

for (const [locale, table] of tables) {
  const missing = [...allKeys].filter((key) => !table.has(key)).sort();
  if (missing.length) problems.push(`${locale}.json is missing ${missing.length} key(s):\n${missing.map((k) => `    ${k}`).join('\n')}`);
  const bad = [...table].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key).sort();
  if (bad.length) problems.push(`${locale}.json has ${bad.length} empty or non-text value(s):\n${bad.map((k) => `    ${k}`).join('\n')}`);
}

// A key that is a group in one locale and a text in another shows up as missing above, since flatten() yields
// different leaves; the union check therefore also catches shape mismatches.

const en = tables.get('en');
if (en) {
  const usage = /\bt[k]?\(\s*(['"`])([a-zA-Z0-9_.-]+)\1/g;
  const unknown = new Map<string, string[]>();
  for (const file of listSourceFiles(webSrc)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(usage)) {
      const key = match[2]!;
      if (!en.has(key)) unknown.set(key, [...(unknown.get(key) ?? []), path.relative(root, file)]);
    }
  }
  if (unknown.size) {
    problems.push(
      `web/src uses ${unknown.size} key(s) that en.json does not have:\n${[...unknown]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, files]) => `    ${key}  (${[...new Set(files)].join(', ')})`)
        .join('\n')}`,
    );
  }
}

if (en) {
  // A key is used when it appears whole as a string literal ('a.b', "a.b" or `a.b`) anywhere in the code.
  const literal = /(['"`])([a-zA-Z0-9_-]+(?:\.[a-zA-Z0-9_-]+)+)\1/g;
  const used = new Set<string>();
  let code = '';
  for (const file of codeDirs.flatMap(listSourceFiles)) {
    const text = readFileSync(file, 'utf8');
    code += text;
    for (const match of text.matchAll(literal)) used.add(match[2]!);
  }
  const stale = Object.keys(DYNAMIC_PREFIXES).filter((prefix) => !code.includes(`\`${prefix}\${`));
  if (process.argv[3] === undefined && stale.length) {
    problems.push(`DYNAMIC_PREFIXES in scripts/i18n-check.ts lists prefixes no template builds any more:\n${stale.map((p) => `    ${p}`).join('\n')}`);
  }
  const dynamic = Object.keys(DYNAMIC_PREFIXES).filter((prefix) => !stale.includes(prefix));
  const unused = [...en.keys()].filter((key) => !used.has(key) && !dynamic.some((prefix) => key.startsWith(prefix))).sort();
  if (unused.length) {
    problems.push(
      `en.json has ${unused.length} key(s) no code uses (remove them from every locale, or add the prefix of a key built at run time to DYNAMIC_PREFIXES):\n${unused.map((k) => `    ${k}`).join('\n')}`,
    );
  }
}

if (problems.length) {
  console.error(`i18n check failed:\n\n${problems.join('\n\n')}`);
  process.exit(1);
}
console.log(`i18n check passed: ${allKeys.size} keys in ${tables.size} locales (${LOCALES.join(', ')}), none unused.`);
