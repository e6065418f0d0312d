// createApp(): the /v1 API. The same app runs in Pages Functions (workerd), the Node server and the tests;
// only the runtime adapter passed in as `platform` differs.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './env';
import { ApiError } from './lib/errors';
import { limitBody, requestContext, routePattern, securityHeaders, WRITE_METHODS, writeGuard, type WriteRules } from './lib/http';
import { RememberingRouter } from './lib/router';
import { ConfigError } from './platform/config';
import { logConfigError, UNAVAILABLE_MESSAGE, type Platform } from './platform/deps';
import { createLogger } from './platform/log';
import { authRoutes } from './modules/auth/auth.routes';
import { chefAreaRoutes } from './modules/chef-area/chef-area.routes';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { imageRoutes } from './modules/images/images.routes';
import { listRoutes } from './modules/lists/lists.routes';
import { menuRoutes } from './modules/menus/menus.routes';
import { chefRoutes } from './modules/chefs/chefs.routes';
import { faqRoutes } from './modules/faq/faq.routes';
import { locationRoutes } from './modules/locations/locations.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { pageRoutes } from './modules/pages/pages.routes';
import { userRoutes } from './modules/users/users.routes';
import { bookingRoutes } from './modules/bookings/bookings.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { complaintRoutes } from './modules/complaints/complaints.routes';
import { reviewRoutes } from './modules/reviews/reviews.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { documentRoutes } from './modules/documents/documents.routes';
import { passportRoutes } from './modules/passport/passport.routes';

export const UPLOAD_LIMIT = 10 * 1024 * 1024;

/** Writes that are not JSON. Everything else under /v1 must be a same-origin JSON write. */
const writeRules: WriteRules = (path) => {
  if (path === '/v1/users/me/attachments' || path === '/v1/users/me/images') return 'multipart';
  if (path === '/v1/payments/webhook' || path === '/v1/auth/oauth/apple/callback') return 'external';
  return 'json';
};

export function createApp(platform: Platform = {}) {
  const app = new Hono<AppEnv>({ router: new RememberingRouter() }).basePath('/v1');

  // Security headers first, so that they are on every answer, even the 503 of an incomplete configuration, which
  // requestContext throws before anything else runs.
  app.use('*', securityHeaders);
  app.use('*', requestContext(platform));
  // Only writes carry a body and need a same-origin check: reads do not pass through these at all.
  app.on(WRITE_METHODS, '*', writeGuard(writeRules));
  app.on(WRITE_METHODS, '*', limitBody(writeRules, UPLOAD_LIMIT));

  // One chain, so the returned app's type carries every path, input and output (AppType, read by the web's hc client).
  const routes = app
    .get('/ping', (c) => c.json({ ok: true }))
    .route('/auth', authRoutes)
    .route('/images', imageRoutes)
    .route('/lists', listRoutes)
    .route('/menus', menuRoutes)
    // The signed-in chef's /chefs and /chefs/me/... routes first (the documents' /chefs/me/statements too), so
    // /chefs/me is never read as a public chef id.
    .route('/', documentRoutes)
    .route('/chefs', chefAreaRoutes)
    .route('/chefs', chefRoutes)
    .route('/faq', faqRoutes)
    .route('/locations', locationRoutes)
    .route('/newsletter', newsletterRoutes)
    .route('/pages', pageRoutes)
    .route('/users', uploadRoutes)
    .route('/users', userRoutes)
    // Bookings, payments, messages, reviews and complaints span /bookings, /payments, /users/me and /chefs/me: mounted at the root.
    .route('/', bookingRoutes)
    .route('/', paymentRoutes)
    .route('/', messageRoutes)
    .route('/', reviewRoutes)
    .route('/calendar-feeds', calendarRoutes)
    .route('/', complaintRoutes)
    .route('/', passportRoutes)
    .route('/admin', adminRoutes);

  app.notFound((c) => c.json({ message: 'Not found.', code: 'NOT_FOUND' }, 404));
  app.onError((err, c) => {
    const requestId = c.get('requestId');
    if (err instanceof ApiError) return c.json(err.toJSON(), err.status, err.headers);
    if (err instanceof ConfigError) {
      logConfigError(err, requestId);
      return c.json({ message: UNAVAILABLE_MESSAGE, code: 'CONFIG_INCOMPLETE', request_id: requestId }, 503);
    }
    if (err instanceof HTTPException) {
      return c.json({ message: err.message || 'Request failed.', code: 'HTTP_ERROR' }, err.status);
    }
    const deps = c.get('deps');
    const log = deps?.log ?? createLogger({ requestId });
    log.error('unhandled', { error: String(err), stack: err instanceof Error ? err.stack : undefined, path: c.req.path });
    const trace = c.get('trace');
    if (deps?.errors.enabled && trace) deps.afterResponse(() => deps.errors.captureException(err, { requestId, method: c.req.method, route: routePattern(c), trace }));
    return c.json({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR', request_id: requestId }, 500);
  });

  return routes;
}

/** The whole API's type: the web's only import from functions/ (`import type`), for its hc client. */
export type AppType = ReturnType<typeof createApp>;
