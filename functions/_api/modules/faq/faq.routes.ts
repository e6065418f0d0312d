// GET /v1/faq/topics?locale=&resolve=entries: the help page's FAQ groups (seed §3 "FAQ group").
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { valid } from '../../lib/validator';
import { faqQuery } from './faq.schema';
import { contentLocale } from '../pages/pages.schema';
import { faqTopicList } from './faq.service';

export const faqRoutes = new Hono<AppEnv>().get('/topics', valid('query', faqQuery), async (c) => {
  const { locale, resolve } = c.req.valid('query');
  const result = await faqTopicList(c.get('deps').db, contentLocale(locale, c.req.header('x-locale')), resolve.includes('entries'));
  c.header('Cache-Control', 'public, max-age=300');
  c.header('Vary', 'x-locale');
  return c.json(result);
});
