// FAQ topics with entries and the content pages, in every locale (de-ch derived from de).
import type { DB } from '../../functions/_api/db/client';
import { contentPages, faqEntries, faqTopics } from '../../functions/_api/db/schema/content';
import type { Locale } from '#shared/locales';
import { de } from './content/de';
import { en } from './content/en';
import { fr } from './content/fr';
import { it } from './content/it';
import { PAGE_URLS, type LocaleContent } from './content/types';
import { deCh } from './text';
import type { BatchItem } from './util';

function swiss(content: LocaleContent): LocaleContent {
  return {
    faq: content.faq.map((t) => ({
      title: deCh(t.title),
      entries: t.entries.map((e) => ({ title: deCh(e.title), content: deCh(e.content) })),
    })),
    pages: Object.fromEntries(
      PAGE_URLS.map((url) => [url, { title: deCh(content.pages[url].title), content: deCh(content.pages[url].content) }]),
    ) as LocaleContent['pages'],
  };
}

export const CONTENT: Record<Locale, LocaleContent> = { de, 'de-ch': swiss(de), en, fr, it };

/**
 * Consecutive plain lines (addresses, the legal notice's facts) are meant as separate lines: end them with two
 * spaces, Markdown's hard line break, so every renderer keeps them apart. Lists and headings are left alone.
 */
export function hardBreaks(md: string): string {
  const lines = md.split('\n');
  const structural = (line: string) => /^(\s*([-*+]\s|\d+\.\s|#|>|\|)|\s*$)/.test(line);
  return lines.map((line, i) => (i + 1 < lines.length && !structural(line) && !structural(lines[i + 1]!) ? `${line}  ` : line)).join('\n');
}

/**
 * Statements inserting the FAQ and the pages. Topic ids are given explicitly (from `firstTopicId`) so entries can
 * reference them inside the same batch.
 */
export function editorialStatements(db: DB, firstTopicId: number, now: Date): BatchItem[] {
  const topics: { id: number; locale: string; title: string; position: number }[] = [];
  const entries: { topicId: number; title: string; content: string; position: number }[] = [];
  const pages: { url: string; locale: string; title: string; content: string; updatedAt: Date }[] = [];
  let topicId = firstTopicId;
  for (const [locale, content] of Object.entries(CONTENT)) {
    content.faq.forEach((topic, i) => {
      const id = topicId++;
      topics.push({ id, locale, title: topic.title, position: i + 1 });
      topic.entries.forEach((e, j) => entries.push({ topicId: id, title: e.title, content: hardBreaks(e.content), position: j + 1 }));
    });
    for (const url of PAGE_URLS) pages.push({ url, locale, title: content.pages[url].title, content: hardBreaks(content.pages[url].content), updatedAt: now });
  }
  return [
    db.insert(faqTopics).values(topics),
    db.insert(faqEntries).values(entries),
    db.insert(contentPages).values(pages).onConflictDoNothing(),
  ];
}
