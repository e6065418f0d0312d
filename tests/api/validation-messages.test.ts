// The shared schemas' messages are i18n keys (shared/validation-messages.ts); the API still answers with the English
// texts the seed pins, whatever language the visitor asks for, parameters filled in.
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness';
import { agent, signedUp } from '../support/agent';

const h = useHarness();

describe('validation messages from the API', () => {
  it('are the English texts for a German visitor, with their numbers', async () => {
    const a = agent(h);
    const empty = await a.json(a.post('/v1/auth/signup', { firstname: '', lastname: 'x'.repeat(101), email: 'no-address', password: 'short', cftoken: '' }, { 'x-locale': 'de', 'accept-language': 'de-CH' }));
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      firstname: ['Please enter your first name.'],
      lastname: ['Your last name can be at most 100 characters long.'],
      email: ['Please enter a valid e-mail address.'],
      password: ['Your password must be at least 8 characters long.'],
    });
    const missing = await a.json(a.post('/v1/auth/signin', { identifier: ' ', secret: '' }, { 'x-locale': 'fr' }));
    expect(missing.body.errors).toEqual({ identifier: ['Please enter your email address'], secret: ['Please enter your password.'] });
  });

  it('name the phone and code problems in English', async () => {
    const { agent: a } = await signedUp(h);
    const wrongCountry = await a.json(a.post('/v1/auth/send-verify/mobile', { phone: '+49 170 1234567', country: 'CH' }, { 'x-locale': 'it' }));
    expect(wrongCountry.status).toBe(400);
    expect(wrongCountry.body.errors).toEqual({ phone: ['This is not a mobile number of the country you chose.'] });
    const noCountry = await a.json(a.post('/v1/auth/send-verify/mobile', { phone: '079 123 45 67', country: 'US' }));
    expect(noCountry.body.errors).toEqual({ country: ['Please choose a country.'] });
    const code = await a.json(a.post('/v1/auth/confirm/mobile', { code: '12ab' }));
    expect(code.body.errors).toEqual({ code: ['The code has 6 digits.'] });
  });
});
