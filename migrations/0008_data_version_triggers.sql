DROP TRIGGER IF EXISTS `availability_blocks_delete_days`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `availability_blocks_insert_days`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `availability_blocks_update_days`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `bookings_delete_days`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `bookings_insert_days`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `bookings_update_days`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `chef_regions_delete_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `chef_regions_insert_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `chef_regions_update_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `chefs_delete_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `chefs_insert_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `chefs_update_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `images_delete_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `images_update_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `list_items_delete_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `list_items_insert_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `list_items_update_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `menu_price_tiers_delete_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `menu_price_tiers_insert_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `menu_price_tiers_update_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `menu_tags_delete_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `menu_tags_insert_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `menu_tags_update_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `menus_delete_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `menus_insert_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `menus_update_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `regions_delete_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `regions_insert_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `regions_update_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `settings_delete_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `settings_insert_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `settings_update_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `users_delete_catalog`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `users_update_catalog`;
--> statement-breakpoint
CREATE TRIGGER `menus_insert_catalog` AFTER INSERT ON `menus` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `menus_update_catalog` AFTER UPDATE ON `menus` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `menus_delete_catalog` AFTER DELETE ON `menus` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `menu_tags_insert_catalog` AFTER INSERT ON `menu_tags` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `menu_tags_update_catalog` AFTER UPDATE ON `menu_tags` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `menu_tags_delete_catalog` AFTER DELETE ON `menu_tags` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `menu_price_tiers_insert_catalog` AFTER INSERT ON `menu_price_tiers` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `menu_price_tiers_update_catalog` AFTER UPDATE ON `menu_price_tiers` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `menu_price_tiers_delete_catalog` AFTER DELETE ON `menu_price_tiers` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `chefs_insert_catalog` AFTER INSERT ON `chefs` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `chefs_update_catalog` AFTER UPDATE ON `chefs` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `chefs_delete_catalog` AFTER DELETE ON `chefs` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `chef_regions_insert_catalog` AFTER INSERT ON `chef_regions` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `chef_regions_update_catalog` AFTER UPDATE ON `chef_regions` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `chef_regions_delete_catalog` AFTER DELETE ON `chef_regions` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `list_items_insert_catalog` AFTER INSERT ON `list_items` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `list_items_update_catalog` AFTER UPDATE ON `list_items` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `list_items_delete_catalog` AFTER DELETE ON `list_items` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `settings_insert_catalog` AFTER INSERT ON `settings` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `settings_update_catalog` AFTER UPDATE ON `settings` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `settings_delete_catalog` AFTER DELETE ON `settings` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `regions_insert_catalog` AFTER INSERT ON `regions` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `regions_update_catalog` AFTER UPDATE ON `regions` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `regions_delete_catalog` AFTER DELETE ON `regions` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `users_update_catalog` AFTER UPDATE OF `firstname`, `lastname`, `avatar_image_id`, `disabled_at` ON `users` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `users_delete_catalog` AFTER DELETE ON `users` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `images_update_catalog` AFTER UPDATE OF `status`, `stacks` ON `images` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `images_delete_catalog` AFTER DELETE ON `images` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'catalog'; END;
--> statement-breakpoint
CREATE TRIGGER `availability_blocks_insert_days` AFTER INSERT ON `availability_blocks` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'days'; END;
--> statement-breakpoint
CREATE TRIGGER `availability_blocks_update_days` AFTER UPDATE ON `availability_blocks` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'days'; END;
--> statement-breakpoint
CREATE TRIGGER `availability_blocks_delete_days` AFTER DELETE ON `availability_blocks` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'days'; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_insert_days` AFTER INSERT ON `bookings` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'days'; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_update_days` AFTER UPDATE OF `status`, `event_date`, `chef_id` ON `bookings` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'days'; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_delete_days` AFTER DELETE ON `bookings` BEGIN UPDATE `data_versions` SET `version` = (random() >> 11) WHERE `name` = 'days'; END;
