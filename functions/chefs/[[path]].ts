// Chef profile and menu pages at the edge: the SPA's index.html with the page's title, description, og tags and
// hreflang written in (PRODUCT.md "SEO"). Everything else about the page is rendered by the client.
import type { Bindings } from '../_api/env';
import { seoPage } from '../_api/modules/seo/seo.edge';

type Ctx = { request: Request; env: Bindings & { ASSETS: { fetch(input: Request | string): Promise<Response> } } };

export const onRequestGet = async ({ request, env }: Ctx) =>
  seoPage(request, env, {}, async () => (await env.ASSETS.fetch(new URL('/', request.url).toString())).text());
