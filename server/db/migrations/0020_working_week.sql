CREATE TABLE "booking_reschedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"proposed_by" uuid NOT NULL,
	"from_date" date,
	"to_date" date NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_reschedules_status_check" CHECK ("booking_reschedules"."status" in ('pending', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "booking_reschedules_note_check" CHECK ("booking_reschedules"."note" is null or char_length("booking_reschedules"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"tradesperson_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "profile_daily_stats" (
	"tradesperson_id" uuid NOT NULL,
	"day" date NOT NULL,
	"profile_views" integer DEFAULT 0 NOT NULL,
	"search_appearances" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "profile_daily_stats_tradesperson_id_day_pk" PRIMARY KEY("tradesperson_id","day"),
	CONSTRAINT "profile_daily_stats_counts_check" CHECK ("profile_daily_stats"."profile_views" >= 0 and "profile_daily_stats"."search_appearances" >= 0)
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tradesperson_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_order_check" CHECK ("time_off"."ends_on" >= "time_off"."starts_on"),
	CONSTRAINT "time_off_note_check" CHECK ("time_off"."note" is null or char_length("time_off"."note") <= 200)
);
--> statement-breakpoint
CREATE TABLE "tradesperson_availability" (
	"tradesperson_id" uuid PRIMARY KEY NOT NULL,
	"weekly_pattern" jsonb NOT NULL,
	"lead_time_days" integer DEFAULT 0 NOT NULL,
	"jobs_per_day" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_weekly_pattern_check" CHECK (jsonb_typeof("tradesperson_availability"."weekly_pattern") = 'array'),
	CONSTRAINT "availability_lead_time_check" CHECK ("tradesperson_availability"."lead_time_days" between 0 and 60),
	CONSTRAINT "availability_jobs_per_day_check" CHECK ("tradesperson_availability"."jobs_per_day" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminded_for" date;--> statement-breakpoint
ALTER TABLE "booking_reschedules" ADD CONSTRAINT "booking_reschedules_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reschedules" ADD CONSTRAINT "booking_reschedules_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reschedules" ADD CONSTRAINT "booking_reschedules_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_tradesperson_id_users_id_fk" FOREIGN KEY ("tradesperson_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_daily_stats" ADD CONSTRAINT "profile_daily_stats_tradesperson_id_users_id_fk" FOREIGN KEY ("tradesperson_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_tradesperson_id_users_id_fk" FOREIGN KEY ("tradesperson_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tradesperson_availability" ADD CONSTRAINT "tradesperson_availability_tradesperson_id_users_id_fk" FOREIGN KEY ("tradesperson_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_reschedules_one_pending" ON "booking_reschedules" USING btree ("booking_id") WHERE "booking_reschedules"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "booking_reschedules_booking_idx" ON "booking_reschedules" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "time_off_tradesperson_idx" ON "time_off" USING btree ("tradesperson_id","starts_on");--> statement-breakpoint
CREATE INDEX "bookings_tradesperson_day_idx" ON "bookings" USING btree ("tradesperson_id","scheduled_date");