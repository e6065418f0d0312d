// Cloudflare Turnstile's siteverify (challenges.cloudflare.com), the tests' one bot check: by default it confirms a
// sign-up token for this site; a test sets `reply` for a refusal, another hostname or action, or an outage.
import { recordingFake } from './fetch';

export const siteverifyAnswer = (answer: Record<string, unknown>) => () => Response.json(answer);

export const fakeTurnstile = () => recordingFake(siteverifyAnswer({ success: true, hostname: 'localhost', action: 'signup' }));
