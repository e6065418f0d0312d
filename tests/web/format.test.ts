import { describe, expect, it } from 'vitest';
import { dateFormatFor, formatDate, formatDateTime, formatDuration, formatNumber, formatRating, languageName } from '../../web/src/lib/format';

const date = new Date(2025, 2, 7, 18, 5); // 7 March 2025, 18:05 local time

describe('date formats (seed §9)', () => {
  it.each([
    ['de_CH', '07.03.2025'],
    ['de_DE', '07.03.2025'],
    ['fr_CH', '07.03.2025'],
    ['it_CH', '07.03.2025'],
    ['gsw_CH', '07.03.2025'],
    ['en_US', '03/07/2025'],
    ['en_GB', '07/03/2025'],
    ['fr_FR', '07/03/2025'],
    ['it_IT', '07/03/2025'],
  ])('%s prints %s', (locale, expected) => {
    expect(formatDate(date, locale)).toBe(expected);
  });

  it('maps the app locales to their formats', () => {
    expect(dateFormatFor('de-ch')).toBe('dd.MM.yyyy');
    expect(dateFormatFor('de')).toBe('dd.MM.yyyy');
    expect(dateFormatFor('en')).toBe('MM/dd/yyyy');
    expect(dateFormatFor('fr')).toBe('dd/MM/yyyy');
    expect(dateFormatFor('it')).toBe('dd/MM/yyyy');
  });

  it('adds 24-hour time with minutes', () => {
    expect(formatDateTime(date, 'de-ch')).toBe('07.03.2025 18:05');
    expect(formatDateTime('not a date', 'de-ch')).toBe('');
  });
});

describe('durations and numbers', () => {
  it('print hours and minutes', () => {
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(0)).toBe('0 min');
  });

  it('print ratings with one decimal in the locale', () => {
    expect(formatRating(4.75, 'en')).toBe('4.8');
    expect(formatRating(4.75, 'de')).toBe('4,8');
  });
});

describe('numbers and language names', () => {
  it('keep one format per locale and number of decimals', () => {
    expect(formatNumber(1234.5, 'de-ch', 1)).toBe(new Intl.NumberFormat('de-CH', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(1234.5));
    expect(formatNumber(1234.5, 'de-ch', 0)).toBe(new Intl.NumberFormat('de-CH', { maximumFractionDigits: 0 }).format(1234.5));
    expect(formatRating(4.75, 'fr')).toBe('4,8');
  });

  it('name a language in the visitor language, capitalised, and show an unknown code as itself', () => {
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('de', 'de-ch')).toBe('Deutsch');
    expect(languageName('fr', 'fr')).toBe('Français');
    expect(languageName('it', 'it')).toBe('Italiano');
    expect(languageName('qq', 'en')).toBe('QQ');
    expect(languageName('not a code', 'en')).toBe('NOT A CODE');
  });

  it('name a language in running text with its own casing ("Parle allemand", "Spricht Deutsch")', () => {
    expect(['de', 'it'].map((code) => languageName(code, 'fr', { inSentence: true }))).toEqual(['allemand', 'italien']);
    expect(['de', 'fr'].map((code) => languageName(code, 'it', { inSentence: true }))).toEqual(['tedesco', 'francese']);
    expect(languageName('it', 'de', { inSentence: true })).toBe('Italienisch');
    expect(languageName('de', 'en', { inSentence: true })).toBe('German');
  });
});
