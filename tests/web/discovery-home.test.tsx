import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import NewsletterModal from '../../web/src/app/modals/NewsletterModal';
import { Carousel, CAROUSEL_STEP_PX } from '../../web/src/components/Carousel';
import { DROPDOWN_HIDE_DELAY_MS } from '../../web/src/components/outside-press';
import { POPOVER_DISPOSE_MS, POPOVER_DISTANCE_PX, TOOLTIP_HIDE_DELAY_MS, TOOLTIP_SHOW_DELAY_MS, Tooltip } from '../../web/src/components/Popover';
import HomePage, { headlineWords, ROTATE_MS } from '../../web/src/features/home/HomePage';
import MenusNearMePage from '../../web/src/features/discovery/MenusNearMePage';
import { describedText } from './chef-fixtures';
import { ensureAreaTexts, setLocale, t } from '../../web/src/lib/i18n';
import { preferences } from '../../web/src/state/preferences';
import { ui } from '../../web/src/state/ui';
import { givenSession, renderAt, sessionResponse, setupDomTests, stubFetch } from './helpers';

setupDomTests();

const fresh = (ui: ReactElement) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>;

describe('home page', () => {
  it('rotates the headline word of the locale', async () => {
    stubFetch({ '/v1/menus/featured': { body: { data: [] } } });
    givenSession();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt('/', fresh(<HomePage />));
    expect(screen.getByTestId('hero-word').textContent).toBe('Cook');
    await act(async () => {
      vi.advanceTimersByTime(ROTATE_MS);
    });
    expect(screen.getByTestId('hero-word').textContent).toBe('Chef');
    vi.useRealTimers();
  });

  it('has German, Swiss German, French and Italian headline words', async () => {
    const words: Record<string, string[]> = {};
    for (const locale of ['de', 'de-ch', 'fr', 'it'] as const) {
      await setLocale(locale);
      words[locale] = headlineWords(t('home.hero.words'));
    }
    await setLocale('en');
    expect(words.de).toEqual(['Chef', 'Privatkoch', 'Störkoch']);
    expect(words['de-ch']).toEqual(['Chef', 'Privatkoch', 'Störkoch']);
    expect(words.fr!.length).toBeGreaterThan(1);
    expect(words.it!.length).toBeGreaterThan(1);
    expect(headlineWords(t('home.hero.words'))).toEqual(['Cook', 'Chef']);
  });

  it('shows the tiers, the inspiration carousel with every event, the everything-to-know and company blocks and the payment logos', async () => {
    stubFetch({ '/v1/menus/featured': { body: { data: [] } } });
    givenSession();
    renderAt('/', fresh(<HomePage />));
    const tiers = await screen.findByTestId('home-tiers');
    const pro = within(within(tiers).getByTestId('tier-pro'));
    expect(pro.getByRole('heading', { level: 3 }).textContent).toBe('Professional');
    expect(pro.getByTestId('chef-badge').textContent).toBe('PRO');
    expect(pro.getByText(/Can serve up to 20 people/).textContent).toContain('(included)');
    expect(pro.getByText(/Certified/).textContent).toContain('(not included)');
    for (const tier of ['chef', 'pro', 'signature']) {
      expect(within(within(tiers).getByTestId(`tier-${tier}`)).getByText(/Support from 7 to 7/).textContent).toContain('(included)');
    }
    const chefTier = within(within(tiers).getByTestId('tier-chef'));
    expect(chefTier.getByText(/Approved by our team/).textContent).toContain('(not included)');
    const signature = within(within(tiers).getByTestId('tier-signature'));
    for (const feature of [/Professionally trained/, /Approved by our team/, /Certified/, /Can serve up to 20 people/]) expect(signature.getByText(feature).textContent).toContain('(included)');

    const cards = screen.getAllByTestId('inspiration-card').map((c) => within(c).getByRole('heading', { level: 3 }).textContent);
    expect(cards).toEqual(['Birthdays', 'Anniversaries', 'Holiday gatherings', 'Graduations', 'Family reunions', 'Dinner parties', 'Baby showers', 'Engagement parties', 'Retirement', 'Housewarming', 'Friendsgiving']);
    expect(screen.getByRole('heading', { level: 2, name: 'Everything you need to know' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Made in Zürich, cooked near you' })).toBeTruthy();
    expect(screen.getAllByTestId('payment-logo').map((l) => l.getAttribute('aria-label'))).toEqual(['Mastercard', 'Visa', 'Apple Pay', 'TWINT']);
    expect(document.querySelectorAll('img[src^="http"]')).toHaveLength(0);

    fireEvent.click(within(screen.getAllByTestId('inspiration-card')[0]!).getByRole('button', { name: 'Find a chef' }));
    expect(ui.modal?.name).toBe('booking-search');
  });
});

describe('carousel', () => {
  it('scrolls 320 px per click', () => {
    render(
      <Carousel label="Ideas">
        <p>one</p>
        <p>two</p>
      </Carousel>,
    );
    const scroller = screen.getByTestId('carousel-scroller');
    const scrollBy = vi.fn();
    Object.assign(scroller, { scrollBy });
    Object.defineProperty(scroller, 'scrollWidth', { value: 2000, configurable: true });
    Object.defineProperty(scroller, 'clientWidth', { value: 600, configurable: true });
    fireEvent.scroll(scroller);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll forward' }));
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: CAROUSEL_STEP_PX }));
    expect(CAROUSEL_STEP_PX).toBe(320);
    scroller.scrollLeft = 320;
    fireEvent.scroll(scroller);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll back' }));
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: -320 }));
    expect(screen.getByRole('region', { name: 'Ideas' })).toBeTruthy();
  });
});

