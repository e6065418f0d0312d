-- Menus near with a date reads the chefs a booking or a blocked day holds on that day once, as one list, instead of
-- two lookups per menu of the region (menus.near.ts, commonFilter).
CREATE INDEX `bookings_day_status` ON `bookings` (`event_date`,`status`,`chef_id`);--> statement-breakpoint
CREATE INDEX `availability_blocks_day` ON `availability_blocks` (`day`,`chef_id`);--> statement-breakpoint
-- A menu's tags in menu_search are one character each, char(128 + list item id), in `tags` where `tag_ids` held
-- ",3,17,": a filter tests one character, and the facet counts read one character per tag (menus.near.ts).
ALTER TABLE `menu_search` RENAME COLUMN `tag_ids` TO `tags`;
--> statement-breakpoint
DROP VIEW `menu_search_source`;
--> statement-breakpoint
CREATE VIEW `menu_search_source` AS SELECT cr.`region_id`, m.`review_avg` - 0.5 * c.`recent_cancellations` AS `score`, m.`review_count`, m.`id` AS `menu_id`, m.`chef_id`, m.`min_guests`, m.`max_guests`, m.`at_customer`, m.`at_chef`, coalesce((SELECT group_concat(char(128 + t.`item_id`), '') FROM `menu_tags` t WHERE t.`menu_id` = m.`id`), '') AS `tags`, m.`price_per_person` || ' ' || m.`currency` || ' ' || m.`min_guests` || ' ' || coalesce((SELECT group_concat(p.`min_guests` || ':' || p.`price_per_person`) FROM `menu_price_tiers` p WHERE p.`menu_id` = m.`id`), '') AS `price` FROM `menus` m JOIN `chefs` c ON c.`id` = m.`chef_id` JOIN `users` u ON u.`id` = c.`user_id` JOIN `chef_regions` cr ON cr.`chef_id` = m.`chef_id` WHERE m.`status` = 'published' AND c.`status` = 1 AND u.`disabled_at` IS NULL;
--> statement-breakpoint
DELETE FROM `menu_search`;
--> statement-breakpoint
INSERT INTO `menu_search` SELECT * FROM `menu_search_source`;
