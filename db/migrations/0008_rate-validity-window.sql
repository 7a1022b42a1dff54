ALTER TABLE `rates` ADD `minutes_before_start` integer;--> statement-breakpoint
ALTER TABLE `rates` ADD `minutes_after_end` integer;