import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageHead } from '../../web/src/lib/head';
import { alternateLinks } from '../../web/src/lib/head-tags';
import { givenSession, renderAt, setupDomTests } from './helpers';

setupDomTests();

function Page() {
  usePageHead({ title: 'Help & FAQ', description: 'Answers to common questions' });
  return <h1>Help</h1>;
}

describe('page head', () => {
  it("builds hreflang alternates (BCP 47) for every locale with the seed's ?locale=de_DE spelling, plus x-default without the parameter", () => {
    expect(alternateLinks('https://example.com/chefs/anna-1?locale=fr&x=1#top')).toEqual([
      { hreflang: 'de-DE', href: 'https://example.com/chefs/anna-1?locale=de_DE&x=1' },
      { hreflang: 'de-CH', href: 'https://example.com/chefs/anna-1?locale=de_CH&x=1' },
      { hreflang: 'en-US', href: 'https://example.com/chefs/anna-1?locale=en_US&x=1' },
      { hreflang: 'fr-FR', href: 'https://example.com/chefs/anna-1?locale=fr_FR&x=1' },
      { hreflang: 'it-IT', href: 'https://example.com/chefs/anna-1?locale=it_IT&x=1' },
      { hreflang: 'x-default', href: 'https://example.com/chefs/anna-1?x=1' },
    ]);
  });

  it('sets title with the translated suffix, description, og tags and alternates', async () => {
    givenSession();
    renderAt('/help', <Page />);
    await screen.findByRole('heading', { name: 'Help' });
    await waitFor(() => expect(document.title).toBe('Help & FAQ | YourLocalChef'));
    const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content;
    expect(meta('meta[name="description"]')).toBe('Answers to common questions');
    expect(meta('meta[property="og:title"]')).toBe('Help & FAQ');
    expect(meta('meta[property="og:site_name"]')).toBe('YourLocalChef');
    const hreflangs = Array.from(document.head.querySelectorAll('link[rel="alternate"]')).map((l) => l.getAttribute('hreflang'));
    expect(hreflangs).toEqual(['de-DE', 'de-CH', 'en-US', 'fr-FR', 'it-IT', 'x-default']);
  });
});
