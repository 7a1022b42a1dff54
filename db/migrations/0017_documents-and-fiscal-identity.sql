CREATE TABLE `accountant_exports` (
	`month` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`claimed_at` integer NOT NULL,
	`sent_at` integer,
	`to_address` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`year` integer NOT NULL,
	`number` integer NOT NULL,
	`series` text DEFAULT '' NOT NULL,
	`issued_at` integer NOT NULL,
	`booking_id` text NOT NULL,
	`refund_id` text,
	`invoice_id` text,
	`total_cents` integer NOT NULL,
	`taxable_cents` integer NOT NULL,
	`vat_cents` integer NOT NULL,
	`vat_rate_bp` integer NOT NULL,
	`item_title` text NOT NULL,
	`rate_name` text,
	`event_at` integer,
	`plate` text NOT NULL,
	`booking_kind` text NOT NULL,
	`voucher_code` text,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`payment_provider` text,
	`paid_at` integer,
	`lang` text DEFAULT 'it' NOT NULL,
	`seller` text NOT NULL,
	`buyer` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_number_uq` ON `documents` (`kind`,`year`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `documents_receipt_uq` ON `documents` (`booking_id`) WHERE kind = 'receipt';--> statement-breakpoint
CREATE UNIQUE INDEX `documents_invoice_uq` ON `documents` (`booking_id`) WHERE kind = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX `documents_credit_note_uq` ON `documents` (`refund_id`) WHERE kind = 'credit_note';--> statement-breakpoint
CREATE INDEX `documents_issued_idx` ON `documents` (`issued_at`);--> statement-breakpoint
CREATE INDEX `documents_booking_idx` ON `documents` (`booking_id`);--> statement-breakpoint
CREATE TABLE `fiscal_identity` (
	`id` integer PRIMARY KEY NOT NULL,
	`ragione_sociale` text NOT NULL,
	`partita_iva` text NOT NULL,
	`codice_fiscale` text NOT NULL,
	`indirizzo` text NOT NULL,
	`cap` text NOT NULL,
	`comune` text NOT NULL,
	`provincia` text NOT NULL,
	`regime_fiscale` text DEFAULT 'RF01' NOT NULL,
	`vat_rate_bp` integer DEFAULT 2200 NOT NULL,
	`invoice_series` text DEFAULT 'FE' NOT NULL,
	`accountant_email` text DEFAULT '' NOT NULL,
	`updated_at` integer
);
