import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import BookingBar from '../../web/src/app/layout/BookingBar';
import BookingSearchModal, { BOOKING_SECTIONS, initialStep, searchTarget } from '../../web/src/app/modals/BookingSearchModal';
import { geolocationErrorKey } from '../../web/src/components/RegionSelector';
import { localDay, zonedTime } from '#shared/event-time';
import { bookingWindow } from '../../web/src/lib/booking-window';
import { booking, defaultBookingSettings, updateBooking } from '../../web/src/state/booking';
import { ui } from '../../web/src/state/ui';
import { givenSession, renderAt, setupDomTests, stubFetch } from './helpers';
import { DAY } from '#shared/time';

setupDomTests();

const zurich = { id: 2657896, name: 'Zürich', zip: '8001', state: 'ZH', country_code: 'CH' };
const basel = { id: 2661604, name: 'Basel', zip: '4001', state: 'BS', country_code: 'CH' };
/** Three days from now at 19:00 in Zürich (the market's zone): always inside the booking window. */
const soon = () => zonedTime(localDay(Date.now() + 3 * DAY, 'Europe/Zurich'), 19, 0, 'Europe/Zurich').toISOString();

beforeEach(() => {
  updateBooking(defaultBookingSettings());
  givenSession();
});

const section = (name: string) => screen.getByTestId(`section-${name}`);
const isOpen = (name: string) => section(name).getAttribute('data-state') === 'open';
const continueButton = (name: string) => within(section(name)).getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

function openModal() {
  const onClose = vi.fn();
  const view = renderAt('/', <BookingSearchModal onClose={onClose} />);
  return { ...view, onClose };
}

