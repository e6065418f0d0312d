import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../web/src/app/App';
import { fetchSession, SESSION_PATH } from '../../web/src/state/session';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();

describe('404 page', () => {
  it('shows "Page not found" with the missing-recipe line and links home and to support', async () => {
    stubFetch({});
    givenSession();
    renderAt('/no/such/page', <App />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('Oops, the recipe for this page is missing!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/page/contact');
    await waitFor(() => expect(document.title).toBe('Page not found | YourLocalChef'));
  });
});

describe('route guard in the app', () => {
  it('sends a prelaunch visitor from home to /become-a-chef', async () => {
    givenSession(sessionResponse({}, { launch_mode: 'prelaunch' }));
    const { location } = renderAt('/', <App />);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/become-a-chef'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cook for guests in your region – on your terms' })).toBeTruthy();
    expect(screen.getByTestId('become-chef-cta').textContent).toBe('Apply as a chef');
  });

  it('treats a failed session fetch as prelaunch, not live: a visitor goes from home to /become-a-chef', async () => {
    const { fetchMock } = stubFetch({ [SESSION_PATH]: { status: 503, body: { message: 'Unavailable', code: 'CONFIG_INCOMPLETE' } } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { location } = renderAt('/', <App />);
    await act(() => fetchSession());
    expect(fetchMock.mock.calls.some(([url]) => String(url) === SESSION_PATH)).toBe(true);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/become-a-chef'));
  });

  it('sends a live visitor from an account page to sign-in, keeping the target', async () => {
    givenSession(sessionResponse({}, { launch_mode: 'live' }));
    const { location } = renderAt('/account/me/menumanagement', <App />);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login?return=%2Faccount%2Fme%2Fmenumanagement'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });

  it('shows a signed-in chef their menu management screen', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 7, uri: 'anna-muster-1', status: 1, is_public: false } } }) }));
    renderAt('/account/me/menumanagement', <App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Menu management' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Chef area' })).toBeTruthy();
  });

  it('redirects /ylcadmin to the admin home for super-users and shows the admin navigation', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_su: true }) }));
    const { location } = renderAt('/ylcadmin', <App />);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/ylcadmin/home'));
    expect(await screen.findByRole('navigation', { name: 'Admin sections' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('waits for the session before showing account pages', async () => {
    renderAt('/account/me', <App />);
    await act(async () => {});
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
  });
});

describe('header', () => {
  it('offers help, become a chef, sign in and sign up to visitors', async () => {
    stubFetch({ '/v1/menus/featured': { body: { data: [] } } });
    givenSession();
    renderAt('/', <App />);
    const nav = await screen.findAllByRole('navigation', { name: 'Main' });
    expect(nav.length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]!.getAttribute('href')).toBe('/login');
    expect(screen.getAllByRole('link', { name: 'Sign up' })[0]!.getAttribute('href')).toBe('/register');
    expect(screen.getAllByRole('link', { name: 'Become a chef' }).length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('booking-bar').length).toBeGreaterThan(0);
  });

  it('hides become-a-chef for chefs and shows the user menu instead of sign-in', async () => {
    stubFetch({ '/v1/menus/featured': { body: { data: [] } } });
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 7, uri: 'anna-muster-1', status: 1, is_public: false } } }) }));
    renderAt('/help', <App />);
    await screen.findByRole('heading', { level: 1, name: 'Help & FAQ' });
    expect(screen.queryByTestId('become-chef-link')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('button', { name: /User menu/ }).getAttribute('aria-expanded')).toBe('false');
  });
});
