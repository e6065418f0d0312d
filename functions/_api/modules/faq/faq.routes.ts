// GET /v1/faq/topics?locale=&resolve=entries: the help page's FAQ groups (seed §3 "FAQ group").
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { parse } from '../../lib/validate';
import { faqQuery } from './faq.schema';
import { contentLocale } from '../pages/pages.schema';
import { faqTopicList } from './faq.service';

export const faqRoutes = new Hono<AppEnv>().get('/topics', async (c) => {
  const { locale, resolve } = parse(faqQuery, c.req.query());
  const result = await faqTopicList(c.get('deps').db, contentLocale(locale, c.req.header('x-locale')), resolve.includes('entries'));
  c.header('Cache-Control', 'public, max-age=300');
  c.header('Vary', 'x-locale');
  return c.json(result);
});
