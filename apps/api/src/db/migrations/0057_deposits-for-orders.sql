-- The purchase a deposit pays, and when that order's hold ends: the payment page says what an open card or Tilia
-- checkout is for and when it really closes (the order's hold, not the provider's own expiry).
ALTER TABLE "deposits" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "order_hold_ends_at" timestamp with time zone;--> statement-breakpoint
UPDATE "deposits" d SET "order_id" = o."id", "order_hold_ends_at" = o."hold_expires_at"
FROM "orders" o WHERE d."id" = o."deposit_id" OR d."id" = o."replaced_deposit_id";
