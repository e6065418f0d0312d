// Bot check. The real verifier calls Turnstile's siteverify; without a secret, local runs accept every token
// and say so once at start-up.
import { ApiError } from '../lib/errors';

export type TurnstileResult = { success: boolean; errorCodes: string[]; hostname?: string; action?: string };
export type Turnstile = { readonly enabled: boolean; verify(token: string, opts: { ip?: string; action?: string; hostname?: string }): Promise<TurnstileResult> };

export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export function siteverifyTurnstile(secret: string, doFetch: typeof fetch): Turnstile {
  return {
    enabled: true,
    async verify(token, opts) {
      if (!token) return { success: false, errorCodes: ['missing-input-response'] };
      const body = new URLSearchParams({ secret, response: token, idempotency_key: crypto.randomUUID() });
      if (opts.ip) body.set('remoteip', opts.ip);
      let data: { success: boolean; 'error-codes'?: string[]; hostname?: string; action?: string };
      try {
        const res = await doFetch(SITEVERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(8000) });
        data = (await res.json()) as typeof data;
      } catch {
        // An outage of the bot check is not the visitor's fault: say so, and let them retry.
        throw new ApiError(503, 'The bot check is not reachable right now. Please try again in a moment.', 'BOT_CHECK_UNAVAILABLE');
      }
      const errorCodes = data['error-codes'] ?? [];
      let success = data.success === true;
      // Check that the token was issued for this site and this form, not replayed from elsewhere.
      if (success && opts.hostname && data.hostname && data.hostname !== opts.hostname) {
        success = false;
        errorCodes.push('hostname-mismatch');
      }
      if (success && opts.action && data.action && data.action !== opts.action) {
        success = false;
        errorCodes.push('action-mismatch');
      }
      return { success, errorCodes, hostname: data.hostname, action: data.action };
    },
  };
}

export const noBotCheck: Turnstile = {
  enabled: false,
  async verify() {
    return { success: true, errorCodes: [] };
  },
};
