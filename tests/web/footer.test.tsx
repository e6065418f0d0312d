import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '../../web/src/app/layout/Footer';
import { givenSession, renderAt, sessionResponse, setupDomTests } from './helpers';

setupDomTests();

const footerLinks = () => within(screen.getByTestId('site-footer')).queryAllByRole('link');
const linkNames = () => footerLinks().map((a) => a.textContent?.trim() || a.getAttribute('aria-label'));

describe('Footer', () => {
  it('without early_access shows no home link, no job offers and no social links', () => {
    givenSession(sessionResponse({ early_access: false }));
    renderAt('/', <Footer />);

    expect(linkNames()).toEqual(['Become a chef', 'Contact', 'Help', 'About us', 'Food safety', 'Terms and conditions', 'Privacy policy', 'Imprint']);
    expect(screen.queryByRole('link', { name: 'Home' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Job offers' })).toBeNull();
    expect(screen.queryByRole('link', { name: /YourLocalChef on/ })).toBeNull();
  });

  it('with early_access adds home, job offers and the five social links', () => {
    givenSession(sessionResponse({ early_access: true }));
    renderAt('/', <Footer />);

    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Job offers' }).getAttribute('href')).toBe('/page/jobs');
    for (const network of ['TikTok', 'Facebook', 'Instagram', 'X', 'Bluesky']) {
      const link = screen.getByRole('link', { name: `YourLocalChef on ${network}` });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('links support and legal pages to their content pages', () => {
    givenSession();
    renderAt('/', <Footer />);
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Contact')).toBe('/page/contact');
    expect(href('Help')).toBe('/help');
    expect(href('About us')).toBe('/aboutus');
    expect(href('Food safety')).toBe('/page/foodsafety');
    expect(href('Terms and conditions')).toBe('/page/termsconditions');
    expect(href('Privacy policy')).toBe('/page/privacypolicy');
    expect(href('Imprint')).toBe('/page/legalnotice');
  });

  it('offers the newsletter sign-up and shows the copyright line with the current year', () => {
    givenSession();
    renderAt('/', <Footer />);
    expect(screen.getByRole('button', { name: 'Subscribe to the newsletter' })).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} YourLocalChef GmbH`)).toBeTruthy();
  });
});

describe('the admin console', () => {
  it('drops the consumer footer on every admin route', async () => {
    const { ROUTES } = await import('../../web/src/lib/routes');
    const admin = ROUTES.filter((r) => r.name.startsWith('ylcadmin.'));
    expect(admin.length).toBeGreaterThan(10);
    expect(admin.filter((r) => !r.flags?.hideFooter).map((r) => r.name)).toEqual([]);
  });
});
