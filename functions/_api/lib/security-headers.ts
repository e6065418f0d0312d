// Security headers in one place: the API sends them on every response, the Node server on static files, and the
// web build writes them into dist/_headers for Cloudflare Pages.
import { observabilityOf, observabilityOrigins, type ObservabilityEnv } from './observability';

const TURNSTILE = 'https://challenges.cloudflare.com';

/**
 * CSP of the HTML app: no inline scripts; the only third-party script is Turnstile's. `connectOrigins` are the
 * configured error tracker's and analytics' origins, which the browser posts to (never loads scripts from).
 */
const htmlCsp = (connectOrigins: readonly string[] = []): string =>
  [
    "default-src 'self'",
    `script-src 'self' ${TURNSTILE}`,
    `frame-src ${TURNSTILE}`,
    `connect-src 'self' ${[TURNSTILE, ...connectOrigins].join(' ')}`,
    "img-src 'self' data: blob:",
    // React's style attributes need inline styles; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** The CSP without error reporting or analytics. */
export const HTML_CSP = htmlCsp();

/** The CSP for a deployment's configuration: exactly its tracker and analytics origins, when they are set. */
export const htmlCspFor = (env: ObservabilityEnv): string => htmlCsp(observabilityOrigins(observabilityOf(env)));

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Every header an HTML page is served with: the common ones and the CSP for the deployment's configuration. */
export const htmlSecurityHeaders = (env: ObservabilityEnv = {}): Record<string, string> => ({
  ...COMMON_SECURITY_HEADERS,
  'Content-Security-Policy': htmlCspFor(env),
});
