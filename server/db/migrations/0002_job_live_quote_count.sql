DROP INDEX "job_postings_status_idx";--> statement-breakpoint
ALTER TABLE "job_postings" ADD COLUMN "live_quote_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing databases: count the live quotes already there.
UPDATE "job_postings" j SET "live_quote_count" = (
  SELECT count(*) FROM "quotes" q WHERE q."job_id" = j."id" AND q."status" IN ('pending', 'accepted')
);--> statement-breakpoint
CREATE INDEX "job_postings_open_idx" ON "job_postings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "job_postings"."status" = 'open';--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_live_quotes_check" CHECK ("job_postings"."live_quote_count" between 0 and 3);