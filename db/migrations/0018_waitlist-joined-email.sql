PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` text,
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
	`notice_id` text,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_email_outbox`("id", "booking_id", "kind", "dedupe_key", "data", "status", "attempts", "last_error", "provider_message_id", "to_address", "subject", "html", "enqueued_at", "sent_at", "created_at", "updated_at", "notice_id") SELECT "id", "booking_id", "kind", "dedupe_key", "data", "status", "attempts", "last_error", "provider_message_id", "to_address", "subject", "html", "enqueued_at", "sent_at", "created_at", "updated_at", "notice_id" FROM `email_outbox`;--> statement-breakpoint
DROP TABLE `email_outbox`;--> statement-breakpoint
ALTER TABLE `__new_email_outbox` RENAME TO `email_outbox`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_uq` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `email_outbox_notice_idx` ON `email_outbox` (`notice_id`,`status`);--> statement-breakpoint
CREATE INDEX `email_outbox_booking_idx` ON `email_outbox` (`booking_id`);--> statement-breakpoint
CREATE INDEX `email_outbox_status_idx` ON `email_outbox` (`status`,`enqueued_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);