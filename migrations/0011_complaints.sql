CREATE TABLE `complaints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`chef_id` integer NOT NULL,
	`category` text NOT NULL,
	`text` text NOT NULL,
	`photo_ids` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`chef_answer` text,
	`chef_answered_at` integer,
	`outcome` text,
	`refund_amount` integer,
	`decision_note` text,
	`decided_by` integer,
	`decided_at` integer,
	`write_token` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `complaints_booking` ON `complaints` (`booking_id`);--> statement-breakpoint
CREATE INDEX `complaints_status` ON `complaints` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `complaints_chef` ON `complaints` (`chef_id`,`created_at`);