-- A person's own lists newest first, read in index order (bench/history-pages.mjs; bench/README.md,
-- issue 40's eighteenth session). My Jobs, Manage Quotes, My Bookings and a person's reviews sort by
-- (created_at, id). With only (owner, created_at) indexed, PostgreSQL read those rows in time order and
-- sorted each time's rows by id as it went (an incremental sort). With the id as the last column a page
-- is read backwards along the index and nothing is sorted, a cursor's `(created_at, id) < (…)` included.
-- My Bookings' own statement changed with this (bookings.repository.ts): it read every booking of the
-- person and sorted them. The old code reads the same tables with these indexes, so this can run
-- before a rolling restart.
DROP INDEX "bookings_customer_idx";--> statement-breakpoint
DROP INDEX "bookings_tradesperson_idx";--> statement-breakpoint
DROP INDEX "job_postings_customer_idx";--> statement-breakpoint
DROP INDEX "quotes_tradesperson_idx";--> statement-breakpoint
DROP INDEX "reviews_reviewer_idx";--> statement-breakpoint
DROP INDEX "reviews_reviewee_idx";--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_tradesperson_idx" ON "bookings" USING btree ("tradesperson_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_postings_customer_idx" ON "job_postings" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_tradesperson_idx" ON "quotes" USING btree ("tradesperson_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" USING btree ("reviewer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_reviewee_idx" ON "reviews" USING btree ("reviewee_id","created_at","id");