// Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json), the tests' one SMS provider, reached through
// the stubbed fetch (api.twilio.com).
import { recordingFake } from './fetch';

export const twilioOk = () => Response.json({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued', error_code: null, error_message: null }, { status: 201 });

export const fakeTwilio = () => recordingFake(twilioOk);
