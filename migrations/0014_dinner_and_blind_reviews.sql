CREATE TABLE `guest_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`chef_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`rating_punctuality` integer NOT NULL,
	`rating_kitchen` integer NOT NULL,
	`rating_respect` integer NOT NULL,
	`rating` real NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`published_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guest_reviews_booking` ON `guest_reviews` (`booking_id`);--> statement-breakpoint
CREATE INDEX `guest_reviews_customer` ON `guest_reviews` (`customer_id`,`published_at`);--> statement-breakpoint
CREATE INDEX `guest_reviews_unpublished` ON `guest_reviews` (`booking_id`) WHERE published_at is null;--> statement-breakpoint
ALTER TABLE `reviews` ADD `published_at` integer;--> statement-breakpoint
CREATE INDEX `reviews_unpublished` ON `reviews` (`booking_id`) WHERE published_at is null;--> statement-breakpoint
ALTER TABLE `chefs` ADD `recent_cancellations` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Chef cancellations count against the chef in the ranking (README Decisions, "chef cancellations in the ranking"):
-- menu_search is keyed by `score`, the menu's rating less 0.5 per confirmed booking the chef cancelled in the last
-- 180 days (chefs.recent_cancellations), instead of the bare rating. The card keeps showing the rating itself.
ALTER TABLE `menu_search` RENAME COLUMN `review_avg` TO `score`;
--> statement-breakpoint
DROP VIEW `menu_search_source`;
--> statement-breakpoint
CREATE VIEW `menu_search_source` AS SELECT cr.`region_id`, m.`review_avg` - 0.5 * c.`recent_cancellations` AS `score`, m.`review_count`, m.`id` AS `menu_id`, m.`chef_id`, m.`min_guests`, m.`max_guests`, m.`at_customer`, m.`at_chef`, coalesce((SELECT ',' || group_concat(t.`item_id`, ',') || ',' FROM `menu_tags` t WHERE t.`menu_id` = m.`id`), ',') AS `tag_ids`, m.`price_per_person` || ' ' || m.`currency` || ' ' || m.`min_guests` || ' ' || coalesce((SELECT group_concat(p.`min_guests` || ':' || p.`price_per_person`) FROM `menu_price_tiers` p WHERE p.`menu_id` = m.`id`), '') AS `price` FROM `menus` m JOIN `chefs` c ON c.`id` = m.`chef_id` JOIN `users` u ON u.`id` = c.`user_id` JOIN `chef_regions` cr ON cr.`chef_id` = m.`chef_id` WHERE m.`status` = 'published' AND c.`status` = 1 AND u.`disabled_at` IS NULL;
--> statement-breakpoint
DROP TRIGGER `chefs_update_menu_search`;
--> statement-breakpoint
CREATE TRIGGER `chefs_update_menu_search` AFTER UPDATE OF `id`, `user_id`, `status`, `recent_cancellations` ON `chefs` BEGIN DELETE FROM `menu_search` WHERE `chef_id` = old.`id`; INSERT INTO `menu_search` SELECT * FROM `menu_search_source` WHERE `chef_id` = new.`id`; END;
--> statement-breakpoint
UPDATE `chefs` SET `recent_cancellations` = (SELECT count(*) FROM `chef_cancellations` cc WHERE cc.`chef_id` = `chefs`.`id` AND cc.`created_at` > (unixepoch() - 180 * 86400) * 1000) WHERE `id` IN (SELECT `chef_id` FROM `chef_cancellations`);
--> statement-breakpoint
-- Reviews written before the blind rule were public at once: they stay published from when they were written.
UPDATE `reviews` SET `published_at` = `created_at`;
