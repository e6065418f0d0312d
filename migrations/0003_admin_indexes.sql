CREATE INDEX `menus_image` ON `menus` (`image_id`);--> statement-breakpoint
CREATE INDEX `audit_action` ON `audit_log` (`action`);--> statement-breakpoint
CREATE INDEX `users_avatar` ON `users` (`avatar_image_id`);