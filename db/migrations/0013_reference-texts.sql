CREATE TABLE `reference_texts` (
	`name` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL
);
