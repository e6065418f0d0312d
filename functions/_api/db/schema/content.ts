// Editorial content per locale: FAQ topics with entries, content pages, and newsletter subscribers.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id, instant, updatedAt } from './columns';

export const faqTopics = sqliteTable(
  'faq_topics',
  {
    id: id(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('faq_topics_locale').on(t.locale, t.position)],
);

export const faqEntries = sqliteTable(
  'faq_entries',
  {
    id: id(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => faqTopics.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Markdown. */
    content: text('content').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('faq_entries_topic').on(t.topicId, t.position)],
);

export const contentPages = sqliteTable(
  'content_pages',
  {
    id: id(),
    /** contact | jobs | foodsafety | termsconditions | privacypolicy | legalnotice | aboutus */
    url: text('url').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    /** Markdown. */
    content: text('content').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('content_pages_url_locale').on(t.url, t.locale)],
);

export const newsletterSubscribers = sqliteTable(
  'newsletter_subscribers',
  {
    id: id(),
    email: text('email').notNull(),
    locale: text('locale').notNull().default('en'),
    createdAt: createdAt(),
    unsubscribedAt: instant('unsubscribed_at'),
  },
  (t) => [uniqueIndex('newsletter_email').on(t.email)],
);
