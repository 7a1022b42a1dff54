CREATE TABLE `garage_coordinates` (
	`id` integer PRIMARY KEY NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL
);
--> statement-breakpoint
CREATE TABLE `wallet_passes` (
	`serial_number` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`auth_token` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL,
	`apple_issued_at` integer,
	`google_issued_at` integer,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_passes_booking_uq` ON `wallet_passes` (`booking_id`);--> statement-breakpoint
CREATE TABLE `wallet_registrations` (
	`device_library_id` text NOT NULL,
	`serial_number` text NOT NULL,
	`push_token` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`serial_number`) REFERENCES `wallet_passes`(`serial_number`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_registrations_uq` ON `wallet_registrations` (`device_library_id`,`serial_number`);--> statement-breakpoint
CREATE INDEX `wallet_registrations_serial_idx` ON `wallet_registrations` (`serial_number`);--> statement-breakpoint
CREATE TABLE `wallet_stand_in_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`target` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `wallet_updates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`serial_number` text NOT NULL,
	`version` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`claimed_at` integer,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_updates_change_uq` ON `wallet_updates` (`serial_number`,`version`);--> statement-breakpoint
CREATE INDEX `wallet_updates_status_idx` ON `wallet_updates` (`status`,`claimed_at`);--> statement-breakpoint
-- custom: the garage's coordinates (Via Giambattista Marino 14, Fuorigrotta, by the stadium), to check against the map.
INSERT INTO `garage_coordinates` (`id`, `latitude`, `longitude`) VALUES (1, 40.8272, 14.1962) ON CONFLICT DO NOTHING;
