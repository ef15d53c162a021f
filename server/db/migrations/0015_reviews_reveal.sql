CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"outcome" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_review_reporter_unique" UNIQUE("review_id","reporter_id"),
	CONSTRAINT "review_reports_reason_check" CHECK ("review_reports"."reason" in ('abusive', 'not_about_job')),
	CONSTRAINT "review_reports_outcome_check" CHECK ("review_reports"."outcome" is null or "review_reports"."outcome" in ('hidden', 'kept')),
	CONSTRAINT "review_reports_decided_check" CHECK (("review_reports"."outcome" is null) = ("review_reports"."decided_at" is null)),
	CONSTRAINT "review_reports_details_length" CHECK ("review_reports"."details" is null or char_length("review_reports"."details") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "domain_events" DROP CONSTRAINT "domain_events_type_check";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reveal_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_by" uuid;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("created_at") WHERE "review_reports"."outcome" is null;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_reveal_due_idx" ON "reviews" USING btree ("reveal_due_at") WHERE "reviews"."published_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_published_idx" ON "reviews" USING btree ("reviewee_id","published_at","id") WHERE "reviews"."published_at" is not null and "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" USING btree ("reviewer_id","created_at");--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_type_check" CHECK ("domain_events"."type" in ('job.posted', 'job.cancelled', 'quote.received', 'quote.edited', 'quote.withdrawn', 'quote.accepted', 'quote.rejected', 'booking.created', 'booking.confirmed', 'booking.declined', 'booking.cancelled', 'booking.completed', 'message.sent', 'payment.succeeded', 'payment.released', 'payment.refunded', 'payout.paid', 'payout.failed', 'document.approved', 'document.rejected', 'document.expired', 'document.expiring', 'review.submitted', 'review.published', 'review.replied', 'review.hidden'));--> statement-breakpoint
-- Reviews written before fair reveal were public at once: they stay published as they were.
UPDATE "reviews" SET "published_at" = "created_at", "reveal_due_at" = "created_at";--> statement-breakpoint
UPDATE "reviews" SET "replied_at" = coalesce("replied_at", "created_at") WHERE "reply" IS NOT NULL;--> statement-breakpoint
UPDATE "reviews" SET "replied_at" = NULL WHERE "reply" IS NULL;--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "reveal_due_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_check" CHECK (("reviews"."hidden_at" is null) = ("reviews"."hidden_reason" is null));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_check" CHECK (("reviews"."reply" is null) = ("reviews"."replied_at" is null));;--> statement-breakpoint
-- A rating counts published reviews that no admin hid (DOMAIN-RULES 8): a review waiting for fair
-- reveal, or taken down after a report, adds nothing to the totals kept on the profile.
CREATE OR REPLACE FUNCTION reviews_keep_rating_totals() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.published_at IS NOT NULL AND OLD.hidden_at IS NULL THEN
    UPDATE profiles SET rating_total = rating_total - OLD.rating, review_count = review_count - 1
      WHERE id = OLD.reviewee_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.published_at IS NOT NULL AND NEW.hidden_at IS NULL THEN
    UPDATE profiles SET rating_total = rating_total + NEW.rating, review_count = review_count + 1
      WHERE id = NEW.reviewee_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER reviews_rating_totals ON reviews;--> statement-breakpoint
CREATE TRIGGER reviews_rating_totals
  AFTER INSERT OR DELETE OR UPDATE OF rating, reviewee_id, published_at, hidden_at ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_keep_rating_totals();
--> statement-breakpoint
UPDATE profiles p SET rating_total = coalesce(r.total, 0), review_count = coalesce(r.n, 0)
  FROM profiles p2 LEFT JOIN (
    SELECT reviewee_id, sum(rating)::int AS total, count(*)::int AS n FROM reviews
      WHERE published_at IS NOT NULL AND hidden_at IS NULL GROUP BY reviewee_id
  ) r ON r.reviewee_id = p2.id
  WHERE p2.id = p.id;