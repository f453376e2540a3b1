CREATE TABLE "pack_claim_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"drop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"pack_number" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"buyer_hash" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"position" integer,
	"chain_hash" text,
	CONSTRAINT "pack_claim_log_kind_check" CHECK ("pack_claim_log"."kind" in ('CLAIMED', 'RELEASED')),
	CONSTRAINT "pack_claim_log_sealed_check" CHECK (("pack_claim_log"."position" is null) = ("pack_claim_log"."chain_hash" is null))
);
--> statement-breakpoint
ALTER TABLE "drops" DROP CONSTRAINT "drops_publication_status_check";--> statement-breakpoint
ALTER TABLE "drops" DROP CONSTRAINT "drops_provenance_check";--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "packs_written" integer;--> statement-breakpoint
-- Drops published before publication ran in batches wrote every pack in one transaction: all of them are written.
UPDATE "drops" SET "packs_written" = (SELECT count(*) FROM "packs" WHERE "packs"."drop_id" = "drops"."id") WHERE "publication_status" = 'PUBLISHED';--> statement-breakpoint
ALTER TABLE "drops" ADD COLUMN "revealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replaced_deposit_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_salt" text;--> statement-breakpoint
CREATE UNIQUE INDEX "pack_claim_log_position_key" ON "pack_claim_log" USING btree ("drop_id","position");--> statement-breakpoint
CREATE INDEX "pack_claim_log_unsealed_idx" ON "pack_claim_log" USING btree ("drop_id","at","id") WHERE "pack_claim_log"."position" is null;--> statement-breakpoint
CREATE INDEX "pack_claim_log_order_idx" ON "pack_claim_log" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "drop_contents_product_idx" ON "drop_contents" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "packs_held_idx" ON "packs" USING btree ("policy_id") WHERE "packs"."order_id" is not null and "packs"."owner_user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_replaced_deposit_key" ON "orders" USING btree ("replaced_deposit_id");--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_packs_written_check" CHECK ("drops"."packs_written" >= 0);--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_publication_status_check" CHECK ("drops"."publication_status" in ('DRAFT', 'PUBLISHING', 'PUBLISHED'));--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_provenance_check" CHECK (case "drops"."publication_status"
            when 'DRAFT' then "drops"."seed" is null and "drops"."commitment" is null and "drops"."packs_written" is null
            when 'PUBLISHING' then "drops"."seed" is not null and "drops"."packs_written" is not null
            else "drops"."seed" is not null and "drops"."commitment" is not null and "drops"."packs_written" is not null
          end);