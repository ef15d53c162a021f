CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "job_postings_created_at_idx" ON "job_postings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_details_user_idx" ON "audit_log" USING btree (("details"->>'userId'));--> statement-breakpoint
CREATE INDEX "documents_reviewed_at_idx" ON "documents" USING btree ("reviewed_at","id") WHERE "documents"."reviewed_at" is not null;--> statement-breakpoint
CREATE INDEX "disputes_booking_idx" ON "disputes" USING btree ("booking_id","created_at");