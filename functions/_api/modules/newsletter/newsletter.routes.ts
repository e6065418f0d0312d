// /v1/newsletter: the footer's and the empty-region block's sign-up, and the confirmation and unsubscribe links of
// the double opt-in (the client's /newsletter/confirm and /newsletter/unsubscribe pages call these).
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env';
import { readJson } from '../../lib/http';
import { requestLocale } from '../../lib/request-prefs';
import { parse } from '../../lib/validate';
import { clientIp, secretOf } from '../session/session.middleware';
import { confirmBody, registerBody, unsubscribeBody } from './newsletter.schema';
import { confirmSubscriber, registerSubscriber, unsubscribe } from './newsletter.service';

const linkMeta = (c: Context<AppEnv>) => ({
  locale: requestLocale(c),
  origin: c.get('deps').config.publicOrigin,
  secret: secretOf(c),
});

export const newsletterRoutes = new Hono<AppEnv>()
  .post('/register', async (c) => {
    const input = parse(registerBody, await readJson(c));
    const meta = linkMeta(c);
    return c.json(await registerSubscriber(c.get('deps'), input, { ...meta, ip: clientIp(c), hostname: new URL(meta.origin).hostname }));
  })
  .post('/confirm', async (c) => {
    const { token } = parse(confirmBody, await readJson(c));
    return c.json(await confirmSubscriber(c.get('deps'), token, linkMeta(c)));
  })
  .post('/unsubscribe', async (c) => {
    const input = parse(unsubscribeBody, await readJson(c));
    return c.json(await unsubscribe(c.get('deps'), input, secretOf(c)));
  });
