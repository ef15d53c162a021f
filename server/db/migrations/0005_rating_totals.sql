ALTER TABLE "profiles" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_rating_totals_check" CHECK ("profiles"."review_count" >= 0 and "profiles"."rating_total" between "profiles"."review_count" and 5 * "profiles"."review_count");--> statement-breakpoint
-- A rating is read on nearly every screen and filtered on in search; keeping each person's review
-- total and count beside the profile, in the same transaction as the review, makes it a column read.
CREATE FUNCTION reviews_keep_rating_totals() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE profiles SET rating_total = rating_total - OLD.rating, review_count = review_count - 1
      WHERE id = OLD.reviewee_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE profiles SET rating_total = rating_total + NEW.rating, review_count = review_count + 1
      WHERE id = NEW.reviewee_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER reviews_rating_totals
  AFTER INSERT OR DELETE OR UPDATE OF rating, reviewee_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_keep_rating_totals();
--> statement-breakpoint
UPDATE profiles p SET rating_total = r.total, review_count = r.n
  FROM (SELECT reviewee_id, sum(rating)::int AS total, count(*)::int AS n FROM reviews GROUP BY reviewee_id) r
  WHERE r.reviewee_id = p.id;
