// Query schema of GET /v1/faq/topics (seed §7: locale, default EN; resolve=entries).
import * as v from 'valibot';
import { commaList } from '../menus/menus.schema';
import { localeParam } from '../pages/pages.schema';

export const faqQuery = v.object({ locale: localeParam, resolve: commaList(['entries'] as const) });
