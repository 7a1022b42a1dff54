CREATE TABLE `admin_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE INDEX `admin_sessions_expires_idx` ON `admin_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`details` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` integer NOT NULL,
	`rate_id` integer,
	`kind` text DEFAULT 'booking' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`license_plate` text NOT NULL,
	`car_model` text NOT NULL,
	`nome` text,
	`cognome` text,
	`telefono` text,
	`note` text,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'eur' NOT NULL,
	`hold_expires_at` integer NOT NULL,
	`idempotency_key` text,
	`payment_intent_id` text,
	`payment_provider` text,
	`paid_at` integer,
	`freed_at` integer,
	`refunded_at` integer,
	`plate_anonymized_at` integer,
	`personal_data_anonymized_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`rate_id`) REFERENCES `rates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_idempotency_key_uq` ON `bookings` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_payment_intent_uq` ON `bookings` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `bookings_event_status_idx` ON `bookings` (`event_id`,`status`,`hold_expires_at`);--> statement-breakpoint
CREATE INDEX `bookings_status_hold_idx` ON `bookings` (`status`,`hold_expires_at`);--> statement-breakpoint
CREATE INDEX `bookings_paid_at_idx` ON `bookings` (`paid_at`);--> statement-breakpoint
CREATE INDEX `bookings_created_idx` ON `bookings` (`created_at`);--> statement-breakpoint
CREATE TABLE `carousel_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`is_enabled` integer DEFAULT true NOT NULL,
	`scroll_speed` real DEFAULT 1 NOT NULL,
	`frame_rate` integer DEFAULT 16 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`color` text DEFAULT '#3B82F6' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `demo_payment_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`client_secret` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'eur' NOT NULL,
	`status` text NOT NULL,
	`idempotency_key` text,
	`metadata` text DEFAULT '{}' NOT NULL,
	`last_error` text,
	`refunded_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `demo_payment_intents_idempotency_key_unique` ON `demo_payment_intents` (`idempotency_key`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`datetime` integer,
	`is_always_active` integer DEFAULT false NOT NULL,
	`duration` text DEFAULT '4 ore' NOT NULL,
	`distance` text DEFAULT '' NOT NULL,
	`total_spots` integer DEFAULT 0 NOT NULL,
	`reserved_spots` integer DEFAULT 0 NOT NULL,
	`occupied_spots` integer DEFAULT 0 NOT NULL,
	`image_url` text,
	`category_id` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`prevendita_title` text,
	`prevendita_description` text,
	`prevendita_price_cents` integer,
	`is_prevendita_visible` integer DEFAULT false NOT NULL,
	`is_prevendita_payable` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `events_active_order_idx` ON `events` (`is_active`,`sort_order`);--> statement-breakpoint
CREATE TABLE `live_notification_config` (
	`id` integer PRIMARY KEY NOT NULL,
	`is_enabled` integer DEFAULT true NOT NULL,
	`frequency` integer DEFAULT 10000 NOT NULL,
	`target_event_id` integer,
	`is_random_events` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`target_event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `partners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`image_url` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `processed_provider_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limit_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bucket` text NOT NULL,
	`client_key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_lookup_idx` ON `rate_limit_hits` (`bucket`,`client_key`,`at`);--> statement-breakpoint
CREATE TABLE `rates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`is_visible` integer DEFAULT true NOT NULL,
	`is_payable` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rates_event_order_idx` ON `rates` (`event_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`key` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
