// The menu editor: the shared schema's verdict shown next to each field, the server's `errors` keys (courses.0.name)
// placed on the same fields, courses added, removed and reordered, and publishing that says what is missing.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MenuEditor } from '../../web/src/features/chef-area/MenuEditor';
import { ProfileForm } from '../../web/src/features/chef-area/ProfileForm';
import { draftFromMenu, moveItem, toMenuBody } from '../../web/src/features/chef-area/menuForm';
import { moneyInputValue, parseMoneyInput } from '../../web/src/lib/money-input';
import { describedText, givenChef, ownMenu, ownProfile, press, renderFresh, setupChefTests, stubApi, type, VOCABULARY, vocabularyRoutes } from './chef-fixtures';

setupChefTests();

const courseNames = () => screen.getAllByTestId('course').map((c) => (within(c).getByLabelText('Name of the dish') as HTMLInputElement).value);

describe('menu form', () => {
  it('turns typed prices into minor units and back', () => {
    expect(parseMoneyInput('85')).toBe(8500);
    expect(parseMoneyInput('85,5')).toBe(8550);
    expect(parseMoneyInput("1'200.00")).toBe(120000);
    expect(parseMoneyInput('12.345')).toBeNull();
    expect(parseMoneyInput('abc')).toBeNull();
    expect(moneyInputValue(8550)).toBe('85.50');
    expect(moneyInputValue(9500)).toBe('95');
  });

  it('round-trips a saved menu through the draft', () => {
    const menu = ownMenu({ price_tiers: [{ min_guests: 6, price_per_person: 8500 }] });
    const body = toMenuBody(draftFromMenu(menu));
    expect(body).toMatchObject({ name: menu.name, price_per_person: 9500, price_tiers: [{ min_guests: 6, price_per_person: 8500 }], min_guests: 2, max_guests: 12 });
    expect(body.courses.map((c) => c.name)).toEqual(['Chestnut soup', 'Risotto', 'Torta di pane']);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
  });
});

