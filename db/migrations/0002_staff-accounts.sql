CREATE TABLE `staff_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`disabled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_users_email_uq` ON `staff_users` (`email`);--> statement-breakpoint
ALTER TABLE `admin_sessions` ADD `staff_id` integer REFERENCES staff_users(id);--> statement-breakpoint
CREATE INDEX `admin_sessions_staff_idx` ON `admin_sessions` (`staff_id`);--> statement-breakpoint
ALTER TABLE `audit_log` ADD `staff_id` integer;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `staff_email` text;