// GET / at the edge: the home page with its first screen prerendered in the visitor's language
// (functions/_api/modules/seo/prerender.ts). Every other client route is the static index.html.
import { homePage } from './_api/modules/seo/prerender';

type Ctx = { request: Request; env: { ASSETS: { fetch(input: Request | string): Promise<Response> } } };

export const onRequestGet = async ({ request, env }: Ctx) =>
  homePage(request, async (file) => {
    // Pages serves `x.html` at `/x` (it redirects the .html form), and the bare root for index.html.
    const res = await env.ASSETS.fetch(new URL(`/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`, request.url).toString());
    return res.ok ? res.text() : null;
  });
