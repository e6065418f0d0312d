// Menus near me at the edge: the page prerendered in the visitor's language with the region's first pictures
// already in it (functions/_api/modules/seo/near-page.edge.ts).
import type { Bindings } from '../../_api/env';
import { nearMePage } from '../../_api/modules/seo/near-page.edge';
import { assetReader } from '../../_api/modules/seo/prerender';

type Ctx = { request: Request; env: Bindings & { ASSETS: { fetch(input: Request | string): Promise<Response> } } };

export const onRequestGet = async ({ request, env }: Ctx) => nearMePage(request, env, {}, assetReader(request, env.ASSETS));
