// GET /v1/calendar-feeds/{token}.ics: the chef's private feed, read by calendar apps without a cookie; the token in
// the path is the only key (an unknown one is 404, like any unknown path).
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { feedCalendar } from './calendar.service';

export const calendarRoutes = new Hono<AppEnv>().get('/:file{[A-Za-z0-9_-]{43}\\.ics}', async (c) => {
  const token = c.req.param('file').slice(0, -'.ics'.length);
  const text = await feedCalendar(c.get('deps'), token);
  return c.body(text, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': 'inline; filename="yourlocalchef.ics"',
    // A rotated feed must stop at once, and nothing in between may keep a copy of a chef's bookings.
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex',
  });
});
