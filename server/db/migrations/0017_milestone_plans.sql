CREATE TABLE "milestone_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"proposed_by" uuid NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"items" jsonb NOT NULL,
	"total_pence" integer NOT NULL,
	"revision" boolean DEFAULT false NOT NULL,
	"decline_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_plans_status_check" CHECK ("milestone_plans"."status" in ('proposed', 'accepted', 'declined', 'withdrawn', 'superseded')),
	CONSTRAINT "milestone_plans_total_check" CHECK ("milestone_plans"."total_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_provider_customer_id_unique" UNIQUE("provider_customer_id"),
	CONSTRAINT "payment_customers_provider_check" CHECK ("payment_customers"."provider" in ('sandbox', 'stripe'))
);
--> statement-breakpoint
ALTER TABLE "payment_milestones" DROP CONSTRAINT "payment_milestones_fee_check";--> statement-breakpoint
ALTER TABLE "domain_events" DROP CONSTRAINT "domain_events_type_check";--> statement-breakpoint
ALTER TABLE "payment_milestones" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_milestones" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "milestone_plans" ADD CONSTRAINT "milestone_plans_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_plans" ADD CONSTRAINT "milestone_plans_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_plans_one_proposed" ON "milestone_plans" USING btree ("booking_id") WHERE "milestone_plans"."status" = 'proposed';--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_plans_one_accepted" ON "milestone_plans" USING btree ("booking_id") WHERE "milestone_plans"."status" = 'accepted';--> statement-breakpoint
ALTER TABLE "payment_milestones" ADD CONSTRAINT "payment_milestones_plan_id_milestone_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."milestone_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default" ON "payment_methods" USING btree ("user_id") WHERE "payment_methods"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_milestone" ON "payments" USING btree ("milestone_id") WHERE "payments"."milestone_id" is not null and "payments"."status" in ('processing', 'requires_action', 'succeeded', 'refunded');--> statement-breakpoint
ALTER TABLE "payment_milestones" ADD CONSTRAINT "payment_milestones_paid_check" CHECK (("payment_milestones"."paid_at" is not null) = ("payment_milestones"."status" in ('paid', 'refunded')));--> statement-breakpoint
ALTER TABLE "payment_milestones" ADD CONSTRAINT "payment_milestones_done_check" CHECK ("payment_milestones"."done_at" is null or "payment_milestones"."paid_at" is not null);--> statement-breakpoint
ALTER TABLE "payment_milestones" ADD CONSTRAINT "payment_milestones_fee_check" CHECK ("payment_milestones"."platform_fee_amount" = ("payment_milestones"."amount" * 1500 + 5000) / 10000);--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_type_check" CHECK ("domain_events"."type" in ('job.posted', 'job.cancelled', 'quote.received', 'quote.edited', 'quote.withdrawn', 'quote.accepted', 'quote.rejected', 'booking.created', 'booking.confirmed', 'booking.declined', 'booking.cancelled', 'booking.completed', 'message.sent', 'payment.succeeded', 'payment.released', 'payment.refunded', 'payout.paid', 'payout.failed', 'document.approved', 'document.rejected', 'document.expired', 'document.expiring', 'review.submitted', 'review.published', 'review.replied', 'review.hidden', 'dispute.raised', 'dispute.responded', 'dispute.deadline_passed', 'dispute.message_posted', 'dispute.evidence_added', 'dispute.resolved', 'milestone.plan_proposed', 'milestone.plan_accepted', 'milestone.plan_declined', 'milestone.paid', 'milestone.done'));--> statement-breakpoint
-- A booking's milestones add up to its amount exactly (DOMAIN-RULES 6), checked at commit so a plan
-- can be replaced row by row inside one transaction.
CREATE FUNCTION payment_milestones_check_sum() RETURNS trigger AS $$
DECLARE
  target uuid := coalesce(NEW.booking_id, OLD.booking_id);
  planned bigint;
  agreed integer;
BEGIN
  SELECT sum(amount) INTO planned FROM payment_milestones WHERE booking_id = target;
  IF planned IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT amount INTO agreed FROM bookings WHERE id = target;
  IF planned <> agreed THEN
    RAISE EXCEPTION 'milestones of booking % add up to % pence, not the booking amount %', target, planned, agreed
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_milestones_sum_check';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payment_milestones_sum_check
  AFTER INSERT OR UPDATE OR DELETE ON payment_milestones
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION payment_milestones_check_sum();
--> statement-breakpoint
-- The same check when a booking's amount changes under its milestones.
CREATE FUNCTION bookings_check_milestone_sum() RETURNS trigger AS $$
DECLARE
  planned bigint;
BEGIN
  SELECT sum(amount) INTO planned FROM payment_milestones WHERE booking_id = NEW.id;
  IF planned IS NOT NULL AND planned <> NEW.amount THEN
    RAISE EXCEPTION 'milestones of booking % add up to % pence, not the booking amount %', NEW.id, planned, NEW.amount
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payment_milestones_sum_check';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_milestone_sum_check
  AFTER UPDATE OF amount ON bookings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bookings_check_milestone_sum();
