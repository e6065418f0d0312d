// Checks the translations in i18n/: every locale has every key (the union over all locales), no value is empty, a
// key is a text in every locale or a group in every locale, and every key the web code uses (t('…') or tk('…'))
// exists in en.json. Prints what is wrong and exits 1; prints a summary and exits 0 when all is well.
// Run: npx tsx scripts/i18n-check.ts
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '../functions/_api/lib/locales';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Optional arguments point the check at other folders (used by its own test): [i18nDir] [webSrcDir]
const i18nDir = path.resolve(process.argv[2] ?? path.join(root, 'i18n'));
const webSrc = path.resolve(process.argv[3] ?? path.join(root, 'web', 'src'));

type Tree = { [key: string]: string | Tree };

/** Flattens a nested table into dotted keys → value (leaf strings, or a marker for non-string leaves). */
function flatten(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree as Tree)) {
      const dotted = prefix ? `${prefix}.${key}` : key;
      if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, dotted, out);
      else out.set(dotted, value);
    }
  }
  return out;
}

function listSourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...listSourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name)) files.push(full);
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

if (problems.length) {
  console.error(`i18n check failed:\n\n${problems.join('\n\n')}`);
  process.exit(1);
}
console.log(`i18n check passed: ${allKeys.size} keys in ${tables.size} locales (${LOCALES.join(', ')}).`);
