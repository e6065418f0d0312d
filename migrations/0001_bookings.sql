CREATE TABLE `booking_day_holds` (
	`chef_id` integer NOT NULL,
	`day` text NOT NULL,
	`booking_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`chef_id`, `day`),
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `booking_day_holds_booking` ON `booking_day_holds` (`booking_id`);--> statement-breakpoint
CREATE INDEX `booking_day_holds_expiry` ON `booking_day_holds` (`expires_at`);--> statement-breakpoint
CREATE TABLE `chef_cancellations` (
	`booking_id` integer PRIMARY KEY NOT NULL,
	`chef_id` integer NOT NULL,
	`hours_before_event` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chef_cancellations_chef` ON `chef_cancellations` (`chef_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `write_token` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `checkout_url` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `provider_payment_ref` text;