// The shared schemas' messages are i18n keys (shared/validation-messages.ts); the API still answers with the English
// texts the seed pins, whatever language the visitor asks for, parameters and field names filled in: one request per
// shared schema below.
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness';
import { signedUp, type Agent } from '../support/agent';
import { superUser } from '../support/admin-fixtures';
import { as, bookingCalls, newKey, requestBooking, world } from '../support/booking-fixtures';
import { activeChef, blob, menuInput, png, upload } from '../support/chef-fixtures';
import { ok, on, refused, typedClient, visitorClient, type ErrorBody } from '../support/typed-client';

const h = useHarness();

describe('validation messages from the API', () => {
  it('are the English texts for a German visitor, with their numbers', async () => {
    const auth = visitorClient(h).auth;
    const empty = await refused(auth.signup.$post({ json: { firstname: '', lastname: 'x'.repeat(101), email: 'no-address', password: 'short', cftoken: '' } }, { headers: { 'x-locale': 'de', 'accept-language': 'de-CH' } }));
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      firstname: ['Please enter your first name.'],
      lastname: ['Your last name can be at most 100 characters long.'],
      email: ['Please enter a valid e-mail address.'],
      password: ['Your password must be at least 8 characters long.'],
    });
    const missing = await refused(auth.signin.$post({ json: { identifier: ' ', secret: '' } }, { headers: { 'x-locale': 'fr' } }));
    expect(missing.body.errors).toEqual({ identifier: ['Please enter your email address'], secret: ['Please enter your password.'] });
  });

  it('name the phone and code problems in English', async () => {
    const { agent: a } = await signedUp(h);
    const auth = typedClient(a).auth;
    const wrongCountry = await refused(auth['send-verify'].mobile.$post({ json: { phone: '+49 170 1234567', country: 'CH' } }, { headers: { 'x-locale': 'it' } }));
    expect(wrongCountry.status).toBe(400);
    expect(wrongCountry.body.errors).toEqual({ phone: ['This is not a mobile number of the country you chose.'] });
    // Raw on purpose: a country the body's type does not name.
    const noCountry = await a.json(a.post('/v1/auth/send-verify/mobile', { phone: '079 123 45 67', country: 'US' }));
    expect(noCountry.body.errors).toEqual({ country: ['Please choose a country.'] });
    const code = await refused(auth.confirm.mobile.$post({ json: { code: '12ab' } }));
    expect(code.body.errors).toEqual({ code: ['The code has 6 digits.'] });
  });
});

