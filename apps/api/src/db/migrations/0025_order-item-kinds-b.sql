ALTER TABLE "orders" ALTER COLUMN "item_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "drop_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "round" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_allowances" ALTER COLUMN "item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "policy_id";--> statement-breakpoint
ALTER TABLE "purchase_allowances" DROP CONSTRAINT "purchase_allowances_pkey";--> statement-breakpoint
ALTER TABLE "purchase_allowances" DROP COLUMN "policy_id";--> statement-breakpoint
ALTER TABLE "purchase_allowances" ADD CONSTRAINT "purchase_allowances_pkey" PRIMARY KEY("item_id","user_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_item_kind_check" CHECK ("orders"."item_kind" in ('PACK', 'PASS', 'TICKET'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pack_item_check" CHECK (("orders"."item_kind" = 'PACK') = ("orders"."drop_id" is not null and "orders"."round" is not null));