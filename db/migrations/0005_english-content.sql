ALTER TABLE `bookings` ADD `lang` text DEFAULT 'it' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `title_en` text;--> statement-breakpoint
ALTER TABLE `events` ADD `description_en` text;--> statement-breakpoint
ALTER TABLE `rates` ADD `name_en` text;--> statement-breakpoint
ALTER TABLE `rates` ADD `description_en` text;