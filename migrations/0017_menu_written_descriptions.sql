-- Menu and course descriptions are public: `description` becomes the text as visitors read it, contact details masked
-- when the chef saves (functions/_api/lib/masking.ts), and `written_description` keeps what the chef wrote when it
-- differs. Menus saved before have no `masked_with` yet: the sweep masks them from their stored text.
ALTER TABLE `menu_courses` ADD `written_description` text;--> statement-breakpoint
ALTER TABLE `menus` ADD `written_description` text;--> statement-breakpoint
ALTER TABLE `menus` ADD `masked_with` integer;