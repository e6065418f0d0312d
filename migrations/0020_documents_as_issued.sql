-- Documents keep the parties as issued (documents/receipts.service.ts, statements.service.ts): a payment stores the
-- receipt's issuer and names when it succeeds, a closed month's statement its issuer, chef and issue date at its
-- first download. Receipts of payments made before this migration get them here, from the company settings and the
-- names as they are now (nothing older is known); closed months' statements get theirs at their next download.
CREATE TABLE `statement_issues` (
	`chef_id` integer NOT NULL,
	`month` text NOT NULL,
	`currency` text NOT NULL,
	`issued_at` integer NOT NULL,
	`issued_parties` text NOT NULL,
	PRIMARY KEY(`chef_id`, `month`, `currency`),
	FOREIGN KEY (`chef_id`) REFERENCES `chefs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `issued_parties` text;--> statement-breakpoint
UPDATE `payments` SET `issued_parties` = json_object(
	'issuer', json(coalesce((select s.`value` from `settings` s where s.`key` = 'company'), '{}')),
	'customer', (select coalesce(nullif(trim(u.`firstname` || ' ' || u.`lastname`), ''), u.`email`) from `bookings` b join `users` u on u.`id` = b.`customer_id` where b.`id` = `payments`.`booking_id`),
	'chef', (select trim(u.`firstname` || ' ' || u.`lastname`) from `bookings` b join `chefs` c on c.`id` = b.`chef_id` join `users` u on u.`id` = c.`user_id` where b.`id` = `payments`.`booking_id`)
) WHERE `issued_parties` IS NULL AND `status` IN ('succeeded', 'refunded', 'partially_refunded');
