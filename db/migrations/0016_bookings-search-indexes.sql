DROP INDEX `bookings_created_idx`;--> statement-breakpoint
CREATE INDEX `bookings_created_id_idx` ON `bookings` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `bookings_status_created_idx` ON `bookings` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `bookings_event_created_idx` ON `bookings` (`event_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `bookings_plate_idx` ON `bookings` (`license_plate`);--> statement-breakpoint
CREATE INDEX `bookings_name_lower_idx` ON `bookings` (lower("customer_name"));