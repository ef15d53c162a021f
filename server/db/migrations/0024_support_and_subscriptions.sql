CREATE TABLE "subscription_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"visit_index" integer NOT NULL,
	"nominal_date" date NOT NULL,
	"visit_date" date NOT NULL,
	"status" text NOT NULL,
	"booking_id" uuid,
	"price_pence" integer NOT NULL,
	"charge_attempts" integer DEFAULT 0 NOT NULL,
	"next_charge_at" timestamp with time zone,
	"last_charge_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_visits_once" UNIQUE("subscription_id","nominal_date"),
	CONSTRAINT "subscription_visits_status_check" CHECK ("subscription_visits"."status" in ('booked', 'skipped', 'cancelled')),
	CONSTRAINT "subscription_visits_booked_check" CHECK ("subscription_visits"."status" <> 'booked' or "subscription_visits"."booking_id" is not null),
	CONSTRAINT "subscription_visits_price_check" CHECK ("subscription_visits"."price_pence" > 0),
	CONSTRAINT "subscription_visits_attempts_check" CHECK ("subscription_visits"."charge_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"tradesperson_id" uuid NOT NULL,
	"source_booking_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"pause_reason" text,
	"request_message" text NOT NULL,
	"category" text NOT NULL,
	"postcode" text NOT NULL,
	"title" text,
	"description" text,
	"price_per_visit_pence" integer,
	"frequency" text,
	"start_date" date,
	"pending_price_pence" integer,
	"payment_method_id" uuid,
	"next_visit_index" integer DEFAULT 0 NOT NULL,
	"ends_on" date,
	"accepted_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('requested', 'proposed', 'active', 'paused', 'cancelled', 'declined')),
	CONSTRAINT "subscriptions_pause_reason_check" CHECK ("subscriptions"."pause_reason" is null or "subscriptions"."pause_reason" in ('customer', 'tradesperson', 'payment_failed')),
	CONSTRAINT "subscriptions_paused_check" CHECK (("subscriptions"."status" = 'paused') = ("subscriptions"."pause_reason" is not null)),
	CONSTRAINT "subscriptions_frequency_check" CHECK ("subscriptions"."frequency" is null or "subscriptions"."frequency" in ('weekly', 'fortnightly', 'four_weekly', 'monthly', 'quarterly', 'yearly')),
	CONSTRAINT "subscriptions_parties_check" CHECK ("subscriptions"."customer_id" <> "subscriptions"."tradesperson_id"),
	CONSTRAINT "subscriptions_price_check" CHECK (("subscriptions"."price_per_visit_pence" is null or "subscriptions"."price_per_visit_pence" between 1000 and 500000) and ("subscriptions"."pending_price_pence" is null or "subscriptions"."pending_price_pence" between 1000 and 500000)),
	CONSTRAINT "subscriptions_terms_check" CHECK ("subscriptions"."status" in ('requested', 'declined') or ("subscriptions"."title" is not null and "subscriptions"."description" is not null and "subscriptions"."price_per_visit_pence" is not null and "subscriptions"."frequency" is not null and "subscriptions"."start_date" is not null)),
	CONSTRAINT "subscriptions_card_check" CHECK ("subscriptions"."status" not in ('active', 'paused') or "subscriptions"."payment_method_id" is not null),
	CONSTRAINT "subscriptions_next_visit_check" CHECK ("subscriptions"."next_visit_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "support_canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_canned_replies_title_length" CHECK (char_length("support_canned_replies"."title") between 1 and 80),
	CONSTRAINT "support_canned_replies_body_length" CHECK (char_length("support_canned_replies"."body") between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"guest_email" text,
	"guest_name" text,
	"subject" text NOT NULL,
	"origin" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_admin_id" uuid,
	"booking_id" uuid,
	"transcript" jsonb,
	"transcript_consented_at" timestamp with time zone,
	"dispute_id" uuid,
	"first_response_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_conversations_status_check" CHECK ("support_conversations"."status" in ('open', 'waiting', 'closed')),
	CONSTRAINT "support_conversations_origin_check" CHECK ("support_conversations"."origin" in ('chat', 'guest', 'assistant')),
	CONSTRAINT "support_conversations_person_check" CHECK ("support_conversations"."user_id" is not null or "support_conversations"."guest_email" is not null),
	CONSTRAINT "support_conversations_subject_length" CHECK (char_length("support_conversations"."subject") between 1 and 120),
	CONSTRAINT "support_conversations_transcript_consent" CHECK ("support_conversations"."transcript" is null or "support_conversations"."transcript_consented_at" is not null),
	CONSTRAINT "support_conversations_closed_check" CHECK (("support_conversations"."status" = 'closed') = ("support_conversations"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author_id" uuid,
	"author" text NOT NULL,
	"kind" text DEFAULT 'message' NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_author_check" CHECK ("support_messages"."author" in ('user', 'staff')),
	CONSTRAINT "support_messages_kind_check" CHECK ("support_messages"."kind" in ('message', 'note')),
	CONSTRAINT "support_messages_note_by_staff" CHECK ("support_messages"."kind" <> 'note' or "support_messages"."author" = 'staff'),
	CONSTRAINT "support_messages_body_length" CHECK (char_length("support_messages"."body") between 1 and 4000)
);
--> statement-breakpoint
ALTER TABLE "domain_events" DROP CONSTRAINT "domain_events_type_check";--> statement-breakpoint
ALTER TABLE "subscription_visits" ADD CONSTRAINT "subscription_visits_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_visits" ADD CONSTRAINT "subscription_visits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tradesperson_id_users_id_fk" FOREIGN KEY ("tradesperson_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_source_booking_id_bookings_id_fk" FOREIGN KEY ("source_booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_canned_replies" ADD CONSTRAINT "support_canned_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_assigned_admin_id_users_id_fk" FOREIGN KEY ("assigned_admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_visits_booking_unique" ON "subscription_visits" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "subscription_visits_plan_idx" ON "subscription_visits" USING btree ("subscription_id","visit_index");--> statement-breakpoint
CREATE INDEX "subscription_visits_charge_due_idx" ON "subscription_visits" USING btree ("next_charge_at") WHERE "subscription_visits"."next_charge_at" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_tradesperson_idx" ON "subscriptions" USING btree ("tradesperson_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_active_idx" ON "subscriptions" USING btree ("id") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "support_canned_replies_title_unique" ON "support_canned_replies" USING btree (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_one_open_per_user" ON "support_conversations" USING btree ("user_id") WHERE "support_conversations"."status" <> 'closed' and "support_conversations"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "support_conversations_user_idx" ON "support_conversations" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "support_conversations_inbox_idx" ON "support_conversations" USING btree ("status","assigned_admin_id","updated_at");--> statement-breakpoint
CREATE INDEX "support_conversations_created_idx" ON "support_conversations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "support_messages_to_notify_idx" ON "support_messages" USING btree ("created_at") WHERE "support_messages"."kind" = 'message' and "support_messages"."author" = 'staff' and "support_messages"."read_at" is null and "support_messages"."notified_at" is null;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_type_check" CHECK ("domain_events"."type" in ('job.posted', 'job.cancelled', 'quote.received', 'quote.edited', 'quote.withdrawn', 'quote.accepted', 'quote.rejected', 'booking.created', 'booking.confirmed', 'booking.declined', 'booking.cancelled', 'booking.completed', 'booking.reschedule_proposed', 'booking.reschedule_accepted', 'booking.reschedule_declined', 'booking.reschedule_withdrawn', 'booking.reminder', 'message.sent', 'payment.succeeded', 'payment.released', 'payment.refunded', 'payout.paid', 'payout.failed', 'document.approved', 'document.rejected', 'document.expired', 'document.expiring', 'review.submitted', 'review.published', 'review.replied', 'review.hidden', 'dispute.raised', 'dispute.responded', 'dispute.deadline_passed', 'dispute.message_posted', 'dispute.evidence_added', 'dispute.resolved', 'milestone.plan_proposed', 'milestone.plan_accepted', 'milestone.plan_declined', 'milestone.paid', 'milestone.done', 'change.proposed', 'change.accepted', 'change.declined', 'change.withdrawn', 'change.paid', 'support.replied', 'support.closed', 'support.reopened', 'subscription.requested', 'subscription.proposed', 'subscription.accepted', 'subscription.declined', 'subscription.paused', 'subscription.resumed', 'subscription.visit_skipped', 'subscription.price_proposed', 'subscription.price_accepted', 'subscription.price_declined', 'subscription.cancelled', 'subscription.visit_booked', 'subscription.visit_charged', 'subscription.charge_failed'));