describe('booking search modal', () => {
  it('shows the four sections in order: what, guests, region, date and time', () => {
    openModal();
    const dialog = screen.getByRole('dialog', { name: 'Find a chef' });
    const titles = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((h) => within(h).getByRole('button').querySelector('span span')?.textContent);
    expect(titles).toEqual(['Where is the event?', 'How many guests?', 'Where?', 'Date and time']);
    expect(BOOKING_SECTIONS).toEqual(['type', 'guests', 'region', 'date']);
  });

  it('starts an empty search at the first section and walks through every section with continue', async () => {
    stubFetch({ '/v1/locations/regions': { body: { data: [zurich, basel] } } });
    openModal();
    expect(isOpen('type')).toBe(true);
    expect(['guests', 'region', 'date'].map(isOpen)).toEqual([false, false, false]);
    expect(screen.queryByTestId('booking-search-find')).toBeNull();

    // What: the chef's place.
    fireEvent.click(screen.getByRole('radio', { name: /At the chef's place/ }));
    expect(booking.at_chefs_place).toBe(true);
    await waitFor(() => expect((screen.getByRole('radio', { name: /At the chef's place/ }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(continueButton('type'));
    expect(isOpen('guests')).toBe(true);
    expect(isOpen('type')).toBe(false);

    // Guests: continue works with a valid count.
    expect(continueButton('guests').disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '6' }));
    expect(booking.expected_guests).toBe(6);
    fireEvent.click(continueButton('guests'));

    // Region: continue is disabled until a region is chosen.
    expect(isOpen('region')).toBe(true);
    expect(continueButton('region').disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '8001' } });
    const option = await screen.findByRole('option', { name: /8001 Zürich/ });
    fireEvent.click(option);
    expect(booking.region).toEqual(zurich);
    await waitFor(() => expect(continueButton('region').disabled).toBe(false));
    fireEvent.click(continueButton('region'));

    // Date: continue is disabled until a date is chosen.
    expect(isOpen('date')).toBe(true);
    expect(continueButton('date').disabled).toBe(true);
    await act(async () => {
      updateBooking({ date: soon() });
    });
    expect(continueButton('date').disabled).toBe(false);
    fireEvent.click(continueButton('date'));

    // All closed: the final button shows and is enabled.
    expect(BOOKING_SECTIONS.map(isOpen)).toEqual([false, false, false, false]);
    const find = screen.getByTestId('booking-search-find') as HTMLButtonElement;
    expect(find.disabled).toBe(false);
  });

  it('keeps guest continue disabled while the count is empty or out of range', () => {
    openModal();
    fireEvent.click(within(section('guests')).getByRole('button', { name: /How many guests/ }));
    expect(isOpen('guests')).toBe(true);
    expect(isOpen('type')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '10+' }));
    const input = screen.getByLabelText('Number of guests');
    fireEvent.change(input, { target: { value: '' } });
    expect(continueButton('guests').disabled).toBe(true);
    fireEvent.change(input, { target: { value: '150' } });
    expect(continueButton('guests').disabled).toBe(true);
    expect(screen.getByText('For more than 100 guests, please contact us.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '24' } });
    expect(continueButton('guests').disabled).toBe(false);
    expect(booking.expected_guests).toBe(24);
    fireEvent.change(input, { target: { value: '1' } });
    expect(screen.getByText('At least 2 guests')).toBeTruthy();
    expect(continueButton('guests').disabled).toBe(true);
    expect(booking.expected_guests).toBe(24); // only valid counts reach the settings
  });

  it('shows the final button once every section is closed, disabled without a region or a date', async () => {
    openModal();
    for (const name of BOOKING_SECTIONS) {
      if (!isOpen(name)) fireEvent.click(within(section(name)).getAllByRole('button')[0]!);
      if (name === 'region' || name === 'date') continue; // cannot continue without a value
      fireEvent.click(continueButton(name));
    }
    expect(screen.queryByTestId('booking-search-find')).toBeNull(); // the date section is still open
    await act(async () => updateBooking({ date: soon() }));
    fireEvent.click(continueButton('date'));
    const find = screen.getByTestId('booking-search-find') as HTMLButtonElement;
    expect(find.disabled).toBe(true); // no region
    expect(screen.getByTestId('booking-search-hint').textContent).toBe('Choose a region and a date to search.');
    await act(async () => updateBooking({ region: zurich }));
    expect((screen.getByTestId('booking-search-find') as HTMLButtonElement).disabled).toBe(false);
    await act(async () => updateBooking({ date: null }));
    expect((screen.getByTestId('booking-search-find') as HTMLButtonElement).disabled).toBe(true);
  });

  it('starts closed for a restored search with region and date, and finds chefs at the chosen place', () => {
    updateBooking({ region: zurich, date: soon(), expected_guests: 8, at_chefs_place: false });
    const { location, onClose } = openModal();
    expect(BOOKING_SECTIONS.map(isOpen)).toEqual([false, false, false, false]);
    expect(within(section('region')).getByTestId('section-region-summary').textContent).toBe('8001 Zürich');
    expect(within(section('guests')).getByTestId('section-guests-summary').textContent).toBe('8 guests');
    fireEvent.click(screen.getByTestId('booking-search-find'));
    expect(onClose).toHaveBeenCalled();
    expect(location.history?.at(-1)).toBe('/menus/nearme/2657896');
  });

  it('puts the focus on the first field when it opens, not on the close button', () => {
    openModal();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /At my place/ }));
    expect(within(section('type')).getByRole('radio', { name: /At my place/ }).contains(document.activeElement)).toBe(true);
  });

  it('puts the focus on the first section’s edit button when a restored search opens closed', () => {
    updateBooking({ region: zurich, date: soon(), at_chefs_place: true });
    openModal();
    expect(document.activeElement).toBe(within(section('type')).getAllByRole('button')[0]);
    expect(document.activeElement?.textContent).toContain('Where is the event?');
  });

  it('reopens any section from its header', () => {
    updateBooking({ region: zurich, date: soon() });
    openModal();
    fireEvent.click(within(section('region')).getAllByRole('button')[0]!);
    expect(isOpen('region')).toBe(true);
    expect(screen.queryByTestId('booking-search-find')).toBeNull();
  });

  it('decides the first step and the target from the settings', () => {
    const now = new Date(2026, 5, 10, 9, 0);
    const { earliest } = bookingWindow(now);
    expect(initialStep({ region: zurich, date: earliest.toISOString() }, now)).toBe('closed');
    expect(initialStep({ region: zurich, date: null }, now)).toBe('type');
    expect(initialStep({ region: null, date: earliest.toISOString() }, now)).toBe('type');
    // A restored date that has passed no longer counts.
    expect(initialStep({ region: zurich, date: new Date(2026, 5, 9, 19).toISOString() }, now)).toBe('type');
    expect(searchTarget({ region: zurich, at_chefs_place: false })).toBe('/menus/nearme/2657896');
    expect(searchTarget({ region: zurich, at_chefs_place: true })).toBe('/menus/nearme/2657896?at_chefs_place=1');
    expect(searchTarget({ region: null, at_chefs_place: true })).toBeNull();
  });
});

describe('region selector geolocation', () => {
  function stubGeolocation(impl: (success: PositionCallback, failure: PositionErrorCallback) => void) {
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: impl } });
  }

  it.each([
    [1, 'You denied access to your location. Allow it in your browser settings or search by postal code.'],
    [2, 'Your location is currently unavailable.'],
    [3, 'Finding your location took too long. Please try again.'],
    [99, 'Your location could not be determined.'],
  ])('shows "Could not fetch location" for error code %i', async (code, message) => {
    stubGeolocation((_ok, fail) => fail({ code, message: 'x', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError));
    updateBooking({ region: null });
    openModal();
    fireEvent.click(within(section('region')).getAllByRole('button')[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(ui.notifications).toHaveLength(1));
    expect(ui.notifications[0]).toMatchObject({ title: 'Could not fetch location', message, type: 'error' });
  });

  it('maps the error codes to the seed keys', () => {
    expect([1, 2, 3, undefined].map(geolocationErrorKey)).toEqual([
      'regionselector.deniedaccess',
      'regionselector.locationunavailable',
      'regionselector.timedout',
      'regionselector.unknownerror',
    ]);
  });

  it('takes the first region near the position', async () => {
    const { calls } = stubFetch({ '/v1/locations/regions': { body: { data: [zurich, basel] } } });
    stubGeolocation((ok) => ok({ coords: { latitude: 47.3769, longitude: 8.5417 } } as GeolocationPosition));
    openModal();
    fireEvent.click(within(section('region')).getAllByRole('button')[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(booking.region).toEqual(zurich));
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/v1/locations/regions');
    expect(Object.fromEntries(url.searchParams)).toEqual({ lat: '47.376900', lon: '8.541700', limit: '10' });
  });

  it('hides the location button when the browser has no geolocation', () => {
    const { geolocation: _omit, ...rest } = navigator as Navigator & { geolocation?: unknown };
    vi.stubGlobal('navigator', rest);
    openModal();
    fireEvent.click(within(section('region')).getAllByRole('button')[0]!);
    expect(screen.queryByRole('button', { name: 'Use my location' })).toBeNull();
  });

  it('searches regions with the typed text and a limit of 10', async () => {
    const { calls } = stubFetch({ '/v1/locations/regions': { body: { data: [zurich] } } });
    openModal();
    fireEvent.click(within(section('region')).getAllByRole('button')[0]!);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'Zür' } });
    await screen.findByRole('option', { name: /Zürich/ });
    expect(calls).toHaveLength(1); // debounced: one request
    expect(calls[0]!.url).toBe('/v1/locations/regions?text=Z%C3%BCr&limit=10');
  });
});