describe('menu editor', () => {
  it('shows the client check next to the fields and sends nothing while it fails', async () => {
    givenChef();
    const api = stubApi({ ...vocabularyRoutes });
    renderFresh('/account/me/menumanagement/new', <MenuEditor chef={ownProfile()} menu={null} />);
    await screen.findAllByRole('checkbox', { name: 'Gluten' });
    await press(document.body, 'Create menu');
    const name = screen.getByLabelText('Name of the menu');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(name)).toContain('The menu name must be at least 3 characters long.');
    const firstCourse = within(screen.getAllByTestId('course')[0]!).getByLabelText('Name of the dish');
    expect(describedText(firstCourse)).toContain('Please enter the course name.');
    // The schema checks cents; the chef typed francs, and reads francs.
    expect(describedText(screen.getByLabelText('Price per person'))).toContain('Enter a price per person between 10 and 1000.');
    expect(screen.queryByTestId('menu-editor-errors')).toBeNull();
    expect(api.sent('POST', '/v1/chefs/me/menus')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('tells the chef that contact details in the menu’s and courses’ names and descriptions are hidden from guests', async () => {
    givenChef();
    stubApi({ ...vocabularyRoutes });
    renderFresh('/account/me/menumanagement/41', <MenuEditor chef={ownProfile()} menu={ownMenu()} />);
    await screen.findAllByRole('checkbox', { name: 'Gluten' });
    const hint = 'Contact details in the menu’s and courses’ names and descriptions (phone numbers, e-mail addresses, numbers written out in words) are hidden from guests. You keep seeing what you wrote.';
    expect(describedText(screen.getByLabelText('Description'))).toContain(hint);
    expect(within(screen.getByTestId('menu-courses')).getAllByText(hint, { exact: false })).toHaveLength(1);
  });

  it('checks guests, places, course names and group prices as the server would, at their fields, with the focus on the first', async () => {
    givenChef();
    const menu = ownMenu({ price_tiers: [{ min_guests: 6, price_per_person: 20000 }] });
    const api = stubApi({
      ...vocabularyRoutes,
      'PUT /v1/chefs/me/menus/41': ({ body }) => ({ body: { data: { ...menu, ...(body as object) } } }),
      '/v1/chefs/me/menus': { body: { data: [] } },
    });
    renderFresh('/account/me/menumanagement/41', <MenuEditor chef={ownProfile()} menu={menu} />);
    await screen.findAllByRole('checkbox', { name: 'Gluten' });
    const secondCourse = within(screen.getAllByTestId('course')[1]!).getByLabelText('Name of the dish');
    await type(secondCourse, '   ');
    await type(screen.getByLabelText('Minimum guests'), '8');
    await type(screen.getByLabelText('Maximum guests'), '4');
    await act(async () => {
      fireEvent.click(screen.getByLabelText('At the customer’s place'));
    });
    await press(document.body, 'Save menu');

    const fieldError = (key: string) => document.querySelector(`[data-field-error="${key}"]`)?.textContent;
    expect(fieldError('courses.1.name')).toBe('⚠Please enter the course name.');
    expect(fieldError('max_guests')).toBe('⚠The maximum guest count must not be below the minimum.');
    expect(fieldError('at_customer')).toBe('⚠Offer the menu at the customer’s place, at yours, or both.');
    expect(fieldError('price_tiers')).toContain('Each price tier must be lower than the price per person.');
    expect(api.sent('PUT', '/v1/chefs/me/menus/41')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(secondCourse));

    await type(secondCourse, 'Risotto');
    await type(screen.getByLabelText('Minimum guests'), '2');
    await type(screen.getByLabelText('Maximum guests'), '12');
    await act(async () => {
      fireEvent.click(screen.getByLabelText('At the customer’s place'));
    });
    await type(screen.getAllByLabelText('Price per person')[1]!, '85');
    await press(document.body, 'Save menu');
    expect(await screen.findByText('The menu was saved.')).toBeTruthy();
    expect(api.sent('PUT', '/v1/chefs/me/menus/41').map((c) => c.body)).toMatchObject([{ price_tiers: [{ min_guests: 6, price_per_person: 8500 }], min_guests: 2, max_guests: 12 }]);
  });

  it('shows the server’s error for a course name at that course, with the focus on it', async () => {
    givenChef();
    const api = stubApi({
      ...vocabularyRoutes,
      'PUT /v1/chefs/me/menus/41': {
        status: 400,
        body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { 'courses.2.name': ['The course name cannot contain a phone number.'] } },
      },
    });
    renderFresh('/account/me/menumanagement/41', <MenuEditor chef={ownProfile()} menu={ownMenu()} />);
    await screen.findAllByRole('checkbox', { name: 'Gluten' });
    await press(document.body, 'Save menu');
    const third = within(screen.getAllByTestId('course')[2]!).getByLabelText('Name of the dish');
    await waitFor(() => expect(document.activeElement).toBe(third));
    expect(third.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(third)).toContain('The course name cannot contain a phone number.');
    expect(describedText(within(screen.getAllByTestId('course')[0]!).getByLabelText('Name of the dish'))).not.toContain('phone number');
    // Placed at its field, the message is not repeated at the top.
    expect(screen.queryByTestId('menu-editor-errors')).toBeNull();
    expect(api.sent('PUT', '/v1/chefs/me/menus/41')).toHaveLength(1);
  });

  it('says at once which allergens contradict a diet, naming the courses', async () => {
    givenChef();
    stubApi({ '/v1/lists': { body: { data: { ...VOCABULARY.data, diet: [{ key: 'vegan', name: 'Vegan' }] } } } });
    renderFresh('/account/me/menumanagement/41', <MenuEditor chef={ownProfile()} menu={ownMenu()} />);
    const vegan = await screen.findByRole('checkbox', { name: 'Vegan' });
    const diets = vegan.closest('fieldset')!;
    expect(diets.getAttribute('aria-invalid')).toBeNull();
    await act(async () => {
      fireEvent.click(vegan);
    });
    expect(diets.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(diets)).toContain('A menu marked Vegan cannot contain Milk. Remove the diet, or these allergens from: Risotto.');
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: /Vegan/ }));
    });
    expect(describedText(diets)).not.toContain('cannot contain');
  });

  it('adds, removes and reorders courses', async () => {
    givenChef();
    stubApi({ ...vocabularyRoutes });
    renderFresh('/account/me/menumanagement/41', <MenuEditor chef={ownProfile()} menu={ownMenu()} />);
    expect(courseNames()).toEqual(['Chestnut soup', 'Risotto', 'Torta di pane']);

    await press(document.body, 'Add a course');
    expect(screen.getAllByTestId('course')).toHaveLength(4);
    const added = within(screen.getAllByTestId('course')[3]!).getByLabelText('Name of the dish');
    await waitFor(() => expect(document.activeElement).toBe(added));
    await type(added, 'Coffee and pralines');

    await press(document.body, 'Move course 4 up');
    expect(courseNames()).toEqual(['Chestnut soup', 'Risotto', 'Coffee and pralines', 'Torta di pane']);
    expect(screen.getByText('Course moved to position 3.')).toBeTruthy();

    await press(document.body, 'Remove course 1');
    expect(courseNames()).toEqual(['Risotto', 'Coffee and pralines', 'Torta di pane']);
    expect((screen.getByRole('button', { name: 'Move course 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('3 of at most 12 courses')).toBeTruthy();
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
  });

  it('places the server’s field errors next to their fields and saves the whole menu', async () => {
    givenChef();
    let attempt = 0;
    const api = stubApi({
      ...vocabularyRoutes,
      'PUT /v1/chefs/me/menus/41': () =>
        ++attempt === 1
          ? {
              status: 400,
              body: {
                message: 'Please check the highlighted fields.',
                code: 'VALIDATION_FAILED',
                errors: { 'courses.1.allergens': ['Unknown allergen "nuts".'], image_id: ['Choose one of your own pictures.'], currency: ['Your menus are priced in CHF.'] },
              },
            }
          : { body: { message: 'The menu was saved.', data: ownMenu({ name: 'Autumn in Ticino' }) } },
      '/v1/chefs/me/menus': { body: { data: [] } },
    });
    renderFresh('/account/me/menumanagement/41', <MenuEditor chef={ownProfile()} menu={ownMenu()} />);
    await screen.findAllByRole('checkbox', { name: 'Gluten' });
    await press(document.body, 'Save menu');
    await waitFor(() => expect(document.querySelector('[data-field-error="courses.1.allergens"]')?.textContent).toContain('Unknown allergen "nuts".'));
    expect(within(screen.getByTestId('menu-picture')).getByText('Choose one of your own pictures.')).toBeTruthy();
    // The picture comes first on the page: the picker has the focus, and its messages describe it.
    const picker = screen.getByTestId('menu-image-uploader').querySelector<HTMLInputElement>('input[type="file"]')!;
    await waitFor(() => expect(document.activeElement).toBe(picker));
    expect(describedText(picker)).toContain('Choose one of your own pictures.');
    // A key with no field of its own is listed at the top instead of being lost.
    expect(screen.getByTestId('menu-editor-errors').textContent).toContain('Your menus are priced in CHF.');

    await press(document.body, 'Save menu');
    expect(await screen.findByText('The menu was saved.')).toBeTruthy();
    const bodies = api.sent('PUT', '/v1/chefs/me/menus/41').map((c) => c.body as { courses: unknown[]; price_per_person: number });
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ name: 'Autumn in Ticino', price_per_person: 9500, booking_mode: 'request', at_customer: true });
    expect(bodies[1]!.courses).toHaveLength(3);
  });

  it('says what is missing when publishing is refused', async () => {
    givenChef();
    const api = stubApi({
      ...vocabularyRoutes,
      'POST /v1/chefs/me/menus/41/publish': {
        status: 409,
        body: { message: 'This menu cannot be published yet.', code: 'MENU_INCOMPLETE', errors: { image_id: ['Add a picture of the menu.'] }, missing: ['image'] },
      },
      '/v1/chefs/me/menus': { body: { data: [ownMenu()] } },
    });
    renderFresh('/account/me/menumanagement/41', <MenuEditor chef={ownProfile()} menu={ownMenu()} />);
    expect(within(screen.getByTestId('publish-checklist')).getByText('A picture of the menu.')).toBeTruthy();
    await press(document.body, 'Publish');
    expect(api.sent('POST', '/v1/chefs/me/menus/41/publish')).toHaveLength(1);
    expect((await screen.findByTestId('menu-editor-message')).textContent).toContain('This menu cannot be published yet. Still missing:');
    expect(within(screen.getByTestId('menu-picture')).getByText('Add a picture of the menu.')).toBeTruthy();
  });
});

