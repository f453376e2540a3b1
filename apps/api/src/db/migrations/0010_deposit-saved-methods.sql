ALTER TABLE "deposits" ADD COLUMN "saved_method_id" uuid;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "payment_method_label" text;