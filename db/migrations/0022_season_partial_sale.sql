ALTER TABLE `season_passes` ADD `partial_sale` text DEFAULT 'stop' NOT NULL;--> statement-breakpoint
ALTER TABLE `season_passes` ADD `partial_price_cents` integer;