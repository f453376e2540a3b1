ALTER TABLE "newsletter_subscriptions" ALTER COLUMN "subscribed_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "status" text;--> statement-breakpoint
-- Addresses that subscribed before double opt-in stay on the list: each got the welcome mail with its unsubscribe
-- link (decision record 46). Those that unsubscribed stay off it.
UPDATE "newsletter_subscriptions" SET "status" = CASE WHEN "unsubscribed_at" IS NULL THEN 'SUBSCRIBED' ELSE 'UNSUBSCRIBED' END;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ALTER COLUMN "status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmation_mails_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_pending_idx" ON "newsletter_subscriptions" USING btree ("confirmation_sent_at") WHERE "newsletter_subscriptions"."status" = 'PENDING';--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_status_check" CHECK ("newsletter_subscriptions"."status" in ('PENDING', 'SUBSCRIBED', 'UNSUBSCRIBED'));