ALTER TABLE `bookings` ADD `source` text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `source_detail` text;--> statement-breakpoint
-- custom:
-- Sent messages keep their facts, not their HTML (docs/benchmarks.md): the preview renders them again.
UPDATE `email_outbox` SET `html` = NULL WHERE `status` = 'sent';
