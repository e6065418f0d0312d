-- Menu and course names are public like their descriptions: `name` becomes the name as visitors read it, contact
-- details masked when the chef saves (functions/_api/lib/masking.ts), and `written_name` keeps what the chef wrote
-- when it differs. MASKING_VERSION 3 has the sweep mask the names of menus saved before.
ALTER TABLE `menu_courses` ADD `written_name` text;--> statement-breakpoint
ALTER TABLE `menus` ADD `written_name` text;