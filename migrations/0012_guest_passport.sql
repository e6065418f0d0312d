CREATE TABLE `guest_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`edit_key_hash` text NOT NULL,
	`name` text NOT NULL,
	`diets` text NOT NULL,
	`allergies` text NOT NULL,
	`severe_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guest_answers_booking_key` ON `guest_answers` (`booking_id`,`edit_key_hash`);--> statement-breakpoint
CREATE TABLE `guest_invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guest_invites_token` ON `guest_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `guest_invites_booking` ON `guest_invites` (`booking_id`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `allergy_ack` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `allergy_ack_at` integer;