// Control characters in texts (issue 15 L3): a NUL in an admin search was a 500 from the full-text query, and a NUL in
// a name stored hidden text after it. Every text refuses C0/C1 controls with a field error; line breaks and tabs stay
// in multi-line texts (a message), and one-line texts (a name) refuse them and bidi overrides.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../functions/_api/db/schema/users';
import { useHarness } from '../support/use-harness';
import { superUser } from '../support/admin-fixtures';
import { signedUp } from '../support/agent';
import { as, requestBooking, sendMessage, world } from '../support/booking-fixtures';
import { ok, refused, typedClient } from '../support/typed-client';
import { userByEmail } from '../support/chef-fixtures';

const CONTROL = 'This text contains invisible control characters. Please remove them.';

const h = useHarness();

describe('control characters', () => {
  it.each(['users', 'chefs', 'bookings'] as const)('a NUL in the search of /v1/admin/%s is a 400 on q, not a 500', async (list) => {
    const admin = typedClient((await superUser(h)).agent).admin;
    const q = 'a\u0000b';
    const search = { users: () => admin.users.$get({ query: { q } }), chefs: () => admin.chefs.$get({ query: { q } }), bookings: () => admin.bookings.$get({ query: { q } }) }[list];
    const res = await refused(search());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { q: [CONTROL] } });
  });

  it('a name with a NUL, another control or a line break is refused, and the stored name stays', async () => {
    const s = await signedUp(h, { firstname: 'Julia' });
    for (const [firstname, message] of [
      ['Ju\u0000lia-evil', CONTROL],
      ['Ju\u0085lia', CONTROL],
      ['Ju\u001blia', CONTROL],
      ['Ju\nlia', 'Please keep this on one line.'],
    ] as const) {
      const res = await refused(typedClient(s.agent).users.me.$put({ json: { firstname, lastname: 'Muster' } }));
      expect(res.status, JSON.stringify(firstname)).toBe(400);
      expect(res.body.errors.firstname).toEqual([message]);
    }
    expect((await userByEmail(h.db, s.email)).firstname).toBe('Julia');
  });

  it('a right-to-left override cannot spoof a name', async () => {
    const s = await signedUp(h, { firstname: 'Julia' });
    const res = await refused(typedClient(s.agent).users.me.$put({ json: { firstname: 'Julia', lastname: 'Muster\u202egpj.exe' } }));
    expect(res.status).toBe(400);
    expect(res.body.errors.lastname).toEqual([CONTROL]);
    const [row] = await h.db.select({ lastname: users.lastname }).from(users).where(eq(users.email, s.email));
    expect(row!.lastname).toBe('Muster');
  });

  it('a message keeps its line breaks and tabs but not a NUL', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const chef = await as(h, w.chef);
    const sent = await ok(sendMessage(chef, id, 'Menu:\n\t1. Soup\r\n\t2. Fish'));
    expect(sent.status).toBe(201);
    expect(sent.body.data.text).toBe('Menu:\n\t1. Soup\r\n\t2. Fish');
    const bad = await refused(sendMessage(chef, id, 'Hello\u0000 there'));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.text).toEqual([CONTROL]);
  });
});
