DROP INDEX "job_postings_open_idx";--> statement-breakpoint
CREATE INDEX "job_postings_open_list_idx" ON "job_postings" USING btree ("created_at","id") WHERE "job_postings"."status" = 'open';