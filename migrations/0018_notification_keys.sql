-- Notifications keep their notice's key and parameters, so the list shows them in the reader's language
-- (modules/notifications/notify.service.ts); rows written before keep showing their stored title and message.
ALTER TABLE `notifications` ADD `key` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `params` text;