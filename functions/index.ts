// GET / at the edge: the home page with its first screen prerendered in the visitor's language
// (functions/_api/modules/seo/prerender.ts). Every other client route is the static index.html.
import type { ObservabilityEnv } from './_api/lib/observability';
import { assetReader, homePage } from './_api/modules/seo/prerender';

type Ctx = { request: Request; env: ObservabilityEnv & { ASSETS: { fetch(input: Request | string): Promise<Response> } } };

export const onRequestGet = async ({ request, env }: Ctx) => homePage(request, assetReader(request, env.ASSETS), env);
