// Content pages (contact, jobs, food safety, terms, privacy, legal notice, about us) per locale, with fallback.
import { and, eq, inArray } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { contentPages } from '../../db/schema/content';
import { notFound } from '../../lib/errors';
import { DEFAULT_LOCALE, type Locale } from '#shared/locales';

/** Locales to try in order: the requested one, de for de-ch, then English. */
export function localeChain(locale: Locale): Locale[] {
  const chain: Locale[] = [locale];
  if (locale === 'de-ch') chain.push('de');
  if (!chain.includes(DEFAULT_LOCALE)) chain.push(DEFAULT_LOCALE);
  return chain;
}

/** The page in the best available locale; one statement fetches every candidate locale. */
export async function contentPage(db: DB, url: string, locale: Locale) {
  const chain = localeChain(locale);
  const rows = await db
    .select({ url: contentPages.url, locale: contentPages.locale, title: contentPages.title, content: contentPages.content, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .where(and(eq(contentPages.url, url), inArray(contentPages.locale, chain)));
  const page = chain.map((l) => rows.find((r) => r.locale === l)).find(Boolean);
  if (!page) throw notFound('Page not found.');
  return { url: page.url, title: page.title, content: page.content, locale: page.locale, updated_at: page.updatedAt.toISOString() };
}
