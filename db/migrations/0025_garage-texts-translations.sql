ALTER TABLE `categories` ADD `name_translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `title_translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `description_translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `prevendita_title_translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `prevendita_description_translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `notices` ADD `subject_translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `notices` ADD `body_translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `partners` ADD `name_translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `rates` ADD `name_translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `rates` ADD `description_translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `season_passes` ADD `name_translations` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- custom:
-- Every English twin moves into its text's translations ({"en": "…"}); an empty or missing one leaves {}.
UPDATE `categories` SET `name_translations` = CASE WHEN coalesce(trim(`name_en`), '') = '' THEN '{}' ELSE json_object('en', `name_en`) END;--> statement-breakpoint
UPDATE `events` SET `title_translations` = CASE WHEN coalesce(trim(`title_en`), '') = '' THEN '{}' ELSE json_object('en', `title_en`) END, `description_translations` = CASE WHEN coalesce(trim(`description_en`), '') = '' THEN '{}' ELSE json_object('en', `description_en`) END, `prevendita_title_translations` = CASE WHEN coalesce(trim(`prevendita_title_en`), '') = '' THEN '{}' ELSE json_object('en', `prevendita_title_en`) END, `prevendita_description_translations` = CASE WHEN coalesce(trim(`prevendita_description_en`), '') = '' THEN '{}' ELSE json_object('en', `prevendita_description_en`) END;--> statement-breakpoint
UPDATE `notices` SET `subject_translations` = CASE WHEN coalesce(trim(`subject_en`), '') = '' THEN '{}' ELSE json_object('en', `subject_en`) END, `body_translations` = CASE WHEN coalesce(trim(`body_en`), '') = '' THEN '{}' ELSE json_object('en', `body_en`) END;--> statement-breakpoint
UPDATE `partners` SET `name_translations` = CASE WHEN coalesce(trim(`name_en`), '') = '' THEN '{}' ELSE json_object('en', `name_en`) END;--> statement-breakpoint
UPDATE `rates` SET `name_translations` = CASE WHEN coalesce(trim(`name_en`), '') = '' THEN '{}' ELSE json_object('en', `name_en`) END, `description_translations` = CASE WHEN coalesce(trim(`description_en`), '') = '' THEN '{}' ELSE json_object('en', `description_en`) END;--> statement-breakpoint
UPDATE `season_passes` SET `name_translations` = CASE WHEN coalesce(trim(`name_en`), '') = '' THEN '{}' ELSE json_object('en', `name_en`) END;--> statement-breakpoint
-- Then the twins go (drizzle-kit generates these drops; they must follow the copies above).
ALTER TABLE `categories` DROP COLUMN `name_en`;--> statement-breakpoint
ALTER TABLE `events` DROP COLUMN `title_en`;--> statement-breakpoint
ALTER TABLE `events` DROP COLUMN `description_en`;--> statement-breakpoint
ALTER TABLE `events` DROP COLUMN `prevendita_title_en`;--> statement-breakpoint
ALTER TABLE `events` DROP COLUMN `prevendita_description_en`;--> statement-breakpoint
ALTER TABLE `notices` DROP COLUMN `subject_en`;--> statement-breakpoint
ALTER TABLE `notices` DROP COLUMN `body_en`;--> statement-breakpoint
ALTER TABLE `partners` DROP COLUMN `name_en`;--> statement-breakpoint
ALTER TABLE `rates` DROP COLUMN `name_en`;--> statement-breakpoint
ALTER TABLE `rates` DROP COLUMN `description_en`;--> statement-breakpoint
ALTER TABLE `season_passes` DROP COLUMN `name_en`;