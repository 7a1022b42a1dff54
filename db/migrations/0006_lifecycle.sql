CREATE TABLE `demo_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_intent_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `demo_refunds_intent_idx` ON `demo_refunds` (`payment_intent_id`);--> statement-breakpoint
ALTER TABLE `events` ADD `duration_minutes` integer DEFAULT 240 NOT NULL;--> statement-breakpoint
ALTER TABLE `refunds` ADD `status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `refunds` ADD `failure_reason` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `demo_payment_intents` DROP COLUMN `refunded_at`;--> statement-breakpoint
-- The durations written so far were "N ore"/"N ora" (else 4 hours): their minutes.
UPDATE `events` SET `duration_minutes` = CAST(ltrim(`duration`, ' ') AS integer) * 60
  WHERE ltrim(`duration`, ' ') GLOB '[0-9]*' AND lower(ltrim(ltrim(ltrim(`duration`, ' '), '0123456789'), ' ')) GLOB 'or[ae]*' AND CAST(ltrim(`duration`, ' ') AS integer) > 0;--> statement-breakpoint
UPDATE `events` SET `duration_minutes` = CAST(ltrim(`duration`, ' ') AS integer)
  WHERE ltrim(`duration`, ' ') GLOB '[0-9]*' AND lower(ltrim(ltrim(ltrim(`duration`, ' '), '0123456789'), ' ')) GLOB 'min*' AND CAST(ltrim(`duration`, ' ') AS integer) > 0;--> statement-breakpoint
-- Refunds completed at the provider went back; the others are still owed (the cron retries them).
UPDATE `refunds` SET `status` = 'succeeded' WHERE `completed_at` IS NOT NULL;
