CREATE TABLE "booking_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"proposed_by" uuid NOT NULL,
	"description" text NOT NULL,
	"direction" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"line_items" jsonb,
	"subtotal_pence" integer,
	"vat_pence" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"settlement" text,
	"amount_before" integer,
	"amount_after" integer,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_changes_status_check" CHECK ("booking_changes"."status" in ('proposed', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "booking_changes_direction_check" CHECK ("booking_changes"."direction" in ('increase', 'decrease')),
	CONSTRAINT "booking_changes_settlement_check" CHECK (("booking_changes"."settlement" is null) = ("booking_changes"."status" <> 'accepted') and ("booking_changes"."settlement" is null or "booking_changes"."settlement" in ('booking_amount', 'payment', 'refund', 'milestone_added', 'milestone_adjusted'))),
	CONSTRAINT "booking_changes_amount_check" CHECK ("booking_changes"."amount_pence" > 0),
	CONSTRAINT "booking_changes_totals_check" CHECK ("booking_changes"."vat_pence" >= 0 and ("booking_changes"."subtotal_pence" is null or "booking_changes"."subtotal_pence" + "booking_changes"."vat_pence" = "booking_changes"."amount_pence")),
	CONSTRAINT "booking_changes_description_length" CHECK (char_length("booking_changes"."description") between 10 and 2000),
	CONSTRAINT "booking_changes_accepted_check" CHECK ("booking_changes"."status" <> 'accepted' or ("booking_changes"."amount_before" is not null and "booking_changes"."amount_after" is not null and "booking_changes"."decided_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "quote_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"amount" integer NOT NULL,
	"message" text NOT NULL,
	"terms" jsonb NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_revisions_quote_revision_unique" UNIQUE("quote_id","revision"),
	CONSTRAINT "quote_revisions_amount_check" CHECK ("quote_revisions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"job_id" uuid,
	"change_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"caption" text,
	"display_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"thumb_width" integer NOT NULL,
	"thumb_height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_one_parent_check" CHECK ("photos"."job_id" is null or "photos"."change_id" is null),
	CONSTRAINT "photos_caption_length" CHECK ("photos"."caption" is null or char_length("photos"."caption") between 1 and 200),
	CONSTRAINT "photos_dimensions_check" CHECK ("photos"."width" > 0 and "photos"."height" > 0 and "photos"."thumb_width" > 0 and "photos"."thumb_height" > 0 and "photos"."bytes" > 0),
	CONSTRAINT "photos_position_check" CHECK ("photos"."position" between 0 and 7)
);
--> statement-breakpoint
DROP INDEX "payments_one_succeeded_per_booking";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "line_items" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "subtotal_pence" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "vat_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "exclusions" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "estimated_start" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "estimated_duration_days" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_milestones" ADD COLUMN "change_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "change_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "change_id" uuid;--> statement-breakpoint
ALTER TABLE "tradesperson_profiles" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_job_id_job_postings_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_change_id_booking_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."booking_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_changes_one_proposed" ON "booking_changes" USING btree ("booking_id") WHERE "booking_changes"."status" = 'proposed';--> statement-breakpoint
CREATE INDEX "booking_changes_booking_idx" ON "booking_changes" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "photos_job_idx" ON "photos" USING btree ("job_id","position") WHERE "photos"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "photos_change_idx" ON "photos" USING btree ("change_id","position") WHERE "photos"."change_id" is not null;--> statement-breakpoint
CREATE INDEX "photos_pending_idx" ON "photos" USING btree ("owner_id","created_at") WHERE "photos"."job_id" is null and "photos"."change_id" is null;--> statement-breakpoint
ALTER TABLE "payment_milestones" ADD CONSTRAINT "payment_milestones_change_id_booking_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."booking_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_change_id_booking_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."booking_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_change_id_booking_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."booking_changes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_change" ON "payments" USING btree ("change_id") WHERE "payments"."change_id" is not null and "payments"."status" in ('processing', 'requires_action', 'succeeded', 'refunded');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_succeeded_per_booking" ON "payments" USING btree ("booking_id") WHERE "payments"."status" = 'succeeded' and "payments"."milestone_id" is null and "payments"."change_id" is null;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_totals_check" CHECK ("quotes"."vat_pence" >= 0 and ("quotes"."subtotal_pence" is null or "quotes"."subtotal_pence" + "quotes"."vat_pence" = "quotes"."amount") and ("quotes"."vat_pence" = 0 or "quotes"."vat_number" is not null));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_exclusions_length" CHECK ("quotes"."exclusions" is null or char_length("quotes"."exclusions") between 1 and 2000);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_duration_check" CHECK ("quotes"."estimated_duration_days" is null or "quotes"."estimated_duration_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_revision_check" CHECK ("quotes"."revision" >= 1);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_purpose_check" CHECK ("payments"."milestone_id" is null or "payments"."change_id" is null);