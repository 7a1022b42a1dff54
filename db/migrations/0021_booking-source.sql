ALTER TABLE `bookings` ADD `source` text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `source_detail` text;