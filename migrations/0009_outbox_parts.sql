ALTER TABLE `outbox` ADD `html` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `attachments` text;