describe('a picture waiting for moderation (issue 15 L4)', () => {
  const pendingMenu = () =>
    ownMenu({ image_id: 9, image: { data: { id: 9, url: { t512_2x1: '/v1/images/9/t512_2x1' } } }, image_status: 'pending', publish_missing: ['image_pending'] } as never);

  it('explains why guests do not see it yet and why the menu cannot be published', async () => {
    givenChef();
    const api = stubApi({
      ...vocabularyRoutes,
      'POST /v1/chefs/me/menus/41/publish': {
        status: 409,
        body: {
          message: 'This menu cannot be published yet.',
          code: 'MENU_INCOMPLETE',
          errors: { image_id: ['Your picture is waiting for review by our team. You can publish the menu once it is approved.'] },
          missing: ['image_pending'],
        },
      },
      '/v1/chefs/me/menus': { body: { data: [pendingMenu()] } },
    });
    renderFresh('/account/me/menumanagement/41', <MenuEditor chef={ownProfile()} menu={pendingMenu()} />);
    expect(screen.getByTestId('picture-pending').textContent).toBe('Waiting for review: our team checks every new picture before guests see it. Until then, guests see a placeholder.');
    expect(within(screen.getByTestId('publish-checklist')).getByText('The picture must first be approved by our team.')).toBeTruthy();
    await press(document.body, 'Publish');
    expect(api.sent('POST', '/v1/chefs/me/menus/41/publish')).toHaveLength(1);
    expect(await within(screen.getByTestId('menu-picture')).findByText('Your picture is waiting for review by our team. You can publish the menu once it is approved.')).toBeTruthy();
  });

  it('says nothing of the kind for an approved picture', () => {
    givenChef();
    stubApi({ ...vocabularyRoutes });
    const approved = ownMenu({ image_id: 9, image: { data: { id: 9, url: { t512_2x1: '/v1/images/9/t512_2x1' } } }, image_status: 'approved', publish_missing: [] } as never);
    renderFresh('/account/me/menumanagement/41', <MenuEditor chef={ownProfile()} menu={approved} />);
    expect(screen.queryByTestId('picture-pending')).toBeNull();
  });
});

