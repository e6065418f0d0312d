// Admin catalogue screens: the image queue (pending first, owner and uses, approve and hide, the refusal shown on the
// picture it concerns, filters in the URL), the popular cities (add with checks before sending, the server's field
// errors, edit and remove) and the lists (five names per entry, usage, no delete while in use, retire and restore).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdminImagesPage, { type AdminImage } from '../../web/src/features/admin/AdminImagesPage';
import type { AdminListItem } from '../../web/src/features/admin/AdminListsEditor';
import AdminListsPage from '../../web/src/features/admin/AdminListsPage';
import AdminLocationsPage, { type AdminCity } from '../../web/src/features/admin/AdminLocationsPage';
import { setLocale } from '../../web/src/lib/i18n';
import { ui } from '../../web/src/state/ui';
import { describedText, press, renderFresh, setupChefTests, stubApi, type } from './chef-fixtures';
import { expectFooter, filteredEnvelope } from './helpers';

setupChefTests();

const envelope = <T,>(data: T[]) => ({ data, total_count: data.length, filter_count: data.length });

describe('images', () => {
  const REASON = 'The picture shows a phone number.';
  const image = (over: Partial<AdminImage> = {}): AdminImage => ({
    id: 5,
    kind: 'menu',
    status: 'pending',
    content_type: 'image/jpeg',
    stacks: ['t512_1x1'],
    thumbnail_url: '/v1/admin/images/5/file/t512_1x1',
    url: { t512_1x1: '/v1/admin/images/5/file/t512_1x1' },
    created_at: '2026-05-01T10:00:00.000Z',
    moderated_at: null,
    moderated_by: null,
    owner: { id: 9, firstname: 'Pia', lastname: 'Koch', email: 'pia@example.com' },
    uses: [
      { type: 'menu', id: 41, label: 'Autumn in Ticino', chef_uri: 'pia-koch-3', status: 'published' },
      { type: 'avatar', id: 9, label: 'Pia Koch' },
    ],
    ...over,
  });

  it('shows the waiting pictures with owner, thumbnail and where each is used', async () => {
    const api = stubApi({ '/v1/admin/images': { body: envelope([image(), image({ id: 6, kind: 'avatar', uses: [] })]) } });
    renderFresh('/ylcadmin/images', <AdminImagesPage />);
    const card = await screen.findByTestId('image-5');
    expect(api.calls[0]!.url).toContain('status=pending');
    expect(within(card).getByRole('img').getAttribute('src')).toBe('/v1/admin/images/5/file/t512_1x1');
    expect(within(card).getByTestId('image-status').textContent).toBe('Waiting');
    expect(within(card).getByRole('link', { name: 'Pia Koch' }).getAttribute('href')).toBe('/ylcadmin/users/9');
    expect(within(card).getByRole('link', { name: 'Menu: Autumn in Ticino' }).getAttribute('href')).toBe('/chefs/pia-koch-3/menu/41');
    expect(within(card).getByRole('link', { name: 'Profile picture of: Pia Koch' })).toBeTruthy();
    expect(within(screen.getByTestId('image-6')).getByText('Not used anywhere yet.')).toBeTruthy();
  });

  it('approves and hides, refetching the queue; a refusal shows on that picture', async () => {
    let status: AdminImage['status'] = 'pending';
    const api = stubApi({
      '/v1/admin/images': () => ({ body: envelope([image({ status })]) }),
      'POST /v1/admin/images/5/approve': () => {
        status = 'approved';
        return { body: { message: 'The image was approved.', data: image({ status }) } };
      },
      'POST /v1/admin/images/5/hide': { status: 409, body: { message: 'This image was moderated by someone else in the meantime. Please reload.', code: 'IMAGE_CHANGED' } },
    });
    renderFresh('/ylcadmin/images?status=all', <AdminImagesPage />);
    const card = await screen.findByTestId('image-5');
    expect(api.calls[0]!.url).not.toContain('status=');
    await press(card, 'Approve');
    await waitFor(() => expect(within(screen.getByTestId('image-5')).getByTestId('image-status').textContent).toBe('Approved'));
    expect(api.sent('POST', '/v1/admin/images/5/approve')).toHaveLength(1);
    expect(ui.notifications.at(-1)?.title).toBe('The picture was approved.');
    await waitFor(() => expect(within(screen.getByTestId('image-5')).getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true));

    await press(screen.getByTestId('image-5'), 'Hide');
    const dialog = await screen.findByRole('dialog', { name: 'Hide picture 5?' });
    await type(within(dialog).getByLabelText('Reason'), REASON);
    await press(dialog, 'Hide picture');
    expect((await within(dialog).findByRole('alert')).textContent).toContain('moderated by someone else');
    expect(api.sent('POST', '/v1/admin/images/5/hide')[0]!.body).toEqual({ reason: REASON });
  });

  it('hides only with a reason for the owner, checked before sending, and says the owner was told', async () => {
    let status: AdminImage['status'] = 'pending';
    const api = stubApi({
      '/v1/admin/images': () => ({ body: envelope([image({ status })]) }),
      'POST /v1/admin/images/5/hide': () => {
        status = 'hidden';
        return { body: { message: 'The image was hidden.', data: image({ status }) } };
      },
    });
    renderFresh('/ylcadmin/images?status=all', <AdminImagesPage />);
    await press(await screen.findByTestId('image-5'), 'Hide');
    const dialog = await screen.findByRole('dialog', { name: 'Hide picture 5?' });
    expect(dialog.textContent).toContain('Its owner is told why, in the app and by mail.');
    await type(within(dialog).getByLabelText('Reason'), '   ');
    await press(dialog, 'Hide picture');
    expect(describedText(within(dialog).getByLabelText('Reason'))).toContain('Please give the reason. The owner of the picture reads it.');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Reason'));
    expect(api.sent('POST', '/v1/admin/images/5/hide')).toHaveLength(0);

    await type(within(dialog).getByLabelText('Reason'), `  ${REASON} `);
    await press(dialog, 'Hide picture');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', '/v1/admin/images/5/hide')[0]!.body).toEqual({ reason: REASON });
    expect(ui.notifications.at(-1)?.title).toBe('The picture was hidden. The placeholder now shows instead, and its owner was told why.');
    await waitFor(() => expect(within(screen.getByTestId('image-5')).getByTestId('image-status').textContent).toBe('Hidden'));
  });

  it('shows the server’s refusal of the reason at the field, in the admin’s language from its key, with the focus there', async () => {
    await setLocale('de');
    try {
      const english = 'Please give the reason. The owner of the picture reads it.';
      const api = stubApi({
        '/v1/admin/images': { body: envelope([image()]) },
        'POST /v1/admin/images/5/hide': { status: 400, body: { message: english, code: 'VALIDATION_FAILED', errors: { reason: [english] }, error_keys: { reason: [{ key: 'validation.admin.hidereason' }] } } },
      });
      renderFresh('/ylcadmin/images', <AdminImagesPage />);
      await press(await screen.findByTestId('image-5'), 'Ausblenden');
      const dialog = await screen.findByRole('dialog', { name: 'Bild 5 ausblenden?' });
      const reason = within(dialog).getByLabelText('Grund');
      await type(reason, REASON);
      await press(dialog, 'Bild ausblenden');
      await waitFor(() => expect(describedText(reason)).toContain('Bitte gib die Begründung an. Die Person, der das Bild gehört, liest sie.'));
      expect(document.activeElement).toBe(reason);
      expect(within(dialog).queryByTestId('hide-error')).toBeNull();
      expect(api.sent('POST', '/v1/admin/images/5/hide')).toHaveLength(1);
    } finally {
      await setLocale('en');
    }
  });

  it('keeps the picture when the dialog is left without hiding', async () => {
    const api = stubApi({ '/v1/admin/images': { body: envelope([image()]) } });
    renderFresh('/ylcadmin/images', <AdminImagesPage />);
    await press(await screen.findByTestId('image-5'), 'Hide');
    await press(await screen.findByRole('dialog'), 'Keep it');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST', '/v1/admin/images/5/hide')).toHaveLength(0);
  });

  it('filters by status and kind through the URL, with an empty state', async () => {
    const api = stubApi({ '/v1/admin/images': { body: envelope([]) } });
    const { location } = renderFresh('/ylcadmin/images', <AdminImagesPage />);
    expect(await screen.findByText('No pictures are waiting. Everything has been looked at.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Hidden' }));
    });
    await type(screen.getByLabelText('Kind'), 'city');
    await waitFor(() => expect(api.calls.at(-1)!.url).toMatch(/status=hidden.*kind=city|kind=city.*status=hidden/));
    expect(location.history?.at(-1)).toContain('status=hidden');
    expect(await screen.findByText('No pictures here.')).toBeTruthy();
  });

  it('pages by the pictures of the chosen status, not by all pictures', async () => {
    stubApi({ '/v1/admin/images': { body: filteredEnvelope([image(), image({ id: 6 })], 2, 61) } });
    renderFresh('/ylcadmin/images', <AdminImagesPage />);
    await expectFooter(document.body, { range: '1–2 of 2 (61 in all)', pages: [] });
  });

  it('shows an error with a retry when the queue cannot load', async () => {
    stubApi({ '/v1/admin/images': { status: 500, body: { message: 'boom', code: 'INTERNAL_ERROR' } } });
    renderFresh('/ylcadmin/images', <AdminImagesPage />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('popular cities', () => {
  const region = { id: 2657896, name: 'Zürich', zip: '8001', state: 'ZH', country_code: 'CH' };
  const city = (over: Partial<AdminCity> = {}): AdminCity => ({
    id: 3,
    display_name: 'Zürich',
    position: 1,
    region_id: region.id,
    region: { data: region },
    image_id: 12,
    image: { id: 12, url: { t1024_2x1: '/v1/images/12/t1024_2x1' } },
    image_admin: { id: 12, status: 'approved', thumbnail_url: '/v1/admin/images/12/file/t512_2x1', url: { t1024_2x1: '/v1/admin/images/12/file/t1024_2x1', t512_2x1: '/v1/admin/images/12/file/t512_2x1' } },
    ...over,
  });

  it('lists the cities and adds one: checks before sending, then the server’s field errors, then saves', async () => {
    let attempts = 0;
    const api = stubApi({
      '/v1/admin/locations': { body: envelope([city()]) },
      '/v1/locations/regions': { body: { data: [{ id: 2661552, name: 'Bern', zip: '3011', state: 'BE', country_code: 'CH' }] } },
      'POST /v1/admin/locations': () =>
        ++attempts === 1
          ? { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { display_name: ['This name is taken.'] } } }
          : { status: 201, body: { message: 'The city was added.', data: city({ id: 4, display_name: 'Bern' }) } },
    });
    renderFresh('/ylcadmin/locations', <AdminLocationsPage />);
    const card = await screen.findByTestId('city-3');
    expect(within(card).getByText('Links to 8001 Zürich (CH)')).toBeTruthy();
    expect(within(card).getByRole('img').getAttribute('src')).toBe('/v1/admin/images/12/file/t512_2x1');

    await press(document.body, 'Add a city');
    const form = await screen.findByTestId('city-form');
    expect((within(form).getByLabelText('Position') as HTMLInputElement).value).toBe('2');
    await press(document.body, 'Save city');
    expect(form.textContent).toContain('Choose the place this city links to.');
    expect(form.textContent).toContain('Please enter the name to show.');
    expect(api.sent('POST', '/v1/admin/locations')).toHaveLength(0);

    await type(within(form).getByRole('combobox'), 'Ber');
    const option = await screen.findByRole('option', { name: /Bern/ });
    await act(async () => {
      fireEvent.click(option);
    });
    expect((within(form).getByLabelText('Name shown') as HTMLInputElement).value).toBe('Bern');
    await press(document.body, 'Save city');
    await waitFor(() => expect(form.textContent).toContain('This name is taken.'));
    expect(api.sent('POST', '/v1/admin/locations')[0]!.body).toEqual({ region_id: 2661552, display_name: 'Bern', image_id: null, position: 2 });

    await type(within(form).getByLabelText('Name shown'), 'Bern (BE)');
    await press(document.body, 'Save city');
    await waitFor(() => expect(screen.queryByTestId('city-form')).toBeNull());
    expect(api.sent('POST', '/v1/admin/locations')[1]!.body).toMatchObject({ display_name: 'Bern (BE)' });
    expect(ui.notifications.at(-1)?.title).toBe('The city was saved.');
  });

  it('edits a city with its current values, and removes one after confirming', async () => {
    const api = stubApi({
      '/v1/admin/locations': { body: envelope([city()]) },
      'PUT /v1/admin/locations/3': { body: { message: 'The city was saved.', data: city({ position: 4 }) } },
      'DELETE /v1/admin/locations/3': { body: { message: 'The city was removed.' } },
    });
    renderFresh('/ylcadmin/locations', <AdminLocationsPage />);
    const card = await screen.findByTestId('city-3');
    await press(card, 'Edit');
    const form = await screen.findByTestId('city-form');
    expect(within(form).getByAltText('Picture of the city').getAttribute('src')).toBe('/v1/admin/images/12/file/t1024_2x1');
    await type(within(form).getByLabelText('Position'), '4');
    await press(document.body, 'Remove picture');
    await press(document.body, 'Save city');
    await waitFor(() => expect(api.sent('PUT', '/v1/admin/locations/3')).toHaveLength(1));
    expect(api.sent('PUT', '/v1/admin/locations/3')[0]!.body).toEqual({ region_id: region.id, display_name: 'Zürich', image_id: null, position: 4 });

    await press(await screen.findByTestId('city-3'), 'Remove');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Remove Zürich?');
    await press(dialog, 'Remove');
    await waitFor(() => expect(api.sent('DELETE', '/v1/admin/locations/3')).toHaveLength(1));
  });
});

describe('lists', () => {
  const NAMES = { de: 'Vegetarisch', 'de-ch': 'Vegetarisch', en: 'Vegetarian', fr: 'Végétarien', it: 'Vegetariano' };
  const item = (over: Partial<AdminListItem> = {}): AdminListItem => ({
    id: 21,
    kind: 'diet',
    key: 'vegetarian',
    names: NAMES,
    position: 0,
    retired_at: null,
    usage: { menus: 3, chefs: 0, courses: 0, bookings: 2 },
    in_use: true,
    ...over,
  });

  it('shows a list with names and usage; an entry in use cannot be deleted but can be retired and restored', async () => {
    let retired: string | null = null;
    const api = stubApi({
      '/v1/admin/lists': () => ({ body: envelope([item({ retired_at: retired }), item({ id: 22, key: 'vegan', names: { ...NAMES, en: 'Vegan' }, usage: { menus: 0, chefs: 0, courses: 0, bookings: 0 }, in_use: false })]) }),
      'POST /v1/admin/lists/21/retire': () => {
        retired = '2026-06-01T10:00:00.000Z';
        return { body: { message: 'ok', data: item({ retired_at: retired }) } };
      },
      'POST /v1/admin/lists/21/restore': () => {
        retired = null;
        return { body: { message: 'ok', data: item() } };
      },
    });
    renderFresh('/ylcadmin/lists?kind=diet', <AdminListsPage />);
    const row = await screen.findByTestId('list-item-vegetarian');
    expect(api.calls[0]!.url).toContain('kind=diet');
    expect(screen.getByRole('tab', { name: 'Diets' }).getAttribute('aria-selected')).toBe('true');
    expect(within(row).getByText('Vegetarian')).toBeTruthy();
    expect(row.textContent).toContain('fr: Végétarien');
    expect(within(row).getByTestId('list-usage').textContent).toBe('Used by: menus 3 · bookings 2');
    expect(within(row).getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
    expect(within(screen.getByTestId('list-item-vegan')).getByTestId('list-usage').textContent).toBe('Not used yet.');
    expect(within(screen.getByTestId('list-item-vegan')).getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false);

    await press(row, 'Retire');
    await waitFor(() => expect(within(screen.getByTestId('list-item-vegetarian')).getByText('Retired')).toBeTruthy());
    expect(ui.notifications.at(-1)?.title).toBe('Vegetarian is retired and no longer offered.');
    await press(screen.getByTestId('list-item-vegetarian'), 'Offer again');
    await waitFor(() => expect(within(screen.getByTestId('list-item-vegetarian')).queryByText('Retired')).toBeNull());
    expect(api.sent('POST', '/v1/admin/lists/21/restore')).toHaveLength(1);
  });

  it('pages by the entries of the chosen kind, not by all entries', async () => {
    stubApi({ '/v1/admin/lists': { body: filteredEnvelope([item()], 1, 45) } });
    renderFresh('/ylcadmin/lists?kind=diet', <AdminListsPage />);
    await expectFooter(document.body, { range: '1–1 of 1 (45 in all)', pages: [] });
  });

  it('adds an entry: every locale needs a name before sending, and a taken key shows at the key', async () => {
    const api = stubApi({
      '/v1/admin/lists': { body: envelope([item({ kind: 'cuisine', key: 'swiss', position: 4 })]) },
      'POST /v1/admin/lists': { status: 409, body: { message: 'This key is already used by another cuisine.', code: 'LIST_KEY_TAKEN', errors: { key: ['This key is already used by another cuisine.'] } } },
    });
    renderFresh('/ylcadmin/lists', <AdminListsPage />);
    await screen.findByTestId('list-item-swiss');
    await press(document.body, 'Add to Cuisines');
    const form = await screen.findByTestId('list-form');
    expect((within(form).getByLabelText('Position') as HTMLInputElement).value).toBe('5');
    await type(within(form).getByLabelText('Key'), 'peruvian');
    await type(within(form).getByLabelText('Name in English'), 'Peruvian');
    await press(document.body, 'Save');
    expect(form.textContent).toContain('Please enter the French name.');
    expect(form.textContent).toContain('Please enter the Swiss German name.');
    expect(api.sent('POST', '/v1/admin/lists')).toHaveLength(0);

    for (const [label, value] of [
      ['Name in Deutsch', 'Peruanisch'],
      ['Name in Deutsch (Schweiz)', 'Peruanisch'],
      ['Name in Français', 'Péruvienne'],
      ['Name in Italiano', 'Peruviana'],
    ] as const) {
      await type(within(form).getByLabelText(label), value);
    }
    await press(document.body, 'Save');
    await waitFor(() => expect(form.textContent).toContain('This key is already used by another cuisine.'));
    expect(api.sent('POST', '/v1/admin/lists')[0]!.body).toEqual({
      kind: 'cuisine',
      key: 'peruvian',
      names: { de: 'Peruanisch', 'de-ch': 'Peruanisch', en: 'Peruvian', fr: 'Péruvienne', it: 'Peruviana' },
      position: 5,
    });
  });

  it('says in German at each name what is missing, lands on the first, and shows a failure without fields under the form', async () => {
    await setLocale('de');
    try {
      const api = stubApi({
        '/v1/admin/lists': { body: envelope([item({ kind: 'cuisine', key: 'swiss', position: 4 })]) },
        'POST /v1/admin/lists': { status: 503, body: { message: 'Der Dienst ist gerade nicht erreichbar.', code: 'UNAVAILABLE', errors: {} } },
      });
      renderFresh('/ylcadmin/lists', <AdminListsPage />);
      await screen.findByTestId('list-item-swiss');
      await press(document.body, 'Zu Küchen hinzufügen');
      const form = await screen.findByTestId('list-form');
      await type(within(form).getByLabelText('Schlüssel'), 'peruvian');
      await type(within(form).getByLabelText('Name auf English'), 'Peruvian');
      await press(document.body, 'Speichern');
      const german = within(form).getByLabelText('Name auf Deutsch');
      expect(describedText(german)).toContain('Bitte gib den deutschen Namen ein.');
      expect(describedText(within(form).getByLabelText('Name auf Italiano'))).toContain('Bitte gib den italienischen Namen ein.');
      expect(document.activeElement).toBe(german);
      expect(api.sent('POST', '/v1/admin/lists')).toHaveLength(0);

      for (const label of ['Name auf Deutsch', 'Name auf Deutsch (Schweiz)', 'Name auf Français', 'Name auf Italiano']) await type(within(form).getByLabelText(label), 'Peruanisch');
      await press(document.body, 'Speichern');
      await waitFor(() => expect(within(form).getByTestId('list-form-error').textContent).toBe('Der Dienst ist gerade nicht erreichbar.'));
      expect(api.sent('POST', '/v1/admin/lists')).toHaveLength(1);
      expect(form.querySelector('[aria-invalid="true"]')).toBeNull();
    } finally {
      await setLocale('en');
    }
  });
});
