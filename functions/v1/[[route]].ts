// The only Pages Functions route file: every /v1 request goes to the Hono app.
import { handle } from 'hono/cloudflare-pages';
import { createApp } from '../_api/app';

export const onRequest = handle(createApp());
