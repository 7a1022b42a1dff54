CREATE TABLE `gate_scans` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` integer NOT NULL,
	`booking_id` text,
	`direction` text NOT NULL,
	`result` text NOT NULL,
	`scanned_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	`offline` integer DEFAULT false NOT NULL,
	`session_id` text
);
--> statement-breakpoint
CREATE INDEX `gate_scans_event_idx` ON `gate_scans` (`event_id`,`received_at`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `pass_secret` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `gate_state` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `checked_in_at` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `checked_out_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_pass_secret_uq` ON `bookings` (`pass_secret`);--> statement-breakpoint
CREATE INDEX `bookings_event_plate_idx` ON `bookings` (`event_id`,`license_plate`);--> statement-breakpoint
-- Bookings paid before passes existed get one too: 128 random bits, hex (a subset of base64url).
UPDATE `bookings` SET `pass_secret` = lower(hex(randomblob(16))) WHERE `pass_secret` IS NULL AND `paid_at` IS NOT NULL;
