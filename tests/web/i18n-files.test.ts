// @vitest-environment node
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/locales';

const root = path.resolve(import.meta.dirname, '../..');
const read = (locale: string) => JSON.parse(readFileSync(path.join(root, 'i18n', `${locale}.json`), 'utf8')) as Record<string, unknown>;
const get = (tree: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
const run = promisify(execFile);

describe('translation files', () => {
  it('contain the keys the seed names literally, in every locale', () => {
    const keys = [
      'guestcountselector.leasttext',
      'guestcountselector.maxtext',
      'messages.nomessagesyet',
      'regionselector.deniedaccess',
      'regionselector.locationunavailable',
      'regionselector.timedout',
      'regionselector.unknownerror',
      'meta.titlesuffix',
      'meta.sitename',
    ];
    for (const locale of LOCALES) for (const key of keys) expect(typeof get(read(locale), key), `${locale}: ${key}`).toBe('string');
  });

  it('have the exact English 404 texts', () => {
    const en = read('en');
    expect(get(en, 'notfound.title')).toBe('Page not found');
    expect(get(en, 'notfound.text')).toBe('Oops, the recipe for this page is missing!');
  });

  it('write Swiss German with "ss", never "ß"', () => {
    expect(readFileSync(path.join(root, 'i18n', 'de-ch.json'), 'utf8')).not.toContain('ß');
  });
});

describe('scripts/i18n-check.ts', () => {
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const script = path.join(root, 'scripts', 'i18n-check.ts');

  it('passes on the real files', async () => {
    const { stdout } = await run(tsx, [script]);
    expect(stdout).toContain('i18n check passed');
  }, 30_000);

  it('fails and names missing keys, empty values and unknown keys used in code', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'i18n-check-'));
    try {
      const i18nDir = path.join(dir, 'i18n');
      const srcDir = path.join(dir, 'src');
      cpSync(path.join(root, 'i18n'), i18nDir, { recursive: true });
      mkdirSync(srcDir);
      const fr = read('fr') as { notfound: Record<string, string> };
      delete fr.notfound.title;
      writeFileSync(path.join(i18nDir, 'fr.json'), JSON.stringify(fr));
      const italian = read('it') as { notfound: Record<string, string> };
      italian.notfound.text = ' ';
      writeFileSync(path.join(i18nDir, 'it.json'), JSON.stringify(italian));
      writeFileSync(path.join(srcDir, 'Page.tsx'), "export const x = (t: (k: string) => string) => t('nowhere.to.be.found');\n");

      const failure = await run(tsx, [script, i18nDir, srcDir]).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toMatch(/fr\.json is missing 1 key\(s\):\s+notfound\.title/);
      expect(failure?.stderr).toMatch(/it\.json has 1 empty or non-text value\(s\):\s+notfound\.text/);
      expect(failure?.stderr).toContain('nowhere.to.be.found');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('takes a text with plural forms as one key, and names an empty form', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'i18n-plural-'));
    try {
      for (const locale of LOCALES) {
        const tree = read(locale) as { bookingbar: Record<string, unknown> };
        // French may add "many" (1,000,000 convives) without the other locales having it.
        if (locale === 'fr') tree.bookingbar.guests = { one: '{{count}} convive', many: '{{count}} de convives', other: '{{count}} convives' };
        if (locale === 'it') tree.bookingbar.guests = { one: '', other: '{{count}} ospiti' };
        writeFileSync(path.join(dir, `${locale}.json`), JSON.stringify(tree));
      }
      const failure = await run(tsx, [script, dir]).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toMatch(/it\.json has 1 empty or non-text value\(s\):\s+bookingbar\.guests/);
      expect(failure?.stderr).not.toContain('missing');
      expect(failure?.stderr).not.toContain('fr.json');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('fails and names a key no code uses', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'i18n-unused-'));
    try {
      for (const locale of LOCALES) {
        const tree = read(locale) as Record<string, unknown>;
        tree.zzunused = { orphan: 'Nobody reads me' };
        writeFileSync(path.join(dir, `${locale}.json`), JSON.stringify(tree));
      }
      const failure = await run(tsx, [script, dir]).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain('zzunused.orphan');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
