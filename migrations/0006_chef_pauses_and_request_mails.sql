ALTER TABLE `bookings` ADD `chef_mailed_at` integer;--> statement-breakpoint
CREATE INDEX `bookings_chef_mail_due` ON `bookings` (`chef_id`,`created_at`) WHERE chef_mailed_at is null;--> statement-breakpoint
ALTER TABLE `chefs` ADD `paused_by` text;--> statement-breakpoint
ALTER TABLE `chefs` ADD `pause_reason` text;--> statement-breakpoint
-- Every booking so far was mailed to its chef when it was made: none waits for a digest.
UPDATE `bookings` SET `chef_mailed_at` = `created_at`;--> statement-breakpoint
-- Who paused a profile that is paused now (or was when it was banned), from the audit trail of its last pause.
UPDATE `chefs` SET `paused_by` = coalesce((
  SELECT CASE WHEN json_extract(a.`after`, '$.actor_role') = 'admin' THEN 'admin' ELSE 'chef' END
  FROM `audit_log` a WHERE a.`target_type` = 'chef' AND a.`target_id` = CAST(`chefs`.`id` AS TEXT) AND a.`action` = 'chef.status.pause'
  ORDER BY a.`id` DESC LIMIT 1), 'chef')
WHERE `status` = 2 OR `status_before_ban` = 2;
