CREATE TABLE `menu_search` (
	`region_id` integer NOT NULL,
	`review_avg` real NOT NULL,
	`review_count` integer NOT NULL,
	`menu_id` integer NOT NULL,
	`chef_id` integer NOT NULL,
	`min_guests` integer NOT NULL,
	`max_guests` integer NOT NULL,
	`at_customer` integer NOT NULL,
	`at_chef` integer NOT NULL,
	`tag_ids` text NOT NULL,
	`price` text NOT NULL,
	PRIMARY KEY(`region_id`, `review_avg`, `review_count`, `menu_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `menu_search_menu` ON `menu_search` (`menu_id`);
--> statement-breakpoint
CREATE INDEX `menu_search_chef` ON `menu_search` (`chef_id`);
--> statement-breakpoint
CREATE VIEW `menu_search_source` AS SELECT cr.`region_id`, m.`review_avg`, m.`review_count`, m.`id` AS `menu_id`, m.`chef_id`, m.`min_guests`, m.`max_guests`, m.`at_customer`, m.`at_chef`, coalesce((SELECT ',' || group_concat(t.`item_id`, ',') || ',' FROM `menu_tags` t WHERE t.`menu_id` = m.`id`), ',') AS `tag_ids`, m.`price_per_person` || ' ' || m.`currency` || ' ' || m.`min_guests` || ' ' || coalesce((SELECT group_concat(p.`min_guests` || ':' || p.`price_per_person`) FROM `menu_price_tiers` p WHERE p.`menu_id` = m.`id`), '') AS `price` FROM `menus` m JOIN `chefs` c ON c.`id` = m.`chef_id` JOIN `users` u ON u.`id` = c.`user_id` JOIN `chef_regions` cr ON cr.`chef_id` = m.`chef_id` WHERE m.`status` = 'published' AND c.`status` = 1 AND u.`disabled_at` IS NULL;
--> statement-breakpoint
CREATE TRIGGER `menus_insert_menu_search` AFTER INSERT ON `menus` BEGIN INSERT INTO `menu_search` SELECT * FROM `menu_search_source` WHERE `menu_id` = new.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `menus_update_menu_search` AFTER UPDATE OF `id`, `chef_id`, `status`, `review_avg`, `review_count`, `min_guests`, `max_guests`, `at_customer`, `at_chef`, `price_per_person`, `currency` ON `menus` BEGIN DELETE FROM `menu_search` WHERE `menu_id` = old.`id`; INSERT INTO `menu_search` SELECT * FROM `menu_search_source` WHERE `menu_id` = new.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `menus_delete_menu_search` AFTER DELETE ON `menus` BEGIN DELETE FROM `menu_search` WHERE `menu_id` = old.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `menu_tags_insert_menu_search` AFTER INSERT ON `menu_tags` BEGIN DELETE FROM `menu_search` WHERE `menu_id` = new.`menu_id`; INSERT INTO `menu_search` SELECT * FROM `menu_search_source` WHERE `menu_id` = new.`menu_id`; END;
--> statement-breakpoint
CREATE TRIGGER `menu_tags_update_menu_search` AFTER UPDATE ON `menu_tags` BEGIN DELETE FROM `menu_search` WHERE `menu_id` IN (old.`menu_id`, new.`menu_id`); INSERT INTO `menu_search` SELECT * FROM `menu_search_source` WHERE `menu_id` IN (old.`menu_id`, new.`menu_id`); END;
--> statement-breakpoint
CREATE TRIGGER `menu_tags_delete_menu_search` AFTER DELETE ON `menu_tags` BEGIN DELETE FROM `menu_search` WHERE `menu_id` = old.`menu_id`; INSERT INTO `menu_search` SELECT * FROM `menu_search_source` WHERE `menu_id` = old.`menu_id`; END;
--> statement-breakpoint
CREATE TRIGGER `menu_price_tiers_insert_menu_search` AFTER INSERT ON `menu_price_tiers` BEGIN DELETE FROM `menu_search` WHERE `menu_id` = new.`menu_id`; INSERT INTO `menu_search` SELECT * FROM `menu_search_source` WHERE `menu_id` = new.`menu_id`; END;
--> statement-breakpoint
CREATE TRIGGER `menu_price_tiers_update_menu_search` AFTER UPDATE ON `menu_price_tiers` BEGIN DELETE FROM `menu_search` WHERE `menu_id` IN (old.`menu_id`, new.`menu_id`); INSERT INTO `menu_search` SELECT * FROM `menu_search_source` WHERE `menu_id` IN (old.`menu_id`, new.`menu_id`); END;
--> statement-breakpoint
CREATE TRIGGER `menu_price_tiers_delete_menu_search` AFTER DELETE ON `menu_price_tiers` BEGIN DELETE FROM `menu_search` WHERE `menu_id` = old.`menu_id`; INSERT INTO `menu_search` SELECT * FROM `menu_search_source` WHERE `menu_id` = old.`menu_id`; END;
--> statement-breakpoint
CREATE TRIGGER `chefs_update_menu_search` AFTER UPDATE OF `id`, `user_id`, `status` ON `chefs` BEGIN DELETE FROM `menu_search` WHERE `chef_id` = old.`id`; INSERT INTO `menu_search` SELECT * FROM `menu_search_source` WHERE `chef_id` = new.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `chefs_delete_menu_search` AFTER DELETE ON `chefs` BEGIN DELETE FROM `menu_search` WHERE `chef_id` = old.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `users_update_menu_search` AFTER UPDATE OF `disabled_at` ON `users` BEGIN DELETE FROM `menu_search` WHERE `chef_id` IN (SELECT `id` FROM `chefs` WHERE `user_id` = new.`id`); INSERT INTO `menu_search` SELECT * FROM `menu_search_source` WHERE `chef_id` IN (SELECT `id` FROM `chefs` WHERE `user_id` = new.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `chef_regions_insert_menu_search` AFTER INSERT ON `chef_regions` BEGIN INSERT INTO `menu_search` SELECT * FROM `menu_search_source` WHERE `chef_id` = new.`chef_id` AND `region_id` = new.`region_id`; END;
--> statement-breakpoint
CREATE TRIGGER `chef_regions_update_menu_search` AFTER UPDATE ON `chef_regions` BEGIN DELETE FROM `menu_search` WHERE `chef_id` = old.`chef_id` AND `region_id` = old.`region_id`; INSERT INTO `menu_search` SELECT * FROM `menu_search_source` WHERE `chef_id` = new.`chef_id` AND `region_id` = new.`region_id`; END;
--> statement-breakpoint
CREATE TRIGGER `chef_regions_delete_menu_search` AFTER DELETE ON `chef_regions` BEGIN DELETE FROM `menu_search` WHERE `chef_id` = old.`chef_id` AND `region_id` = old.`region_id`; END;
--> statement-breakpoint
INSERT INTO `menu_search` SELECT * FROM `menu_search_source`;
--> statement-breakpoint
CREATE TABLE `menu_cards` (
	`menu_id` integer PRIMARY KEY NOT NULL,
	`chef_id` integer NOT NULL,
	`image_id` integer,
	`avatar_image_id` integer,
	`menu` text NOT NULL,
	`chef` text NOT NULL,
	`firstname` text NOT NULL
);
--> statement-breakpoint
CREATE VIEW `menu_card_source` AS SELECT m.`id` AS `menu_id`, m.`chef_id`, m.`image_id`, u.`avatar_image_id`, '"id":' || m.`id` || ',"chef_id":' || m.`chef_id` || ',"name":' || json_quote(m.`name`) || ',"description":' || json_quote(m.`description`) || ',"review_count":' || m.`review_count` || ',"review_avg":' || (cast(m.`review_avg` * 10 + 0.5 AS integer) / 10.0) || ',"min_guests":' || m.`min_guests` || ',"max_guests":' || m.`max_guests` || ',"at_customer":' || iif(m.`at_customer`, 'true', 'false') || ',"at_chef":' || iif(m.`at_chef`, 'true', 'false') || ',"booking_mode":' || json_quote(m.`booking_mode`) AS `menu`, '"id":' || c.`id` || ',"uri":' || json_quote(c.`uri`) || ',"firstname":' || json_quote(u.`firstname`) || ',"lastname":' || json_quote(u.`lastname`) || ',"display_location":' || json_quote(c.`display_location`) || ',"is_pro":' || iif(c.`is_pro`, 'true', 'false') || ',"is_signature":' || iif(c.`is_signature`, 'true', 'false') || ',"is_verified":' || iif(c.`is_verified`, 'true', 'false') || ',"verified_at":' || iif(c.`verified_at` IS NULL, 'null', '"' || strftime('%Y-%m-%dT%H:%M:%S', c.`verified_at` / 1000, 'unixepoch') || '.' || substr('00' || (c.`verified_at` % 1000), -3) || 'Z"') || ',"review_count":' || c.`review_count` || ',"review_avg":' || (cast(c.`review_avg` * 10 + 0.5 AS integer) / 10.0) AS `chef`, json_quote(u.`firstname`) AS `firstname` FROM `menus` m JOIN `chefs` c ON c.`id` = m.`chef_id` JOIN `users` u ON u.`id` = c.`user_id`;
--> statement-breakpoint
CREATE TRIGGER `menus_insert_menu_cards` AFTER INSERT ON `menus` BEGIN INSERT OR REPLACE INTO `menu_cards` SELECT * FROM `menu_card_source` WHERE `menu_id` = new.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `menus_update_menu_cards` AFTER UPDATE ON `menus` BEGIN DELETE FROM `menu_cards` WHERE `menu_id` = old.`id` AND old.`id` <> new.`id`; INSERT OR REPLACE INTO `menu_cards` SELECT * FROM `menu_card_source` WHERE `menu_id` = new.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `menus_delete_menu_cards` AFTER DELETE ON `menus` BEGIN DELETE FROM `menu_cards` WHERE `menu_id` = old.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `chefs_update_menu_cards` AFTER UPDATE ON `chefs` BEGIN INSERT OR REPLACE INTO `menu_cards` SELECT * FROM `menu_card_source` WHERE `chef_id` = new.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `users_update_menu_cards` AFTER UPDATE OF `firstname`, `lastname`, `avatar_image_id` ON `users` BEGIN INSERT OR REPLACE INTO `menu_cards` SELECT * FROM `menu_card_source` WHERE `chef_id` IN (SELECT `id` FROM `chefs` WHERE `user_id` = new.`id`); END;
--> statement-breakpoint
INSERT INTO `menu_cards` SELECT * FROM `menu_card_source`;
