// FAQ topics and content pages: locale handling with fallback. The newsletter has its own file (newsletter.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { contentPages, faqEntries, faqTopics } from '../../functions/_api/db/schema/content';
import { useHarness } from '../support/use-harness';
import { ok, refused, visitorClient, type QueryOf, type TypedClient } from '../support/typed-client';

const h = useHarness();
const T: Record<string, number> = {};
beforeAll(async () => {
  const topic = async (key: string, locale: string, title: string, position: number, entries: [string, string, number][]) => {
    const [t] = await h.db.insert(faqTopics).values({ locale, title, position }).returning();
    T[key] = t!.id;
    for (const [etitle, content, pos] of entries) await h.db.insert(faqEntries).values({ topicId: t!.id, title: etitle, content, position: pos });
  };
  // Inserted out of order: positions decide.
  await topic('enPay', 'en', 'Payment', 2, [['Which cards?', 'Visa and **Mastercard**.', 1]]);
  await topic('enBook', 'en', 'Booking', 1, [
    ['Can I cancel?', 'Yes, up to 7 days before.', 2],
    ['How do I book?', 'Pick a menu.', 1],
  ]);
  await topic('deBook', 'de', 'Buchen', 1, [['Wie buche ich?', 'Menü wählen.', 1]]);
  await h.db.insert(contentPages).values([
    { url: 'termsconditions', locale: 'en', title: 'Terms', content: '# Terms' },
    { url: 'termsconditions', locale: 'de', title: 'AGB', content: '# AGB' },
    { url: 'contact', locale: 'en', title: 'Contact', content: 'Write to us.' },
  ]);
});

const topics = (query: QueryOf<TypedClient['faq']['topics']['$get']> = {}, headers?: Record<string, string>) => visitorClient(h).faq.topics.$get({ query }, { headers });
const page = (url: string, query: QueryOf<TypedClient['pages'][':url']['$get']> = {}) => visitorClient(h).pages[':url'].$get({ param: { url }, query });

describe('FAQ topics', () => {
  it('lists English topics in position order by default, without entries unless resolved', async () => {
    const { status, body } = await ok(topics());
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { id: T.enBook, title: 'Booking' },
      { id: T.enPay, title: 'Payment' },
    ]);
  });

  it('resolves entries in order, with id, title and content', async () => {
    const { body } = await ok(topics({ locale: 'EN', resolve: 'entries' }));
    expect(body.data[0]!.entries?.data.map((e) => e.title)).toEqual(['How do I book?', 'Can I cancel?']);
    expect(body.data[1]!.entries?.data).toEqual([{ id: expect.any(Number), title: 'Which cards?', content: 'Visa and **Mastercard**.' }]);
  });

  it('serves the requested locale, de for de-ch, and English where a locale has no topics', async () => {
    expect((await ok(topics({ locale: 'de', resolve: 'entries' }))).body.data).toEqual([
      { id: T.deBook, title: 'Buchen', entries: { data: [{ id: expect.any(Number), title: 'Wie buche ich?', content: 'Menü wählen.' }] } },
    ]);
    const deCh = await ok(topics({ locale: 'de-CH' }));
    expect(deCh.body.data.map((t) => t.title)).toEqual(['Buchen']);
    expect(deCh.body.locale).toBe('de');
    expect((await ok(topics({ locale: 'de_ch' }))).body.locale).toBe('de');
    const fr = await ok(topics({ locale: 'fr' }));
    expect(fr.body.data.map((t) => t.title)).toEqual(['Booking', 'Payment']);
    expect(fr.body.locale).toBe('en');
    expect((await ok(topics({}, { 'x-locale': 'de' }))).body.locale).toBe('de');
  });

  it("takes the seed's locale spellings (de_DE, de_CH, en_US, fr_FR, it_IT) like the short codes", async () => {
    for (const [seed, short] of [['de_DE', 'de'], ['de_CH', 'de-ch'], ['en_US', 'en'], ['fr_FR', 'fr'], ['it_IT', 'it']] as const) {
      const a = await ok(topics({ locale: seed, resolve: 'entries' }));
      expect(a.status, seed).toBe(200);
      expect(a.body, seed).toEqual((await ok(topics({ locale: short, resolve: 'entries' }))).body);
      expect((await ok(page('termsconditions', { locale: seed }))).body, seed).toEqual((await ok(page('termsconditions', { locale: short }))).body);
    }
    expect((await ok(topics({ locale: 'de_DE' }))).body.locale).toBe('de');
  });

  it('rejects unknown locales and resolve values', async () => {
    expect((await refused(topics({ locale: 'es' }))).body.errors.locale).toBeDefined();
    expect((await refused(topics({ locale: 'es_ES' }))).body.errors.locale).toEqual(['Use one of: de, de-ch, en, fr, it, de_DE, de_CH, en_US, fr_FR, it_IT.']);
    expect((await refused(topics({ resolve: 'authors' }))).body.errors.resolve).toBeDefined();
  });
});

describe('content pages', () => {
  it('returns the page in the requested locale', async () => {
    const { status, body, headers } = await ok(page('termsconditions', { locale: 'de' }));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ url: 'termsconditions', title: 'AGB', content: '# AGB', locale: 'de' });
    expect(headers.get('cache-control')).toContain('max-age');
  });

  it('falls back to English, and to de for de-ch', async () => {
    expect((await ok(page('termsconditions', { locale: 'fr' }))).body.data).toMatchObject({ title: 'Terms', locale: 'en' });
    expect((await ok(page('termsconditions', { locale: 'de-ch' }))).body.data).toMatchObject({ title: 'AGB', locale: 'de' });
    expect((await ok(page('contact', { locale: 'de' }))).body.data).toMatchObject({ title: 'Contact', locale: 'en' });
    expect((await ok(page('termsconditions'))).body.data.locale).toBe('en');
  });

  it('is 404 for an unknown page and 400 for a malformed url or locale', async () => {
    expect((await refused(page('nothing-here'))).status).toBe(404);
    expect((await refused(page('Bad Url'))).status).toBe(400);
    expect((await refused(page('contact', { locale: 'xx' }))).status).toBe(400);
  });
});
