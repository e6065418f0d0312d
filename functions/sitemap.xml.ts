// /sitemap.xml: every active chef and published menu, generated from the database.
import type { Bindings } from './_api/env';
import { sitemap } from './_api/modules/seo/seo.edge';

export const onRequestGet = async ({ env }: { env: Bindings }) => sitemap(env, {});
