CREATE TABLE `booking_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`actor_role` text NOT NULL,
	`actor_user_id` integer,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `booking_events_booking` ON `booking_events` (`booking_id`,`id`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`chef_id` integer NOT NULL,
	`menu_id` integer NOT NULL,
	`menu_name` text NOT NULL,
	`status` text NOT NULL,
	`occasion` text DEFAULT 'other' NOT NULL,
	`at_chefs_place` integer DEFAULT false NOT NULL,
	`address_street` text,
	`address_zip` text,
	`address_city` text,
	`region_id` integer,
	`guests` integer NOT NULL,
	`event_date` text NOT NULL,
	`starts_at` integer NOT NULL,
	`timezone` text NOT NULL,
	`diets` text NOT NULL,
	`allergens` text NOT NULL,
	`kitchen_notes` text DEFAULT '' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`currency` text NOT NULL,
	`price_per_person` integer NOT NULL,
	`subtotal` integer NOT NULL,
	`service_fee` integer NOT NULL,
	`total` integer NOT NULL,
	`commission` integer NOT NULL,
	`chef_earnings` integer NOT NULL,
	`service_fee_bp` integer NOT NULL,
	`commission_bp` integer NOT NULL,
	`respond_by` integer,
	`payment_due_by` integer,
	`accepted_at` integer,
	`confirmed_at` integer,
	`completed_at` integer,
	`cancelled_at` integer,
	`reason` text,
	`idempotency_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`region_id`) REFERENCES `regions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bookings_customer` ON `bookings` (`customer_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `bookings_chef` ON `bookings` (`chef_id`,`status`);--> statement-breakpoint
CREATE INDEX `bookings_chef_day` ON `bookings` (`chef_id`,`event_date`);--> statement-breakpoint
CREATE INDEX `bookings_status_deadlines` ON `bookings` (`status`,`starts_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_customer_idempotency` ON `bookings` (`customer_id`,`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_one_per_chef_day` ON `bookings` (`chef_id`,`event_date`) WHERE status in ('confirmed', 'completed', 'reviewed');--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL,
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`status` integer,
	`response` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `scope`, `key`)
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`amount` integer NOT NULL,
	`refunded_amount` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payments_booking` ON `payments` (`booking_id`);--> statement-breakpoint
CREATE INDEX `payments_user` ON `payments` (`user_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_ref` ON `payments` (`provider`,`provider_ref`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` integer NOT NULL,
	`booking_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_ref` text,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `refunds_booking` ON `refunds` (`booking_id`);--> statement-breakpoint
CREATE INDEX `refunds_payment` ON `refunds` (`payment_id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`chef_id` integer NOT NULL,
	`menu_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`rating_food` integer NOT NULL,
	`rating_service` integer NOT NULL,
	`rating_hygiene` integer NOT NULL,
	`rating_value` integer NOT NULL,
	`rating_communication` integer NOT NULL,
	`rating` real NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`reply` text,
	`replied_at` integer,
	`hidden_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_booking` ON `reviews` (`booking_id`);--> statement-breakpoint
CREATE INDEX `reviews_chef` ON `reviews` (`chef_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_menu` ON `reviews` (`menu_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`provider`, `event_id`)
);
--> statement-breakpoint
CREATE TABLE `availability_blocks` (
	`chef_id` integer NOT NULL,
	`day` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`chef_id`, `day`),
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `chef_cuisines` (
	`chef_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	PRIMARY KEY(`chef_id`, `item_id`),
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `list_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `chef_regions` (
	`chef_id` integer NOT NULL,
	`region_id` integer NOT NULL,
	PRIMARY KEY(`chef_id`, `region_id`),
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`region_id`) REFERENCES `regions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chef_regions_region` ON `chef_regions` (`region_id`,`chef_id`);--> statement-breakpoint
CREATE TABLE `chefs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`uri` text NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`status_before_ban` integer,
	`is_pro` integer DEFAULT false NOT NULL,
	`is_signature` integer DEFAULT false NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`verified_at` integer,
	`display_location` text DEFAULT '' NOT NULL,
	`profile_bio` text DEFAULT '' NOT NULL,
	`languages` text DEFAULT '[]' NOT NULL,
	`experience_years` integer,
	`address` text DEFAULT '' NOT NULL,
	`home_region_id` integer,
	`lat` real,
	`lon` real,
	`travel_radius_km` integer DEFAULT 30 NOT NULL,
	`timezone` text DEFAULT 'Europe/Zurich' NOT NULL,
	`currency` text DEFAULT 'CHF' NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`review_avg` real DEFAULT 0 NOT NULL,
	`rejection_reason` text,
	`submitted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`home_region_id`) REFERENCES `regions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chefs_user` ON `chefs` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `chefs_uri` ON `chefs` (`uri`);--> statement-breakpoint
CREATE INDEX `chefs_status` ON `chefs` (`status`);--> statement-breakpoint
CREATE TABLE `payout_details` (
	`chef_id` integer PRIMARY KEY NOT NULL,
	`account_holder` text NOT NULL,
	`iban` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `content_pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`url` text NOT NULL,
	`locale` text NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_pages_url_locale` ON `content_pages` (`url`,`locale`);--> statement-breakpoint
CREATE TABLE `faq_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic_id` integer NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`topic_id`) REFERENCES `faq_topics`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `faq_entries_topic` ON `faq_entries` (`topic_id`,`position`);--> statement-breakpoint
CREATE TABLE `faq_topics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`locale` text NOT NULL,
	`title` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `faq_topics_locale` ON `faq_topics` (`locale`,`position`);--> statement-breakpoint
CREATE TABLE `newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`unsubscribed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_email` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE TABLE `attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text DEFAULT 'other' NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`storage_key` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `attachments_user` ON `attachments` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_user_id` integer,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stacks` text NOT NULL,
	`content_type` text DEFAULT 'image/jpeg' NOT NULL,
	`moderated_by` integer,
	`moderated_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `images_status` ON `images` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `images_owner` ON `images` (`owner_user_id`);--> statement-breakpoint
CREATE TABLE `list_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`names` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`retired_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `list_items_kind_key` ON `list_items` (`kind`,`key`);--> statement-breakpoint
CREATE TABLE `menu_courses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`menu_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`course_type` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`allergens` text NOT NULL,
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `menu_courses_menu` ON `menu_courses` (`menu_id`,`position`);--> statement-breakpoint
CREATE TABLE `menu_price_tiers` (
	`menu_id` integer NOT NULL,
	`min_guests` integer NOT NULL,
	`price_per_person` integer NOT NULL,
	PRIMARY KEY(`menu_id`, `min_guests`),
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `menu_tags` (
	`menu_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	PRIMARY KEY(`menu_id`, `item_id`),
	FOREIGN KEY (`menu_id`) REFERENCES `menus`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `list_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `menu_tags_item` ON `menu_tags` (`item_id`,`menu_id`);--> statement-breakpoint
CREATE TABLE `menus` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chef_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`image_id` integer,
	`min_guests` integer DEFAULT 2 NOT NULL,
	`max_guests` integer DEFAULT 12 NOT NULL,
	`currency` text DEFAULT 'CHF' NOT NULL,
	`price_per_person` integer NOT NULL,
	`at_customer` integer DEFAULT false NOT NULL,
	`at_chef` integer DEFAULT false NOT NULL,
	`booking_mode` text DEFAULT 'request' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`review_avg` real DEFAULT 0 NOT NULL,
	`published_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `menus_chef_status` ON `menus` (`chef_id`,`status`);--> statement-breakpoint
CREATE TABLE `message_threads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`last_message_id` integer,
	`last_message_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_threads_booking` ON `message_threads` (`booking_id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`thread_id` integer NOT NULL,
	`sender_user_id` integer NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `message_threads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `messages_thread` ON `messages` (`thread_id`,`id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text DEFAULT 'info' NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`link` text,
	`read_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `thread_participants` (
	`thread_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`is_chef` integer NOT NULL,
	`unseen_count` integer DEFAULT 0 NOT NULL,
	`last_read_message_id` integer,
	`last_read_at` integer,
	PRIMARY KEY(`thread_id`, `user_id`),
	FOREIGN KEY (`thread_id`) REFERENCES `message_threads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `thread_participants_user` ON `thread_participants` (`user_id`,`thread_id`);--> statement-breakpoint
CREATE TABLE `payout_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`chef_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`release_at` integer NOT NULL,
	`payout_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_items_booking` ON `payout_items` (`booking_id`);--> statement-breakpoint
CREATE INDEX `payout_items_chef` ON `payout_items` (`chef_id`,`release_at`);--> statement-breakpoint
CREATE INDEX `payout_items_payout` ON `payout_items` (`payout_id`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chef_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`reference` text NOT NULL,
	`account_holder` text NOT NULL,
	`iban` text NOT NULL,
	`created_by` integer,
	`paid_at` integer,
	`failed_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_reference` ON `payouts` (`reference`);--> statement-breakpoint
CREATE INDEX `payouts_chef` ON `payouts` (`chef_id`,`id`);--> statement-breakpoint
CREATE INDEX `payouts_status` ON `payouts` (`status`);--> statement-breakpoint
CREATE TABLE `popular_cities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`region_id` integer NOT NULL,
	`display_name` text NOT NULL,
	`image_id` integer,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`region_id`) REFERENCES `regions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `postal_codes` (
	`zip` text NOT NULL,
	`region_id` integer NOT NULL,
	`country_code` text NOT NULL,
	PRIMARY KEY(`zip`, `region_id`),
	FOREIGN KEY (`region_id`) REFERENCES `regions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `postal_codes_region` ON `postal_codes` (`region_id`);--> statement-breakpoint
CREATE TABLE `regions` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`search_name` text NOT NULL,
	`zip` text,
	`state` text DEFAULT '' NOT NULL,
	`country_code` text NOT NULL,
	`lat` real NOT NULL,
	`lon` real NOT NULL,
	`population` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `regions_search_name` ON `regions` (`search_name`);--> statement-breakpoint
CREATE INDEX `regions_lat` ON `regions` (`lat`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_user_id` integer,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text,
	`before` text,
	`after` text,
	`ip` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_target` ON `audit_log` (`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `audit_created` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`template` text,
	`locale` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_recipient` ON `outbox` (`recipient`,`id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_by` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `oauth_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`provider` text NOT NULL,
	`subject` text NOT NULL,
	`email` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_provider_subject` ON `oauth_accounts` (`provider`,`subject`);--> statement-breakpoint
CREATE INDEX `oauth_user` ON `oauth_accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`remember_me` integer DEFAULT false NOT NULL,
	`user_agent` text,
	`ip` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`firstname` text DEFAULT '' NOT NULL,
	`lastname` text DEFAULT '' NOT NULL,
	`password_hash` text,
	`email_verified_at` integer,
	`phone` text,
	`phone_country` text,
	`phone_verified_at` integer,
	`avatar_image_id` integer,
	`locale` text DEFAULT 'en' NOT NULL,
	`currency` text DEFAULT 'CHF' NOT NULL,
	`is_su` integer DEFAULT false NOT NULL,
	`early_access` integer DEFAULT false NOT NULL,
	`disabled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`avatar_image_id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `verification_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`target` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `verification_token_hash` ON `verification_tokens` (`kind`,`token_hash`);--> statement-breakpoint
CREATE INDEX `verification_user_kind` ON `verification_tokens` (`user_id`,`kind`);