// /v1/newsletter: the footer's and the empty-region block's sign-up, and the confirmation and unsubscribe links of
// the double opt-in (the client's /newsletter/confirm and /newsletter/unsubscribe pages call these).
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env';
import { requestLocale } from '../../lib/request-prefs';
import { valid } from '../../lib/validator';
import { clientIp, secretOf } from '../session/session.middleware';
import { confirmBody, registerBody, unsubscribeBody } from './newsletter.schema';
import { confirmSubscriber, registerSubscriber, unsubscribe } from './newsletter.service';

const linkMeta = (c: Context<AppEnv>) => ({
  locale: requestLocale(c),
  origin: c.get('deps').config.publicOrigin,
  secret: secretOf(c),
});

export const newsletterRoutes = new Hono<AppEnv>()
  .post('/register', valid('json', registerBody), async (c) => {
    const input = c.req.valid('json');
    const meta = linkMeta(c);
    return c.json(await registerSubscriber(c.get('deps'), input, { ...meta, ip: clientIp(c), hostname: new URL(meta.origin).hostname }));
  })
  .post('/confirm', valid('json', confirmBody), async (c) => {
    const { token } = c.req.valid('json');
    return c.json(await confirmSubscriber(c.get('deps'), token, linkMeta(c)));
  })
  .post('/unsubscribe', valid('json', unsubscribeBody), async (c) => {
    const input = c.req.valid('json');
    return c.json(await unsubscribe(c.get('deps'), input, secretOf(c)));
  });
