ALTER TABLE `waitlist_entries` ADD `idempotency_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_idempotency_key_uq` ON `waitlist_entries` (`idempotency_key`);