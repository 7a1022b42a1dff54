ALTER TABLE `season_holders` ADD `matches_at_purchase` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `season_passes` ADD `cancel_refund` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `waitlist_entries` ADD `idempotency_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_idempotency_key_uq` ON `waitlist_entries` (`idempotency_key`);--> statement-breakpoint
-- custom: holders bought before this migration: the matches they hold a spot at (any state) are the matches at purchase.
UPDATE `season_holders` SET `matches_at_purchase` = (SELECT count(*) FROM `bookings` b WHERE b.`season_holder_id` = `season_holders`.`id`);
