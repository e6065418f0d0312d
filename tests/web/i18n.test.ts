import { afterEach, describe, expect, it } from 'vitest';
import { detectLocale, i18n, LOCALE_STORAGE_KEY, setLocale, t } from '../../web/src/lib/i18n';
import { preferences } from '../../web/src/state/preferences';

describe('locale detection', () => {
  it('prefers the locale query parameter', () => {
    expect(detectLocale({ search: '?locale=fr', stored: 'it', languages: ['de-DE'] })).toBe('fr');
    expect(detectLocale({ search: '?foo=1&locale=DE-CH', stored: 'it', languages: ['en'] })).toBe('de-ch');
  });

  it("reads the seed's spellings of the locale parameter (de_DE, de_CH, en_US, fr_FR, it_IT)", () => {
    const fromQuery = (value: string) => detectLocale({ search: `?locale=${value}`, stored: null, languages: [] });
    expect(['de_DE', 'de_CH', 'en_US', 'fr_FR', 'it_IT'].map(fromQuery)).toEqual(['de', 'de-ch', 'en', 'fr', 'it']);
  });

  it('then the stored choice', () => {
    expect(detectLocale({ search: '', stored: 'it', languages: ['de-DE'] })).toBe('it');
  });

  it('ignores an unsupported query value and falls through to the stored choice', () => {
    expect(detectLocale({ search: '?locale=es', stored: 'fr', languages: ['de'] })).toBe('fr');
  });

  it('then the browser languages, in order', () => {
    expect(detectLocale({ search: '', stored: null, languages: ['es-ES', 'de-CH', 'en'] })).toBe('de-ch');
    expect(detectLocale({ search: '', stored: null, languages: ['fr-FR', 'en'] })).toBe('fr');
    expect(detectLocale({ search: '', stored: 'xx', languages: ['it-IT'] })).toBe('it');
    expect(detectLocale({ search: '', stored: null, languages: ['gsw'] })).toBe('de-ch');
  });

  it('defaults to English', () => {
    expect(detectLocale({ search: '', stored: null, languages: [] })).toBe('en');
    expect(detectLocale({ search: '', stored: null, languages: ['ja-JP', 'es'] })).toBe('en');
  });
});

describe('changing the language', () => {
  afterEach(async () => {
    await setLocale('en');
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('loads the texts, stores the choice and updates the URL and <html lang>', async () => {
    window.history.replaceState(null, '', '/help?foo=1#top');
    await setLocale('de-ch', { persist: true, updateUrl: true });

    expect(t('notfound.title')).toBe('Seite nicht gefunden');
    expect(t('common.close')).toBe('Schliessen');
    expect(i18n.locale).toBe('de-ch');
    expect(preferences.locale).toBe('de-ch');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de-ch');
    // The edge reads the choice from a cookie (the prerendered home page, SEO pages).
    expect(document.cookie).toContain('locale=de-ch');
    expect(document.documentElement.lang).toBe('de-CH');
    expect(window.location.pathname).toBe('/help');
    // The seed's spelling, as in the alternate links.
    expect(new URLSearchParams(window.location.search).get('locale')).toBe('de_CH');
    expect(new URLSearchParams(window.location.search).get('foo')).toBe('1');
    expect(window.location.hash).toBe('#top');
  });

  it('does not store or touch the URL unless asked', async () => {
    await setLocale('fr');
    expect(t('notfound.title')).toBe('Page introuvable');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('picks the plural form for the count in every locale', async () => {
    await setLocale('en');
    expect(t('bookingbar.guests', { count: 1 })).toBe('1 guest');
    expect(t('bookingbar.guests', { count: 2 })).toBe('2 guests');
    expect(t('chefprofile.rating', { avg: '5.0', count: 1 })).toBe('5.0 out of 5 · 1 review');
    expect(t('menusnearme.count', { shown: '1', total: '1', count: 1 })).toBe('1 of 1 menu');
    expect(t('menusnearme.count', { shown: '3', total: '12', count: 12 })).toBe('3 of 12 menus');
    await setLocale('de');
    expect(t('bookingbar.guests', { count: 1 })).toBe('1 Gast');
    expect(t('bookingbar.guests', { count: 4 })).toBe('4 Gäste');
    await setLocale('de-ch');
    expect(t('menusnearme.count', { shown: '1', total: '1', count: 1 })).toBe('1 von 1 Menü');
    await setLocale('fr');
    // French takes the singular for 0 and 1.
    expect(t('bookingbar.guests', { count: 0 })).toBe('0 convive');
    expect(t('bookingbar.guests', { count: 1 })).toBe('1 convive');
    expect(t('bookingbar.guests', { count: 2 })).toBe('2 convives');
    await setLocale('it');
    expect(t('chefprofile.rating', { avg: '4,5', count: 1 })).toBe('4,5 su 5 · 1 recensione');
    expect(t('chefprofile.rating', { avg: '4,5', count: 3 })).toBe('4,5 su 5 · 3 recensioni');
  });

  it('interpolates parameters and shows unknown keys as themselves', async () => {
    await setLocale('en');
    expect(t('comingsoon.text', { screen: 'Menu management' })).toBe('Menu management is coming soon.');
    expect(t('no.such.key')).toBe('no.such.key');
  });
});