describe('validation messages of the other shared schemas from the API', () => {
  const de = { 'x-locale': 'de', 'accept-language': 'de-CH' };
  let su: Agent;
  let chef: Agent;
  let customer: Agent;
  beforeAll(async () => {
    su = (await superUser(h)).agent;
    chef = (await activeChef(h)).agent;
    customer = (await signedUp(h)).agent;
  });
  /** A refusal's field errors, which must be a 400. */
  const errorsOf = async (res: Parameters<typeof refused>[0]) => {
    const { status, body } = await refused(res);
    expect(status).toBe(400);
    return body.errors;
  };
  /** The same for a raw call, whose body or query the route's type forbids. */
  const rawErrorsOf = async (res: Promise<Response>) => {
    const { status, body } = await customer.json<ErrorBody>(res);
    expect(status).toBe(400);
    return body.errors;
  };

  it('bookings: the booking start, its address, guests and texts', async () => {
    const body = {
      menu_id: 0,
      occasion: 'wedding',
      at_chefs_place: false,
      address: { street: ' ', zip: '1', city: '' },
      guests: 101,
      starts_at: '2027-02-31T19:00:00Z',
      allergens: [{ key: 'nuts', guests: 0 }, { key: 'nuts', guests: 1 }],
      kitchen_notes: 'x'.repeat(2001),
    };
    // Raw on purpose: an occasion the booking's type does not name.
    expect(await rawErrorsOf(customer.post('/v1/bookings', body, { ...de, 'idempotency-key': newKey() }))).toEqual({
      menu_id: ['Choose a menu.'],
      occasion: ['Choose an occasion.'],
      'address.street': ['Please enter the street and number.'],
      'address.zip': ['Please enter a valid postal code.'],
      'address.city': ['Please enter the city.'],
      guests: ['Book for at most 100 guests.'],
      starts_at: ['This date does not exist.'],
      'allergens.0.guests': ['At least one guest.'],
      allergens: ['Name each allergen once.'],
      kitchen_notes: ['Kitchen notes can be at most 2000 characters long.'],
    });
    // Raw on purpose: a currency the quote's type does not name.
    expect(await rawErrorsOf(customer.post('/v1/bookings/quote', { menu_id: 1, guests: 1, currency: 'JPY' }, de))).toEqual({
      guests: ['Book for at least 2 guests.'],
      currency: ['Choose one of CHF, EUR, USD, GBP.'],
    });
  });

  it('chef area: the menu, the payout details with their IBAN, the calendar', async () => {
    const places = { at_customer: false, at_chef: false, booking_mode: 'request' as const };
    const menu = { name: 'ab', min_guests: 12, max_guests: 6, price_per_person: 500, ...places, courses: [{ course_type: 'main' as const, name: ' ' }] };
    expect(await errorsOf(typedClient(chef).chefs.me.menus.$post({ json: menu }, { headers: de }))).toEqual({
      name: ['The menu name must be at least 3 characters long.'],
      price_per_person: ['The price per person must be at least 1000.'],
      max_guests: ['The maximum guest count must not be below the minimum.'],
      at_customer: ['Offer the menu at the customer’s place, at yours, or both.'],
      'courses.0.name': ['Please enter the course name.'],
    });
    const me = typedClient(chef).chefs.me;
    expect(await errorsOf(me['payout-details'].$put({ json: { account_holder: 'A', iban: 'CH93 0076 2011 6238 5295 8', password: '' } }))).toEqual({
      account_holder: ['The account holder must be at least 2 characters long.'],
      iban: ['This IBAN is not valid. Please check it for typing errors.'],
      password: ['Please enter your password.'],
    });
    expect((await errorsOf(me['payout-details'].$put({ json: { account_holder: 'Anna Muster', iban: 'DE89 3704 0044 0532 0130', password: 'x' } }))).iban).toEqual([
      'An IBAN from DE has 22 characters; this one has 20.',
    ]);
    expect(await errorsOf(me.availability.$get({ query: { from: '2026-02-30' } }, { headers: de }))).toEqual({ from: ['from: this date does not exist.'] });
    expect(await errorsOf(me.$put({ json: { travel_radius_km: 2.5, profile_bio: 'x'.repeat(5001) } }))).toEqual({
      travel_radius_km: ['The travel radius must be a whole number.'],
      profile_bio: ['Your bio can be at most 5000 characters long.'],
    });
  });

  it('locations and the list query', async () => {
    const locations = typedClient(customer).locations;
    expect(await errorsOf(locations.regions.$get({ query: { lat: '95', lon: 'x', limit: '11' } }, { headers: de }))).toEqual({
      lat: ['Latitude must be between -90 and 90.'],
      lon: ['Longitude must be a decimal number.'],
      limit: ['Must be at most 10.'],
    });
    expect(await errorsOf(locations.geocode.locations.$post({ query: {}, json: { lat: 47.37, lon: 8.54, driving_distance: 301 } }, { headers: de }))).toEqual({
      driving_distance: ['The driving distance can be at most 300 km.'],
    });
    expect(await errorsOf(typedClient(su).admin.users.$get({ query: { page: 'one' } }, { headers: de }))).toEqual({ page: ['Must be a whole number.'] });
  });

  it('admin: chefs, users, pictures, lists, cities and settings', async () => {
    const admin = typedClient(su).admin;
    const nobody = { param: { id: '999999' } };
    expect(await errorsOf(admin.chefs[':id'].reject.$post({ ...nobody, json: {} }, { headers: de }))).toEqual({ reason: ['Please give the chef a reason.'] });
    expect(await errorsOf(admin.chefs[':id'].pause.$post({ ...nobody, json: { reason: 'Holidays', cancel_bookings: [3, 3] } }, { headers: de }))).toEqual({
      cancel_bookings: ['Choose each booking once.'],
      cancel_reason: ['Please tell the customers why their booking is cancelled.'],
    });
    // Raw on purpose: a role the query's type does not name.
    expect(await rawErrorsOf(su.get('/v1/admin/users?role=owner', de))).toEqual({ role: ['Choose su, chef or disabled.'] });
    expect(await errorsOf(admin.images[':id'].hide.$post({ param: { id: '999999999' }, json: { reason: 'x'.repeat(501) } }, { headers: de }))).toEqual({
      reason: ['The reason can be at most 500 characters long.'],
    });
    expect(await errorsOf(admin.lists.$post({ json: { kind: 'cuisine', key: 'Thai Food', names: { de: 'Thai', en: 'Thai', fr: 'Thaï', it: 'x'.repeat(61) }, position: 1.5 } }, { headers: de }))).toEqual({
      key: ['Use lower-case letters, digits and single dashes, e.g. "gluten-free".'],
      'names.de-ch': ['Please enter the Swiss German name.'],
      'names.it': ['A name can be at most 60 characters long.'],
      position: ['The position must be a whole number.'],
    });
    expect(await errorsOf(admin.locations.$post({ json: { region_id: 0, display_name: ' ', position: 1001 } }, { headers: de }))).toEqual({
      region_id: ['Choose the place this city links to.'],
      display_name: ['Please enter the name to show.'],
      position: ['The position must be at most 1000.'],
    });
    const company = { name: 'YourLocalChef GmbH', street: '', postcode: '8001', city: 'Zürich', country: 'CH', vatId: 'CHE-109.322.552', iban: 'CH56 0483 5012 3456 7800 9', bic: 'CRESCHZZ', email: 'info@yourlocalchef.ch' };
    expect(await errorsOf(admin.settings.$put({ json: { commission_bp: 5001, currency_rates: { EUR: 0 }, company } }))).toEqual({
      commission_bp: ['The commission can be at most 50 %.'],
      'currency_rates.EUR': ['The EUR rate must be more than 0.'],
      'company.street': ['Please enter the street and number.'],
      'company.vatId': ['This UID number is not valid. Please check it for typing errors.'],
    });
  });

  it('admin payouts and bookings', async () => {
    const admin = typedClient(su).admin;
    expect(await errorsOf(admin.payouts[':id'].failed.$post({ param: { id: '999999' }, json: { reason: ' ' } }, { headers: de }))).toEqual({ reason: ['Please enter why the transfer failed. The chef reads it.'] });
    // Raw on purpose: a currency, and below a side, the bodies' types do not name.
    expect(await rawErrorsOf(su.post('/v1/admin/payouts', { groups: [{ chef_id: 0, currency: 'JPY' }] }, de))).toEqual({
      'groups.0.chef_id': ['Choose a chef.'],
      'groups.0.currency': ['Use one of CHF, EUR, USD, GBP.'],
    });
    expect(await rawErrorsOf(su.post('/v1/admin/bookings/999999/cancel', { side: 'host', reason: ' ', refund_amount: -1 }, de))).toEqual({
      side: ['Choose for whom you cancel: the customer or the chef.'],
      reason: ['Please enter the reason. Both sides read it.'],
      refund_amount: ['The refund cannot be negative.'],
    });
    expect(await errorsOf(admin.bookings.$get({ query: { from: '2026-7-1' } }, { headers: de }))).toEqual({ from: ['The first day must be a date (YYYY-MM-DD).'] });
    expect(await errorsOf(admin.bookings.$get({ query: { from: '2026-07-02', to: '2026-07-01' } }, { headers: de }))).toEqual({ to: ['The last day cannot be before the first day.'] });
  });

  it('a service rule: the English in message and errors, and the keys beside them', async () => {
    const res = await refused(typedClient(su).admin.locations.$post({ json: { region_id: 999999, display_name: 'Zürich', image_id: 999999 } }, { headers: de }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please check the highlighted fields.',
      code: 'VALIDATION_FAILED',
      errors: { region_id: ['This place does not exist.'], image_id: ['This picture does not exist.'] },
      message_key: { key: 'validation.rule.checkfields' },
      error_keys: { region_id: [{ key: 'validation.rule.noplace' }], image_id: [{ key: 'validation.rule.nopicture' }] },
    });
    const day = (d: string) => refused(typedClient(chef).chefs.me.availability[':day'].$put({ param: { day: d }, json: {} }));
    const past = await day('2020-01-01');
    expect(past.body).toEqual({
      message: 'This day is in the past.',
      code: 'VALIDATION_FAILED',
      errors: { day: ['Choose today or a later day.'] },
      message_key: { key: 'validation.rule.daypast' },
      error_keys: { day: [{ key: 'validation.rule.daytoday' }] },
    });
    const far = await day('2099-01-01');
    expect(far.body).toMatchObject({ errors: { day: ['Choose a day within 730 days.'] }, error_keys: { day: [{ key: 'validation.rule.daywithin', params: { days: 730 } }] } });
  });

  it('the guest passport: diet and allergen keys not on the lists', async () => {
    const w = await world(h);
    const made = await ok(bookingCalls(await as(h, w.customer))['guest-invites'].$post({ ...on(await requestBooking(h, w)), json: {} }));
    const token = made.body.data.url.split('/guest/')[1]!;
    const json = { name: 'Lena', diets: ['carnivore'], allergies: [{ key: 'plutonium', level: 'severe' as const }] };
    const res = await refused(visitorClient(h)['guest-invites'][':token'].answers.$post({ param: { token }, json }, { headers: de }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please check the highlighted fields.',
      code: 'VALIDATION_FAILED',
      errors: { 'diets.0': ['Unknown diet "carnivore".'], 'allergies.0.key': ['Unknown allergen "plutonium".'] },
      message_key: { key: 'validation.rule.checkfields' },
      error_keys: {
        'diets.0': [{ key: 'validation.reference.unknowndiet', params: { key: 'carnivore' } }],
        'allergies.0.key': [{ key: 'validation.reference.unknownallergen', params: { key: 'plutonium' } }],
      },
    });
  });

  it('the chef profile and menu: list keys, pictures, regions and the currency', async () => {
    const me = typedClient(chef).chefs.me;
    const menu = await refused(me.menus.$post({ json: menuInput({ cuisines: ['klingon'], diets: ['carnivore'], currency: 'EUR', image_id: 999999 }) }, { headers: de }));
    expect(menu.status).toBe(400);
    expect(menu.body).toMatchObject({
      message: 'Please check the highlighted fields.',
      errors: { cuisines: ['Unknown cuisine "klingon".'], diets: ['Unknown diet "carnivore".'], currency: ['Your menus are priced in CHF.'], image_id: ['Choose one of your own pictures.'] },
      message_key: { key: 'validation.rule.checkfields' },
      error_keys: {
        cuisines: [{ key: 'validation.reference.unknowncuisine', params: { key: 'klingon' } }],
        diets: [{ key: 'validation.reference.unknowndiet', params: { key: 'carnivore' } }],
        currency: [{ key: 'validation.reference.menucurrency', params: { currency: 'CHF' } }],
        image_id: [{ key: 'validation.reference.ownpicture' }],
      },
    });
    const profile = await refused(me.$put({ json: { cuisines: ['klingon'], home_region_id: 999999 } }, { headers: de }));
    expect(profile.body).toMatchObject({
      errors: { cuisines: ['Unknown cuisine "klingon".'], home_region_id: ['This region does not exist.'] },
      error_keys: { cuisines: [{ key: 'validation.reference.unknowncuisine', params: { key: 'klingon' } }], home_region_id: [{ key: 'validation.reference.noregion' }] },
    });
    const regions = await refused(me.regions.$put({ json: { regions: [999998, 999999] } }, { headers: de }));
    expect(regions.body).toEqual({
      message: 'Some regions do not exist.',
      code: 'VALIDATION_FAILED',
      errors: { regions: ['These regions do not exist: 999998, 999999.'] },
      message_key: { key: 'validation.reference.noregions' },
      error_keys: { regions: [{ key: 'validation.reference.regionsunknown', params: { list: '999998, 999999' } }] },
    });
  });

  it('uploads: a picture of the wrong size, a size the kind has not, a missing file', async () => {
    const wrongSize = await upload(h, chef, '/v1/users/me/images', { kind: 'avatar', t256x256: [blob(png(100, 80), 'image/png'), 'me.png'] });
    expect(wrongSize.status).toBe(400);
    expect(await wrongSize.json()).toEqual({
      message: 'Please check the pictures.',
      code: 'VALIDATION_FAILED',
      errors: { t256x256: ['This picture must be 256×256 pixels; it is 100×80.'] },
      message_key: { key: 'validation.uploadfile.checkpictures' },
      error_keys: { t256x256: [{ key: 'validation.uploadfile.dimensions', params: { width: 256, height: 256, actualwidth: 100, actualheight: 80 } }] },
    });
    const foreign = await upload(h, chef, '/v1/users/me/images', { kind: 'avatar', t256x256: [blob(png(256, 256), 'image/png'), 'me.png'], t512_1x1: [blob(png(512, 512), 'image/png'), 'x.png'] });
    expect(await foreign.json()).toMatchObject({
      message: 'Please check the upload.',
      errors: { t512_1x1: ['A avatar picture has no t512_1x1 size.'] },
      message_key: { key: 'validation.uploadfile.checkupload' },
      error_keys: { t512_1x1: [{ key: 'validation.uploadfile.nosize', params: { kind: 'avatar', size: 't512_1x1' } }] },
    });
    const noFile = await upload(h, customer, '/v1/users/me/attachments', { kind: 'other' });
    expect(await noFile.json()).toEqual({
      message: 'Choose a file to upload.',
      code: 'VALIDATION_FAILED',
      errors: { file: ['Choose a file to upload.'] },
      message_key: { key: 'validation.uploadfile.choosefile' },
      error_keys: { file: [{ key: 'validation.uploadfile.choosefile' }] },
    });
    const notPdf = await upload(h, customer, '/v1/users/me/attachments', { kind: 'other', file: [blob(new TextEncoder().encode('hello'), 'application/pdf'), 'a.pdf'] });
    expect(notPdf.status).toBe(415);
    expect(await notPdf.json()).toMatchObject({
      message: 'This file type is not accepted. Upload a PDF, JPEG, PNG or WebP file.',
      code: 'UNSUPPORTED_FILE_TYPE',
      error_keys: { file: [{ key: 'validation.uploadfile.filetype' }] },
    });
  });

  it('uploads: the kind of document', async () => {
    const res = await upload(h, customer, '/v1/users/me/attachments', { kind: 'passport', file: [blob(png(40, 30), 'image/png'), 'id.png'] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      kind: ['Choose the kind of document: id_document, hygiene_certificate, liability_insurance, other, complaint_photo.'],
    });
  });
});