describe('an avatar waiting for moderation (issue 15 L4)', () => {
  it('is explained under the profile picture', () => {
    givenChef();
    stubApi({ ...vocabularyRoutes });
    const pending = ownProfile({ avatar_image_id: 5, avatar: { data: { id: 5, url: { t256x256: '/v1/images/5/t256x256' } } }, avatar_status: 'pending' } as never);
    const { unmount } = renderFresh('/account/me/chefprofile', <ProfileForm chef={pending} />);
    expect(screen.getByTestId('avatar-pending').textContent).toBe('Waiting for review: our team checks every new picture before guests see it. Until then, guests see your initials.');
    unmount();
    renderFresh('/account/me/chefprofile', <ProfileForm chef={ownProfile({ avatar_image_id: 5, avatar: { data: { id: 5, url: { t256x256: '/v1/images/5/t256x256' } } }, avatar_status: 'approved' } as never)} />);
    expect(screen.queryByTestId('avatar-pending')).toBeNull();
  });
});

describe('menu list', () => {
  it('says what is missing when publishing is refused, told by the code and not the server’s words', async () => {
    givenChef();
    const { default: MenusPage } = await import('../../web/src/features/chef-area/MenusPage');
    const api = stubApi({
      '/v1/chefs/me': { body: { data: ownProfile() } },
      '/v1/chefs/me/menus': { body: { data: [ownMenu({ publish_missing: ['image'] })] } },
      'POST /v1/chefs/me/menus/41/publish': { status: 409, body: { message: 'Dieses Menü kann noch nicht veröffentlicht werden.', code: 'MENU_INCOMPLETE', errors: {}, missing: ['image'] } },
    });
    renderFresh('/account/me/menumanagement', <MenusPage />);
    const [row] = await screen.findAllByTestId('own-menu');
    await press(row!, 'Publish: Autumn in Ticino');
    expect(api.sent('POST', '/v1/chefs/me/menus/41/publish')).toHaveLength(1);
    const alert = await within(row!).findByRole('alert');
    expect(alert.textContent).toBe('This menu cannot be published yet. Still missing:A picture of the menu.');
  });

  it('lists menus with their status and archives a menu with bookings instead of deleting it', async () => {
    givenChef();
    const { default: MenusPage } = await import('../../web/src/features/chef-area/MenusPage');
    let deleted = false;
    const api = stubApi({
      '/v1/chefs/me': { body: { data: ownProfile() } },
      '/v1/chefs/me/menus': () => ({
        body: {
          data: [ownMenu({ status: 'published', publish_missing: [] }), ownMenu({ id: 42, name: 'Summer BBQ', booking_count: 2, status: deleted ? 'archived' : 'draft' })],
        },
      }),
      'DELETE /v1/chefs/me/menus/42': () => {
        deleted = true;
        return { body: { message: 'The menu has bookings, so it was archived instead of deleted.', data: { id: 42, deleted: false, archived: true } } };
      },
    });
    renderFresh('/account/me/menumanagement', <MenusPage />);
    const rows = await screen.findAllByTestId('own-menu');
    expect(rows.map((r) => within(r).getByTestId('menu-status').textContent)).toEqual(['Published', 'Draft']);
    expect(rows[0]!.textContent).toContain('per person · 2–12 guests · 3 courses');
    await press(rows[1]!, 'Delete: Summer BBQ');
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Summer BBQ”?' });
    expect(dialog.textContent).toContain('it will be archived instead');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });
    expect(api.sent('DELETE', '/v1/chefs/me/menus/42')).toHaveLength(1);
    expect((await screen.findByTestId('menus-notice')).textContent).toBe('“Summer BBQ” has bookings, so it was archived instead of deleted.');
    await waitFor(() => expect(within(screen.getAllByTestId('own-menu')[1]!).getByTestId('menu-status').textContent).toBe('Archived'));
  });
});
