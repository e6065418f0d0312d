-- payout_items.ban_released_at / ban_released_by: a super-user released one booking's earnings to a banned chef
-- (admin.payouts.service releaseHeld); a banned chef's other ledger lines stay held (db/held-earnings.ts).
ALTER TABLE `payout_items` ADD `ban_released_at` integer;--> statement-breakpoint
ALTER TABLE `payout_items` ADD `ban_released_by` integer REFERENCES users(id);