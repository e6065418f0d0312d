// Every status action the admin chef screen offers has a route. The screen shows a button for each action of a chef's
// `actions` (typed as the shared schema's ChefAdminAction, whose keys are the actions' bodies): a typecheck-level
// assertion fails when one of them has no route in the app's type, and the test below, for every chef status, asks
// the chef's page which actions it offers and runs each through the typed client, so a route that is gone (a 404) or
// refuses what the screen offers fails it.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createApp } from '../../functions/_api/app';
import { ChefStatus, type ChefStatusValue } from '../../functions/_api/db/schema/chefs';
import { useHarness } from '../support/use-harness';
import { superUserParty } from '../support/admin-fixtures';
import { createChef } from '../support/fixtures';
import { ok, typedClient } from '../support/typed-client';
import type { Answer } from '../../web/src/lib/client';
import { CHEF_ADMIN_ACTIONS, isWithoutBody, type ChefActionBody, type ChefActionWithBody, type ChefAdminAction } from '#shared/schemas/admin.chefs.schema';

type ChefCalls = ReturnType<typeof typedClient>['admin']['chefs'][':id'];
/** The actions the screen may show for a chef: what the chef's page answers in `actions`. */
type OfferedAction = Answer<ChefCalls['$get']>['data']['actions'][number];

// The typecheck-level half: an action offered (or named by the shared schema) without a route of its own fails here.
expectTypeOf<Exclude<OfferedAction, keyof ChefCalls>>().toBeNever();
expectTypeOf<Exclude<ChefAdminAction, keyof ChefCalls>>().toBeNever();

/** What the screen sends for each action with a body: reject and pause ask for the reason the chef reads. The others send `{}`. */
const BODIES: Record<ChefActionWithBody, ChefActionBody> = {
  reject: { reason: 'Please add your hygiene certificate.' },
  pause: { reason: 'Quality check.' },
  ban: { reason: 'Repeated no-shows.' },
};
const ACTIONS = Object.keys(CHEF_ADMIN_ACTIONS) as ChefAdminAction[];

const h = useHarness();
const admin = superUserParty(h);

/** A chef in `status`; a banned one is banned from Active, as an admin's ban leaves it (unban returns there). */
async function chefIn(status: ChefStatusValue) {
  const { chef } = await createChef(h.db, { status, statusBeforeBan: status === ChefStatus.Banned ? ChefStatus.Active : null });
  return { param: { id: String(chef.id) } };
}

describe('the admin chef actions', () => {
  it('each has a route in the app’s route table', () => {
    const routes = new Set(createApp().routes.map((r) => `${r.method} ${r.path}`));
    expect(ACTIONS.filter((action) => !routes.has(`POST /v1/admin/chefs/:id/${action}`))).toEqual([]);
  });

  it('each one the screen offers, in every chef status, answers through its route and moves the chef', async () => {
    const su = (await admin.client()).admin.chefs[':id'];
    const offered = new Set<ChefAdminAction>();
    for (const [name, status] of Object.entries(ChefStatus)) {
      const chef = await chefIn(status);
      const { actions } = (await ok(su.$get(chef))).body.data;
      for (const action of actions) {
        offered.add(action);
        // Each action on a chef of its own in this status, so one action's change does not hide the next.
        const own = await chefIn(status);
        const res = await ok(isWithoutBody(action) ? su[action].$post({ ...own, json: {} }) : su[action].$post({ ...own, json: BODIES[action] }));
        expect(res.body.data.previous_status_name, `${action} from ${name}`).toBe(name);
        expect(res.body.data.status_name, `${action} from ${name}`).not.toBe(name);
      }
    }
    // Every action the schema names is offered in some status: none is a button without a way to reach it.
    expect([...offered].sort()).toEqual([...ACTIONS].sort());
  });
});
