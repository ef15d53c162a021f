ALTER TABLE "domain_events" DROP CONSTRAINT "domain_events_type_check";--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_status_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "replaces_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reminder_days_sent" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_replaces_id_documents_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_expiry_idx" ON "documents" USING btree ("expires_on") WHERE "documents"."status" = 'approved' and "documents"."expires_on" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_suspension_reason_check" CHECK ("users"."suspension_reason" is null or "users"."suspended_at" is not null);--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_type_check" CHECK ("domain_events"."type" in ('job.posted', 'job.cancelled', 'quote.received', 'quote.edited', 'quote.withdrawn', 'quote.accepted', 'quote.rejected', 'booking.created', 'booking.confirmed', 'booking.declined', 'booking.cancelled', 'booking.completed', 'message.sent', 'payment.succeeded', 'payment.released', 'payment.refunded', 'payout.paid', 'payout.failed', 'document.approved', 'document.rejected', 'document.expired', 'document.expiring'));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_rejection_reason_check" CHECK (("documents"."status" = 'rejected') = ("documents"."rejection_reason" is not null));--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_version_check" CHECK ("documents"."version" >= 0);--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_reminder_check" CHECK ("documents"."reminder_days_sent" is null or "documents"."reminder_days_sent" > 0);--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_status_check" CHECK ("documents"."status" in ('pending', 'approved', 'rejected', 'expired'));