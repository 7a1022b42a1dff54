CREATE TABLE `notices` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` integer NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`subject_en` text,
	`body_en` text,
	`rate_ids` text,
	`idempotency_key` text NOT NULL,
	`staff_id` integer,
	`staff_email` text,
	`recipients` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notices_idempotency_key_uq` ON `notices` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `notices_event_idx` ON `notices` (`event_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reminder_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`is_enabled` integer DEFAULT true NOT NULL,
	`send_at` text DEFAULT '10:00' NOT NULL,
	`gate_opens_minutes_before` integer DEFAULT 120 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `notice_id` text;--> statement-breakpoint
CREATE INDEX `email_outbox_notice_idx` ON `email_outbox` (`notice_id`,`status`);