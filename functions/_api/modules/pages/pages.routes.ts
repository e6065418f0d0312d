// GET /v1/pages/{url}?locale=: a content page in the visitor's locale, falling back to English.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { valid } from '../../lib/validator';
import { contentLocale, pageParams, pageQuery } from './pages.schema';
import { contentPage } from './pages.service';

export const pageRoutes = new Hono<AppEnv>().get('/:url', valid('param', pageParams), valid('query', pageQuery), async (c) => {
  const { url } = c.req.valid('param');
  const { locale } = c.req.valid('query');
  const data = await contentPage(c.get('deps').db, url, contentLocale(locale, c.req.header('x-locale')));
  c.header('Cache-Control', 'public, max-age=300');
  c.header('Vary', 'x-locale');
  return c.json({ data });
});
