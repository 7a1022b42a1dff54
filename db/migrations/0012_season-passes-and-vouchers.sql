CREATE TABLE `season_holders` (
	`id` text PRIMARY KEY NOT NULL,
	`season_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`hold_expires_at` integer NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`license_plate` text NOT NULL,
	`car_model` text NOT NULL,
	`lang` text DEFAULT 'it' NOT NULL,
	`carrier_booking_id` text,
	`pass_secret` text,
	`assigned_by_staff_id` integer,
	`idempotency_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`season_id`) REFERENCES `season_passes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `season_holders_pass_secret_uq` ON `season_holders` (`pass_secret`);--> statement-breakpoint
CREATE UNIQUE INDEX `season_holders_idempotency_key_uq` ON `season_holders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `season_holders_season_idx` ON `season_holders` (`season_id`,`status`);--> statement-breakpoint
CREATE TABLE `season_passes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`name_en` text,
	`category_id` integer,
	`event_ids` text,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`spots` integer NOT NULL,
	`is_on_sale` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `vouchers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	`max_uses` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`event_ids` text,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vouchers_code_uq` ON `vouchers` (`code`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `season_holder_id` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `voucher_code` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `bookings_season_holder_idx` ON `bookings` (`season_holder_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `bookings_voucher_idx` ON `bookings` (`voucher_code`);