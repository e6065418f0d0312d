// FAQ topics per locale, with their entries in one round trip. A locale without topics falls back like pages do.
import { asc, eq, inArray } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { as } from '../../db/columns-alias';
import { faqEntries, faqTopics } from '../../db/schema/content';
import type { Locale } from '#shared/locales';
import { localeChain } from '../pages/pages.service';

export async function faqTopicList(db: DB, locale: Locale, withEntries: boolean) {
  const chain = localeChain(locale);
  const [topics, entries] = await db.batch([
    db
      .select({ id: faqTopics.id, locale: faqTopics.locale, title: faqTopics.title, position: faqTopics.position })
      .from(faqTopics)
      .where(inArray(faqTopics.locale, chain))
      .orderBy(asc(faqTopics.position), asc(faqTopics.id)),
    // Entries of every candidate locale ride along; only those of the chosen locale's topics are used.
    db
      .select({
        id: as(faqEntries.id, 'entry_id'),
        topicId: faqEntries.topicId,
        title: as(faqEntries.title, 'entry_title'),
        content: faqEntries.content,
      })
      .from(faqEntries)
      .innerJoin(faqTopics, eq(faqTopics.id, faqEntries.topicId))
      .where(withEntries ? inArray(faqTopics.locale, chain) : inArray(faqTopics.locale, []))
      .orderBy(asc(faqEntries.position), asc(faqEntries.id)),
  ]);
  const used = chain.find((l) => topics.some((t) => t.locale === l)) ?? locale;
  const data = topics
    .filter((t) => t.locale === used)
    .map((t) => ({
      id: t.id,
      title: t.title,
      ...(withEntries
        ? { entries: { data: entries.filter((e) => e.topicId === t.id).map((e) => ({ id: e.id, title: e.title, content: e.content })) } }
        : {}),
    }));
  return { data, locale: used };
}
