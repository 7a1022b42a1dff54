CREATE TABLE `sdi_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`file_name` text NOT NULL,
	`xml` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`transmission_id` text,
	`reason` text,
	`tries` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`enqueued_at` integer,
	`sent_at` integer,
	`outcome_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sdi_submissions_attempt_uq` ON `sdi_submissions` (`document_id`,`attempt`);--> statement-breakpoint
CREATE INDEX `sdi_submissions_status_idx` ON `sdi_submissions` (`status`);--> statement-breakpoint
ALTER TABLE `rates` ADD `vat_rate_bp` integer;