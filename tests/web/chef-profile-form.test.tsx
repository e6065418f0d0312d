// The chef's public profile form on the one form layer (useSchemaForm): the shared schema's check before sending, the
// server's field errors at their fields with the focus on the first, and only the fields the form shows sent.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileForm } from '../../web/src/features/chef-area/ProfileForm';
import { describedText, givenChef, ownProfile, press, renderFresh, setupChefTests, stubApi, type, vocabularyRoutes } from './chef-fixtures';

setupChefTests();

const form = () => screen.getByTestId('profile-form');

describe('the chef’s profile form', () => {
  it('refuses years of experience that are not whole, at the field, and sends nothing', async () => {
    givenChef();
    const api = stubApi({ ...vocabularyRoutes });
    renderFresh('/account/me/chefprofile', <ProfileForm chef={ownProfile()} />);
    const years = screen.getByLabelText('Years of experience');
    await type(years, '2.5');
    await press(form(), 'Save');
    expect(years.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(years)).toContain('Years of experience must be a whole number.');
    await waitFor(() => expect(document.activeElement).toBe(years));
    expect(api.sent('PUT', '/v1/chefs/me')).toEqual([]);
  });

  it('shows the server’s error at the field that caused it, with the focus there, and saves once it is fixed', async () => {
    givenChef();
    let attempt = 0;
    const api = stubApi({
      ...vocabularyRoutes,
      'PUT /v1/chefs/me': ({ body }) =>
        ++attempt === 1
          ? { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { display_location: ['The location shown cannot contain a phone number.'] } } }
          : { body: { data: ownProfile(body as object) } },
      '/v1/chefs/me': { body: { data: ownProfile() } },
    });
    renderFresh('/account/me/chefprofile', <ProfileForm chef={ownProfile()} />);
    const place = screen.getByLabelText('Location shown on your profile');
    await type(place, 'Lugano 079 123 45 67');
    await type(screen.getByLabelText('Years of experience'), '12');
    await press(form(), 'Save');
    await waitFor(() => expect(document.activeElement).toBe(place));
    expect(place.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(place)).toContain('The location shown cannot contain a phone number.');
    expect(form().querySelector('[role="alert"]')).toBeNull();
    expect(api.sent('PUT', '/v1/chefs/me')[0]!.body).toMatchObject({ display_location: 'Lugano 079 123 45 67', experience_years: 12 });

    await type(place, 'Lugano');
    await press(form(), 'Save');
    expect(await screen.findByText('Your profile was saved.')).toBeTruthy();
    expect(place.getAttribute('aria-invalid')).toBeNull();
    expect(api.sent('PUT', '/v1/chefs/me')[1]!.body).toMatchObject({ display_location: 'Lugano', experience_years: 12 });
  });

  it('sends no shown location where the form does not show one (the application)', async () => {
    givenChef(0);
    const api = stubApi({ ...vocabularyRoutes, 'PUT /v1/chefs/me': ({ body }) => ({ body: { data: ownProfile(body as object) } }), '/v1/chefs/me': { body: { data: ownProfile() } } });
    renderFresh('/account/me/becomechef', <ProfileForm chef={ownProfile({ experience_years: 3 })} showDisplayLocation={false} />);
    await type(screen.getByLabelText('Years of experience'), '');
    await press(form(), 'Save');
    await screen.findByText('Your profile was saved.');
    const body = api.sent('PUT', '/v1/chefs/me')[0]!.body as Record<string, unknown>;
    expect(body.experience_years).toBeNull();
    expect('display_location' in body).toBe(false);
  });
});
