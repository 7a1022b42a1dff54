CREATE TABLE `spent_payment_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `bookings` ADD `client_key` text;--> statement-breakpoint
CREATE INDEX `bookings_client_hold_idx` ON `bookings` (`client_key`,`status`,`hold_expires_at`);--> statement-breakpoint
CREATE INDEX `bookings_email_hold_idx` ON `bookings` (`customer_email`,`status`,`hold_expires_at`);