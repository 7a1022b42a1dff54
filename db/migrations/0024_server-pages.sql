DROP INDEX `audit_log_at_idx`;--> statement-breakpoint
CREATE INDEX `audit_log_at_id_idx` ON `audit_log` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_at_idx` ON `audit_log` (`entity`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_action_at_idx` ON `audit_log` (`action`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_staff_at_idx` ON `audit_log` (`staff_email`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_id_idx` ON `audit_log` (`entity_id`);--> statement-breakpoint
DROP INDEX `bookings_paid_at_idx`;--> statement-breakpoint
CREATE INDEX `bookings_paid_id_idx` ON `bookings` (`paid_at`,`id`);--> statement-breakpoint
CREATE INDEX `bookings_event_paid_idx` ON `bookings` (`event_id`,`paid_at`,`id`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_event_id_idx` ON `waitlist_entries` (`event_id`,`id`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_plate_idx` ON `waitlist_entries` (`license_plate`);