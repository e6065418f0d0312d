// FAQ data (GET /v1/faq/topics?locale=&resolve=entries, seed §3 "FAQ group") and the search of the help page.
import { client, type Answer } from '../../lib/client';

const topics = client.faq.topics;
export type FaqGroup = Answer<typeof topics.$get>['data'][number];
export type FaqEntry = NonNullable<FaqGroup['entries']>['data'][number];

export const faqPath = (locale: string) => topics.$path({ query: { locale, resolve: 'entries' } });

/**
 * Seed §2: the search box filters entry titles case-insensitively and hides groups left without entries. Groups
 * without any entry are never shown.
 */
export function filterFaq(groups: readonly FaqGroup[], query: string, locale?: string): FaqGroup[] {
  const needle = query.trim().toLocaleLowerCase(locale);
  return groups
    .map((group) => {
      const entries = group.entries?.data ?? [];
      const matching = needle ? entries.filter((entry) => entry.title.toLocaleLowerCase(locale).includes(needle)) : entries;
      return { ...group, entries: { data: matching } };
    })
    .filter((group) => group.entries.data.length > 0);
}
