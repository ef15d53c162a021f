CREATE TABLE "dispute_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"storage_key" text,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_evidence_kind_check" CHECK ("dispute_evidence"."kind" in ('text', 'photo')),
	CONSTRAINT "dispute_evidence_shape_check" CHECK (("dispute_evidence"."kind" = 'text' and "dispute_evidence"."text" is not null and "dispute_evidence"."storage_key" is null) or ("dispute_evidence"."kind" = 'photo' and "dispute_evidence"."storage_key" is not null and "dispute_evidence"."width" > 0 and "dispute_evidence"."height" > 0)),
	CONSTRAINT "dispute_evidence_text_length" CHECK ("dispute_evidence"."text" is null or char_length("dispute_evidence"."text") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "dispute_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_messages_body_length" CHECK (char_length("dispute_messages"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "domain_events" DROP CONSTRAINT "domain_events_type_check";--> statement-breakpoint
ALTER TABLE "disputes" DROP CONSTRAINT "disputes_status_check";--> statement-breakpoint
ALTER TABLE "disputes" DROP CONSTRAINT "disputes_resolution_check";--> statement-breakpoint
ALTER TABLE "disputes" DROP CONSTRAINT "disputes_resolved_check";--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "booking_status_before" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "response" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "review_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "release_pence" integer;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_evidence_dispute_idx" ON "dispute_evidence" USING btree ("dispute_id","created_at");--> statement-breakpoint
CREATE INDEX "dispute_messages_dispute_idx" ON "dispute_messages" USING btree ("dispute_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_response_due_idx" ON "disputes" USING btree ("response_due_at") WHERE "disputes"."status" = 'awaiting_response';--> statement-breakpoint
CREATE INDEX "disputes_raised_by_idx" ON "disputes" USING btree ("raised_by","created_at");--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_type_check" CHECK ("domain_events"."type" in ('job.posted', 'job.cancelled', 'quote.received', 'quote.edited', 'quote.withdrawn', 'quote.accepted', 'quote.rejected', 'booking.created', 'booking.confirmed', 'booking.declined', 'booking.cancelled', 'booking.completed', 'message.sent', 'payment.succeeded', 'payment.released', 'payment.refunded', 'payout.paid', 'payout.failed', 'document.approved', 'document.rejected', 'document.expired', 'document.expiring', 'review.submitted', 'review.published', 'review.replied', 'review.hidden', 'dispute.raised', 'dispute.responded', 'dispute.deadline_passed', 'dispute.message_posted', 'dispute.evidence_added', 'dispute.resolved'));--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_release_check" CHECK ("disputes"."release_pence" is null or "disputes"."release_pence" >= 0);--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_response_check" CHECK (("disputes"."response" is null) = ("disputes"."responded_at" is null) and ("disputes"."response" is null or char_length("disputes"."response") between 20 and 1000));--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('open', 'awaiting_response', 'under_review', 'resolved'));--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolution_check" CHECK ("disputes"."resolution" is null or "disputes"."resolution" in ('release_to_tradesperson', 'refund_customer', 'split', 'no_money_held'));--> statement-breakpoint
-- Disputes raised before this migration: a decided one keeps its time, and an undecided one returns its
-- booking to where the work had got to when it is resolved.
UPDATE "disputes" SET "resolved_at" = coalesce("resolved_at", "updated_at") WHERE "status" = 'resolved';--> statement-breakpoint
UPDATE "disputes" d SET "booking_status_before" = CASE WHEN b."completed_at" IS NOT NULL THEN 'completed' ELSE 'confirmed' END
  FROM "bookings" b WHERE b."id" = d."booking_id";--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_check" CHECK (("disputes"."status" = 'resolved') = ("disputes"."resolution" is not null and "disputes"."resolved_at" is not null));