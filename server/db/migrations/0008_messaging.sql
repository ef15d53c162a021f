DROP INDEX "messages_conversation_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_conversation_page_idx" ON "messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("conversation_id","sender_id") WHERE not "messages"."read";--> statement-breakpoint
CREATE INDEX "messages_to_notify_idx" ON "messages" USING btree ("created_at") WHERE not "messages"."read" and "messages"."notified_at" is null;