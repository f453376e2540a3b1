ALTER TABLE "sale_policies" DROP CONSTRAINT "sale_policies_price_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_check";--> statement-breakpoint
ALTER TABLE "sale_policies" ADD COLUMN "is_gift_round" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "grant_deliveries" ADD COLUMN "order_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_policies_gift_round_key" ON "sale_policies" USING btree ("drop_id") WHERE "sale_policies"."is_gift_round";--> statement-breakpoint
CREATE UNIQUE INDEX "grant_deliveries_order_key" ON "grant_deliveries" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "sale_policies" ADD CONSTRAINT "sale_policies_gift_round_check" CHECK (not "sale_policies"."is_gift_round" or ("sale_policies"."per_person_limit" is null and "sale_policies"."whitelist_name" is null
            and "sale_policies"."required_pass_id" is null and "sale_policies"."guarantee_pass_id" is null));--> statement-breakpoint
ALTER TABLE "sale_policies" ADD CONSTRAINT "sale_policies_price_check" CHECK ("sale_policies"."price" > 0 or ("sale_policies"."is_gift_round" and "sale_policies"."price" = 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('BALANCE', 'CARD', 'TILIA', 'GIFT'));