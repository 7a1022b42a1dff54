CREATE TABLE `waitlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token` text NOT NULL,
	`event_id` integer NOT NULL,
	`rate_id` integer NOT NULL,
	`email` text NOT NULL,
	`license_plate` text NOT NULL,
	`lang` text DEFAULT 'it' NOT NULL,
	`client_key` text,
	`booking_id` text,
	`offered_at` integer,
	`left_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rate_id`) REFERENCES `rates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_token_uq` ON `waitlist_entries` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_booking_uq` ON `waitlist_entries` (`booking_id`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_event_idx` ON `waitlist_entries` (`event_id`,`booking_id`,`left_at`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_email_idx` ON `waitlist_entries` (`email`);--> statement-breakpoint
CREATE TABLE `waitlist_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`offer_minutes` integer DEFAULT 120 NOT NULL
);
