// The demo chef (chef@example.com, Zürich) as journeys that book them need it: their request-to-book menu for four
// at the customer's place, and a free evening to book, read from the server's database.
import type { Client } from '@libsql/client';
import { DAY } from '#shared/time';

export const DEMO_CHEF_EMAIL = 'chef@example.com';
export const DEMO_CHEF_TZ = 'Europe/Zurich';

/** The day of an instant in Zürich, YYYY-MM-DD. */
export const zurichDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_CHEF_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/** The demo chef's ids and first name, and their first published request-to-book menu for four at the customer's place. */
export async function demoChef(db: Client): Promise<{ chefId: number; firstname: string; menuId: number }> {
  const chef = (await db.execute({ sql: 'select c.id, u.firstname from chefs c join users u on u.id = c.user_id where u.email = ?', args: [DEMO_CHEF_EMAIL] })).rows[0]!;
  const menu = (
    await db.execute({
      sql: "select id from menus where chef_id = ? and status = 'published' and booking_mode = 'request' and at_customer = 1 and min_guests <= 4 and max_guests >= 4 order by id limit 1",
      args: [Number(chef.id)],
    })
  ).rows[0]!;
  return { chefId: Number(chef.id), firstname: String(chef.firstname), menuId: Number(menu.id) };
}

/**
 * 19:00 in Zürich on the first day from `fromDays` ahead on which the demo chef has nothing: no block, no booking in
 * any active or day-holding state, no checkout holding it.
 */
export async function freeEvening(db: Client, chefId: number, fromDays: number, toDays: number): Promise<Date> {
  for (let i = fromDays; i <= toDays; i++) {
    const day = zurichDay(new Date(Date.now() + i * DAY));
    const taken = await db.execute({
      sql: `select (select count(*) from availability_blocks where chef_id = ?1 and day = ?2)
            + (select count(*) from bookings where chef_id = ?1 and event_date = ?2 and status in ('requested', 'accepted', 'confirmed', 'completed', 'reviewed'))
            + (select count(*) from booking_day_holds where chef_id = ?1 and day = ?2) as n`,
      args: [chefId, day],
    });
    if (Number(taken.rows[0]!.n) === 0) {
      // 19:00 in Zürich: 18:00 UTC in winter, 17:00 UTC in summer.
      for (const utcHour of [17, 18]) {
        const at = new Date(`${day}T${utcHour}:00:00Z`);
        if (new Intl.DateTimeFormat('en-GB', { timeZone: DEMO_CHEF_TZ, hour: '2-digit', hourCycle: 'h23' }).format(at) === '19') return at;
      }
    }
  }
  throw new Error(`the demo chef has no free day between ${fromDays} and ${toDays} days ahead`);
}
