// The dashboard's calls, GET /v1/admin/home and POST /v1/admin/sweep, with their answers as the server types them.
import { client, type Answer } from '../../lib/client';

export const homeApi = client.admin.home;
export const sweepApi = client.admin.sweep;

export type AdminHome = Answer<typeof homeApi.$get>['data'];
export type MoneyPeriod = AdminHome['money']['last_7_days'];
export type AttentionItem = AdminHome['attention'][number];
/** What a sweep run changed. */
export type SweepResult = Answer<typeof sweepApi.$post>['data'];
