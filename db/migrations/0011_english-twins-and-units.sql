ALTER TABLE `categories` ADD `name_en` text;--> statement-breakpoint
ALTER TABLE `events` ADD `distance_meters` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `prevendita_title_en` text;--> statement-breakpoint
ALTER TABLE `events` ADD `prevendita_description_en` text;--> statement-breakpoint
-- The free-text distance as metres: "300 m", "800 m dallo stadio" → 300, 800; "1,5 km", "10 km" → 1500, 10000.
-- CAST reads the leading number and ignores the words after it; text without a number becomes null.
UPDATE `events` SET `distance_meters` = CASE
  WHEN CAST(replace(trim(`distance`), ',', '.') AS REAL) <= 0 THEN NULL
  WHEN lower(`distance`) LIKE '%km%' THEN CAST(round(CAST(replace(trim(`distance`), ',', '.') AS REAL) * 1000) AS INTEGER)
  ELSE CAST(round(CAST(replace(trim(`distance`), ',', '.') AS REAL)) AS INTEGER)
END;--> statement-breakpoint
ALTER TABLE `events` DROP COLUMN `duration`;--> statement-breakpoint
ALTER TABLE `events` DROP COLUMN `distance`;--> statement-breakpoint
ALTER TABLE `partners` ADD `name_en` text;