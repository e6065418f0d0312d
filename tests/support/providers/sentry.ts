// Sentry's envelope endpoint (the DSN's ingest host), the tests' one error-reporting fake: it records each envelope
// and answers 200 as Sentry does.
import { recordingFake } from './fetch';

export const fakeSentry = () => recordingFake(() => Response.json({ id: 'ok' }));
