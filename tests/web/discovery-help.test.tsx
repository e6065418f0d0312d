import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import AboutUsPage from '../../web/src/features/content/AboutUsPage';
import ContentPage from '../../web/src/features/content/ContentPage';
import HelpPage from '../../web/src/features/help/HelpPage';
import { filterFaq, type FaqGroup } from '../../web/src/features/help/faq';
import { givenSession, renderAt, setupDomTests, stubFetch } from './helpers';

setupDomTests();

const fresh = (ui: ReactElement) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>;

const GROUPS: FaqGroup[] = [
  {
    id: 1,
    title: 'Booking a private chef',
    entries: {
      data: [
        { id: 11, title: 'How does booking a private chef work?', content: 'Pick a menu, then **book** it.' },
        { id: 12, title: 'How many guests can I book for?', content: 'From 2 to 100.' },
      ],
    },
  },
  {
    id: 2,
    title: 'Payments and cancellation',
    entries: {
      data: [
        { id: 21, title: 'What is the cancellation policy?', content: 'Free until 14 days before. See the [FAQ](/help).' },
        { id: 22, title: 'When am I charged?', content: 'When the chef accepts.' },
      ],
    },
  },
  { id: 3, title: 'Empty topic', entries: { data: [] } },
];

describe('FAQ search', () => {
  it('filters entry titles case-insensitively and hides groups left empty', () => {
    const result = filterFaq(GROUPS, 'CANCEL');
    expect(result.map((g) => g.title)).toEqual(['Payments and cancellation']);
    expect(result[0]!.entries!.data.map((e) => e.id)).toEqual([21]);
    expect(filterFaq(GROUPS, 'book').map((g) => g.entries!.data.map((e) => e.id))).toEqual([[11, 12]]);
    expect(filterFaq(GROUPS, 'nothing like this')).toEqual([]);
  });

  it('shows every group with entries when the search is empty, and never a group without entries', () => {
    expect(filterFaq(GROUPS, '   ').map((g) => g.id)).toEqual([1, 2]);
  });

  it('matches only titles, not answers', () => {
    expect(filterFaq(GROUPS, 'accepts')).toEqual([]);
  });
});

describe('help page', () => {
  it('loads the topics for the locale, starts collapsed, expands entries with markdown, and searches', async () => {
    const { calls } = stubFetch({ '/v1/faq/topics': { body: { data: GROUPS } } });
    givenSession();
    renderAt('/help', fresh(<HelpPage />));
    expect(screen.getByRole('heading', { level: 1, name: 'Help & FAQ' })).toBeTruthy();
    await screen.findAllByTestId('faq-group');
    expect(calls[0]!.url).toBe('/v1/faq/topics?locale=en&resolve=entries');
    expect(screen.getAllByTestId('faq-group').map((g) => within(g).getByRole('heading', { level: 2 }).textContent)).toEqual(['Booking a private chef', 'Payments and cancellation']);

    const question = screen.getByRole('button', { name: 'How does booking a private chef work?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('book')).toBeNull();
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('book').tagName).toBe('STRONG');

    await act(async () => {
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'WHEN am' } });
    });
    const groups = screen.getAllByTestId('faq-group');
    expect(groups).toHaveLength(1);
    expect(within(groups[0]!).getAllByTestId('faq-entry').map((e) => e.textContent)).toEqual(['When am I charged?']);

    await act(async () => {
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    });
    expect(screen.queryAllByTestId('faq-group')).toHaveLength(0);
    expect(screen.getByText('No question matches "zzz".')).toBeTruthy();
  });

  it('shows an error with a retry when the topics cannot be loaded', async () => {
    stubFetch({ '/v1/faq/topics': { status: 500, body: { message: 'boom', code: 'INTERNAL' } } });
    givenSession();
    renderAt('/help', fresh(<HelpPage />));
    expect(await screen.findByText("We couldn't load the questions.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('content pages', () => {
  const page = { url: 'contact', title: 'Contact', content: '## We are here to help\n\nWrite to [us](mailto:hello@example.com).', locale: 'en', updated_at: '2026-01-05T10:00:00.000Z' };

  it('render /page/:pageUrl from GET /v1/pages/{url} as markdown', async () => {
    const { calls } = stubFetch({ '/v1/pages/contact': { body: { data: page } } });
    givenSession();
    renderAt('/page/contact', fresh(<ContentPage params={{ pageUrl: 'contact' }} />));
    expect(await screen.findByRole('heading', { level: 2, name: 'We are here to help' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contact');
    expect(screen.getByRole('link', { name: 'us' }).getAttribute('href')).toBe('mailto:hello@example.com');
    expect(calls[0]!.url).toBe('/v1/pages/contact?locale=en');
  });

  it('render /aboutus from the aboutus page and say when a page does not exist', async () => {
    const { calls } = stubFetch({ '/v1/pages/aboutus': { body: { data: { ...page, url: 'aboutus', title: 'About us' } } } });
    givenSession();
    renderAt('/aboutus', fresh(<AboutUsPage />));
    await screen.findByRole('heading', { level: 2, name: 'We are here to help' });
    expect(calls[0]!.url).toBe('/v1/pages/aboutus?locale=en');
  });

  it('show the 404 page with its seed texts for a page that does not exist', async () => {
    stubFetch({});
    givenSession();
    renderAt('/page/nope', fresh(<ContentPage params={{ pageUrl: 'nope' }} />));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('Oops, the recipe for this page is missing!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/page/contact');
    expect(document.title).toMatch(/^Page not found/);
  });
});
