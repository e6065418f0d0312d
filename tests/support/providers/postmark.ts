// Postmark's Email API (POST /email), the tests' one mail provider: reached through the stubbed fetch
// (api.postmarkapp.com) or over HTTP (reliability/support/provider-stub.ts).
import { recordingFake } from './fetch';

export const postmarkOk = () =>
  Response.json({ To: 'x@example.com', SubmittedAt: '2026-06-01T10:00:00Z', MessageID: 'b7bc2f4a-e38e-4336-af7d-e6c392c2f817', ErrorCode: 0, Message: 'OK' });

export const fakePostmark = () => recordingFake(postmarkOk);
