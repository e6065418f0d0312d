-- WITHOUT ROWID: writing a witness leaves last_insert_rowid() to the guarded insert before it (an audit row names
-- the row that insert created).
CREATE TABLE `write_witnesses` (
	`token` text PRIMARY KEY NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `bookings` DROP COLUMN `write_token`;--> statement-breakpoint
ALTER TABLE `complaints` DROP COLUMN `write_token`;
