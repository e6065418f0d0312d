// The chef's location form (chef area and the application's location step): the shared schema and the step's own
// needs are checked before anything is sent, the server's refusals show at the field that caused them with the focus
// there, and a save sends the address, region and radius, then the places served.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocationForm } from '../../web/src/features/chef-area/LocationForm';
import { describedText, givenChef, ownProfile, press, renderFresh, setupChefTests, stubApi, type } from './chef-fixtures';

setupChefTests();

const ZURICH = { id: 2657896, name: 'Zürich', zip: '8001', state: 'ZH', country_code: 'CH' };
const places = [
  { ...ZURICH, distance_km: 0 },
  { id: 2658822, name: 'Winterthur', zip: '8400', state: 'ZH', country_code: 'CH', distance_km: 20.4 },
];
const derived = { body: { data: places, distance_method: 'straight_line', travel_radius_km: 30, truncated: false } };

async function openForm(routes: Parameters<typeof stubApi>[0] = {}) {
  givenChef();
  const api = stubApi({ 'POST /v1/chefs/me/regions/derive': derived, ...routes });
  renderFresh('/account/me/location', <LocationForm chef={ownProfile()} />);
  const form = await screen.findByTestId('location-form');
  await waitFor(() => expect(within(form).getByTestId('regions-count').textContent).toBe('2 places within 30 km'));
  return { api, form };
}

describe('the location form', () => {
  it('asks for the address at its field, with the focus there, before sending anything', async () => {
    const { api, form } = await openForm();
    const address = within(form).getByLabelText('Your address');
    await type(address, '   ');
    await press(form, 'Save');
    expect(describedText(address)).toContain('Please enter your address.');
    expect(document.activeElement).toBe(address);
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('shows the server’s refusal of the home region at the region search, with the focus there', async () => {
    const { api, form } = await openForm({
      'PUT /v1/chefs/me': { status: 400, body: { message: 'Please check your input.', code: 'VALIDATION_FAILED', errors: { home_region_id: ['This region does not exist.'] } } },
    });
    await press(form, 'Save');
    const search = within(form).getByTestId('region-input');
    await waitFor(() => expect(describedText(search)).toContain('This region does not exist.'));
    expect(search.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(search);
    expect(api.sent('PUT', '/v1/chefs/me')[0]!.body).toEqual({ address: 'Bahnhofstrasse 1, 8001 Zürich', home_region_id: ZURICH.id, travel_radius_km: 30 });
    expect(api.sent('PUT', '/v1/chefs/me/regions')).toHaveLength(0);
    // Shown once, at its field.
    expect(form.textContent!.split('This region does not exist.')).toHaveLength(2);
  });

  it('saves the address, region and radius, then the places served, and says how many', async () => {
    const { api, form } = await openForm({
      'PUT /v1/chefs/me': { body: { data: ownProfile() } },
      'PUT /v1/chefs/me/regions': { body: { data: places } },
    });
    await type(within(form).getByLabelText('Your address'), '  Seestrasse 5, 8002 Zürich ');
    await press(form, 'Save');
    expect(await within(form).findByText('Saved. You serve 2 places.')).toBeTruthy();
    expect(api.sent('PUT', '/v1/chefs/me')[0]!.body).toEqual({ address: 'Seestrasse 5, 8002 Zürich', home_region_id: ZURICH.id, travel_radius_km: 30 });
    expect(api.sent('PUT', '/v1/chefs/me/regions')[0]!.body).toEqual({ regions: places.map((p) => p.id) });
  });
});
