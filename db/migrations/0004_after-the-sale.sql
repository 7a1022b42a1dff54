CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` text NOT NULL,
	`kind` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`data` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`provider_message_id` text,
	`to_address` text,
	`subject` text,
	`html` text,
	`enqueued_at` integer,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_uq` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `email_outbox_booking_idx` ON `email_outbox` (`booking_id`);--> statement-breakpoint
CREATE INDEX `email_outbox_status_idx` ON `email_outbox` (`status`,`enqueued_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `event_cancellations` (
	`event_id` integer PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`status` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`failures` text DEFAULT '[]' NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`source` text NOT NULL,
	`provider_refund_id` text,
	`completed_at` integer,
	`staff_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `refunds_booking_idx` ON `refunds` (`booking_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_provider_uq` ON `refunds` (`provider_refund_id`);--> statement-breakpoint
CREATE INDEX `refunds_created_idx` ON `refunds` (`created_at`);--> statement-breakpoint
ALTER TABLE `events` ADD `cancel_deadline_hours` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `postpone_cancel_until` integer;