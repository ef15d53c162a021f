-- The times that lists page by, kept to the millisecond (decision 0044). A list's keyset cursor carries
-- the last row's time as a JavaScript Date, which holds milliseconds; PostgreSQL's clock gives
-- microseconds, so the cursor's time fell short of the row's and a page ending inside a group of rows
-- made at one moment (one transaction's notifications, say) skipped the rest of the group. Existing
-- values are rounded to the millisecond; each table named here is rewritten once.
ALTER TABLE "users" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "job_postings" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "job_postings" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "updated_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
-- The rating totals' trigger names published_at among its columns (0015), and PostgreSQL will not
-- change the type of a column a trigger names: dropped and made again as it was. A rewrite fires no trigger.
DROP TRIGGER reviews_rating_totals ON reviews;--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "published_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
CREATE TRIGGER reviews_rating_totals
  AFTER INSERT OR DELETE OR UPDATE OF rating, reviewee_id, published_at, hidden_at ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_keep_rating_totals();--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "support_conversations" ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "support_conversations" ALTER COLUMN "updated_at" SET DEFAULT now();