-- Dark mode becomes a choice the user may not have made yet: NULL follows the device's light or dark
-- setting. Until now every account started at false, and nothing tells an untouched false from a
-- chosen one, so false goes back to "not chosen" (on a light device nothing changes; a dark device
-- now stays dark). A chosen dark (true) stays.
ALTER TABLE "user_settings" ALTER COLUMN "dark_mode" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_settings" ALTER COLUMN "dark_mode" DROP NOT NULL;--> statement-breakpoint
UPDATE "user_settings" SET "dark_mode" = NULL WHERE "dark_mode" = false;