describe('booking bar', () => {
  it('shows placeholders, and its search button opens the booking search while no region is set', () => {
    renderAt('/', <BookingBar />);
    expect(screen.getByTestId('booking-bar-region').textContent).toBe('Where?');
    expect(screen.getByTestId('booking-bar-date').textContent).toBe('When?');
    expect(screen.getByTestId('booking-bar-guests').textContent).toBe('2 guests');
    fireEvent.click(screen.getByRole('button', { name: 'Search chefs' }));
    expect(ui.modal?.name).toBe('booking-search');
  });

  it('shows zip and name, date and guests, and searches at the chef’s place or the customer’s', async () => {
    const date = soon();
    updateBooking({ region: zurich, date, expected_guests: 12, at_chefs_place: true });
    const { location } = renderAt('/', <BookingBar />);
    expect(screen.getByTestId('booking-bar-region').textContent).toBe('8001 Zürich');
    // The search's time is Zürich's, named when the device's clock differs; never cut off (it used to end "11/28/20…").
    expect(screen.getByTestId('booking-bar-date').textContent).toMatch(/^\d{2}\/\d{2} 19:00( \(Zurich\))?$/);
    expect(screen.getByTestId('booking-bar-date').getAttribute('title')).toMatch(/^\d{2}\/\d{2}\/\d{4} 19:00(, Zurich time)?$/);
    expect(screen.getByTestId('booking-bar-date').className).toContain('whitespace-nowrap');
    expect(screen.getByTestId('booking-bar-date').className).not.toContain('truncate');
    expect(screen.getByTestId('booking-bar-guests').textContent).toBe('12 guests');
    fireEvent.click(screen.getByRole('button', { name: 'Search chefs' }));
    expect(location.history?.at(-1)).toBe('/menus/nearme/2657896?at_chefs_place=1');
    await act(async () => updateBooking({ at_chefs_place: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Search chefs' }));
    expect(location.history?.at(-1)).toBe('/menus/nearme/2657896');
    fireEvent.click(screen.getByTestId('booking-bar-open'));
    expect(ui.modal?.name).toBe('booking-search');
  });
});
