ALTER TABLE "payment_events" ADD COLUMN "review_reason" text;--> statement-breakpoint
CREATE INDEX "deposits_pending_expires_idx" ON "deposits" USING btree ("expires_at") WHERE "deposits"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_events_review_idx" ON "payment_events" USING btree ("received_at") WHERE "payment_events"."review_reason" is not null;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_review_reason_check" CHECK ("payment_events"."review_reason" in ('unknown_reference', 'deposit_failed', 'amount_mismatch'));