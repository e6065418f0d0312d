-- bookings.region_id: the region the event takes place in, fixed when the booking is made (booking-create.service.ts
-- eventRegionSql). The API never set it; bookings made before are filled in the same way: the region of the
-- address's postal code, else the chef's home region (an event at the chef's place).
UPDATE `bookings` SET `region_id` = coalesce(
	(select pc.region_id from postal_codes pc where bookings.at_chefs_place = 0 and pc.zip = bookings.address_zip order by pc.region_id limit 1),
	(select hc.home_region_id from chefs hc where hc.id = bookings.chef_id)
) WHERE `region_id` IS NULL;