describe('seed timing constants', () => {
  it('are the seed’s: tooltip 200/0 ms, dropdown hide 400 ms, popover dispose 150 ms at 5 px', () => {
    expect([TOOLTIP_SHOW_DELAY_MS, TOOLTIP_HIDE_DELAY_MS, DROPDOWN_HIDE_DELAY_MS, POPOVER_DISPOSE_MS, POPOVER_DISTANCE_PX]).toEqual([200, 0, 400, 150, 5]);
  });

  it('shows a tooltip 200 ms after hover and hides it at once', async () => {
    vi.useFakeTimers();
    render(<Tooltip text="What PRO means">PRO</Tooltip>);
    const tip = screen.getByRole('tooltip', { hidden: true });
    const trigger = screen.getByText('PRO').closest('[aria-describedby]')!;
    fireEvent.mouseEnter(trigger);
    act(() => vi.advanceTimersByTime(199));
    expect(tip.className).toContain('hidden');
    act(() => vi.advanceTimersByTime(1));
    expect(tip.className).toContain('block');
    fireEvent.mouseLeave(trigger);
    expect(tip.className).toContain('hidden');
    vi.useRealTimers();
  });
});

describe('newsletter dialog', () => {
  // The dialog's chunk comes with the area texts (the schema's messages among them), as in ModalHost.
  beforeAll(() => ensureAreaTexts());

  it('sends only a non-empty e-mail, with the bot-check token, and shows the server message', async () => {
    const { calls } = stubFetch({ '/v1/newsletter/register': { body: { message: 'Thanks, you are subscribed.' } } });
    givenSession();
    const onClose = vi.fn();
    render(<NewsletterModal onClose={onClose} />);
    const submit = screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: '   ' } });
    fireEvent.submit(screen.getByTestId('newsletter-form'));
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'lea@example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ email: 'lea@example.com', 'cf-turnstile-response': '' });
    expect(ui.notifications.at(-1)).toMatchObject({ title: 'Newsletter', message: 'Thanks, you are subscribed.', type: 'success' });
  });

  it('falls back to a default "registered" text and shows the server message on failure', async () => {
    stubFetch({ '/v1/newsletter/register': { body: {} } });
    givenSession();
    render(<NewsletterModal onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'lea@example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    });
    await waitFor(() => expect(ui.notifications.at(-1)).toMatchObject({ title: 'Newsletter', message: 'Almost done! Please confirm your subscription with the link we have sent you by e-mail.', type: 'success' }));

    const idle = () => waitFor(() => expect(screen.getByTestId('newsletter-submit').getAttribute('aria-busy')).toBeNull());
    await idle();
    const refused = stubFetch({ '/v1/newsletter/register': { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { email: ['This e-mail address cannot receive mail.'] } } } });
    const email = screen.getByLabelText('E-mail address');
    // The shared schema refuses what the server would, before anything is sent: the message at the field, the focus on it.
    fireEvent.change(email, { target: { value: 'nope' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    });
    expect(describedText(email)).toBe('Please enter a valid e-mail address.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(refused.calls).toHaveLength(0);

    // The server's field error at the field, with the focus on it, and its message in the notification.
    fireEvent.change(email, { target: { value: 'nope@example.com' } });
    (screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).focus();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    });
    await waitFor(() => expect(ui.notifications.at(-1)).toMatchObject({ title: 'Newsletter', message: 'Please check the highlighted fields.', type: 'error' }));
    expect(describedText(email)).toBe('This e-mail address cannot receive mail.');
    expect(document.activeElement).toBe(email);
    expect(refused.calls).toHaveLength(1);

    // A refusal the form knows by its code reads in the visitor's language, at the field it names.
    await idle();
    stubFetch({ '/v1/newsletter/register': { status: 429, body: { message: 'Sent already.', code: 'CONFIRMATION_ALREADY_SENT', errors: { email: ['Sent already.'] } } } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    });
    const already = 'We have already sent this address a confirmation link. Please look for it in your inbox.';
    await waitFor(() => expect(ui.notifications.at(-1)).toMatchObject({ title: 'Newsletter', message: already, type: 'error' }));
    expect(describedText(email)).toBe(already);

    await idle();
    stubFetch({ '/v1/newsletter/register': { status: 502, body: '' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    });
    await waitFor(() => expect(ui.notifications.at(-1)).toMatchObject({ title: 'Newsletter', message: 'The sign-up did not work. Please try again later.', type: 'error' }));
  });

  it('renders the Turnstile widget when a site key is configured', () => {
    givenSession(sessionResponse({}, { turnstile_site_key: '1x00000000000000000000AA' }));
    stubFetch({});
    // The loader adds Cloudflare's script; keep it from loading in the test DOM.
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => node);
    render(<NewsletterModal onClose={() => undefined} />);
    expect(screen.getByTestId('newsletter-turnstile')).toBeTruthy();
  });
});

describe('currency switch', () => {
  it('refetches menus near me in the new currency without a reload', async () => {
    const { calls } = stubFetch({ '/v1/menus/near/2657896': { body: { data: [], total_count: 0, filter_count: 0, filters: {} } } });
    givenSession();
    renderAt('/menus/nearme/2657896', fresh(<MenusNearMePage params={{ regionId: '2657896' }} />));
    await screen.findByTestId('no-chef-in-region');
    expect(new Headers(calls.at(-1)!.init.headers).get('x-currency')).toBe('CHF');
    await act(async () => {
      preferences.currency = 'EUR';
    });
    await waitFor(() => expect(new Headers(calls.at(-1)!.init.headers).get('x-currency')).toBe('EUR'));
    preferences.currency = 'CHF';
  });
});
