// bookings.region_id: the region the event takes place in, fixed when the booking is made (the address's postal code,
// else the chef's home region), and what the alternatives after a chef cancels search. Migration 0015 fills it the
// same way for bookings made before it was set.
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import backfill from '../../migrations/0015_booking_regions.sql?raw';
import { bookings } from '../../functions/_api/db/schema/bookings';
import { chefs } from '../../functions/_api/db/schema/chefs';
import { START } from '../support/harness';
import { useHarness } from '../support/use-harness';
import { requestBooking, startsIn, world } from '../support/booking-fixtures';
import { createRegion, serveRegion } from '../support/discovery-fixtures';

const h = useHarness();
beforeEach(() => h.clock.set(START));

const regionOf = async (id: number) => (await h.db.select({ r: bookings.regionId }).from(bookings).where(eq(bookings.id, id)))[0]!.r;

/** A chef serving a region of its own, reached through postal code `zip`, with another region as home. */
async function servedWorld(zip: string) {
  const w = await world(h);
  const place = await createRegion(h.db, { name: `Placeville ${zip}`, zips: [zip] });
  const home = await createRegion(h.db, { name: `Hometown ${zip}` });
  await serveRegion(h.db, w.chef.chefId, place.id);
  await h.db.update(chefs).set({ homeRegionId: home.id }).where(eq(chefs.id, w.chef.chefId));
  return { w, place: place.id, home: home.id };
}

describe('the region of a booking', () => {
  it('is the region of the address’s postal code, or the chef’s home region at the chef’s place or for an unknown postal code', async () => {
    const { w, place, home } = await servedWorld('9471');
    const atCustomer = await requestBooking(h, w, { starts_at: startsIn(h, 20), address: { street: 'Seestrasse 9', zip: '9471', city: 'Placeville' } });
    const atChef = await requestBooking(h, w, { starts_at: startsIn(h, 21), at_chefs_place: true, address: null });
    const unknownZip = await requestBooking(h, w, { starts_at: startsIn(h, 22), address: { street: 'Seestrasse 9', zip: '0001', city: 'Nowhere' } });
    expect([await regionOf(atCustomer), await regionOf(atChef), await regionOf(unknownZip)]).toEqual([place, home, home]);
    // Fixed when the booking was made: the chef moving home later does not move the event.
    const moved = await createRegion(h.db, { name: 'Elsewhere 9471' });
    await h.db.update(chefs).set({ homeRegionId: moved.id }).where(eq(chefs.id, w.chef.chefId));
    expect(await regionOf(atChef)).toBe(home);
  });

  it('is filled by migration 0015 for bookings made before, the same way', async () => {
    const { w, place, home } = await servedWorld('9472');
    const atCustomer = await requestBooking(h, w, { starts_at: startsIn(h, 20), address: { street: 'Seestrasse 9', zip: '9472', city: 'Placeville' } });
    const atChef = await requestBooking(h, w, { starts_at: startsIn(h, 21), at_chefs_place: true, address: null });
    await h.db.update(bookings).set({ regionId: null }).where(eq(bookings.chefId, w.chef.chefId));
    await h.db.run(sql.raw(backfill));
    expect([await regionOf(atCustomer), await regionOf(atChef)]).toEqual([place, home]);
  });
});
