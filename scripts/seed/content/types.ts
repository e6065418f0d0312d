// Shape of the editorial content seeded per locale, and the (fictional) company details the texts use.

export const PAGE_URLS = ['contact', 'jobs', 'foodsafety', 'termsconditions', 'privacypolicy', 'legalnotice', 'aboutus'] as const;
export type PageUrl = (typeof PAGE_URLS)[number];

export type FaqTopic = { title: string; entries: { title: string; content: string }[] };
export type Page = { title: string; content: string };
export type LocaleContent = { faq: FaqTopic[]; pages: Record<PageUrl, Page> };

export const COMPANY = {
  name: 'YourLocalChef GmbH',
  street: 'Seefeldstrasse 88',
  zipCity: '8008 Zürich',
  uid: 'CHE-493.118.270',
  register: 'Handelsregister des Kantons Zürich',
  director: 'Martina Keller',
  email: 'hello@yourlocalchef.ch',
  chefsEmail: 'chefs@yourlocalchef.ch',
  privacyEmail: 'privacy@yourlocalchef.ch',
  jobsEmail: 'jobs@yourlocalchef.ch',
  pressEmail: 'press@yourlocalchef.ch',
} as const;
