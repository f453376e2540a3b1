CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"edition_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "favorites_user_id_target_id_pk" PRIMARY KEY("user_id","target_id"),
	CONSTRAINT "favorites_target_type_check" CHECK ("favorites"."target_type" in ('PRODUCT', 'EDITION')),
	CONSTRAINT "favorites_target_check" CHECK (("favorites"."target_type" = 'PRODUCT' and "favorites"."target_id" = "favorites"."product_id" and "favorites"."edition_id" is null)
          or ("favorites"."target_type" = 'EDITION' and "favorites"."target_id" = "favorites"."edition_id"))
);
--> statement-breakpoint
DROP INDEX "editions_owner_brand_created_idx";--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "rarity" text;--> statement-breakpoint
-- Editions minted before: their product's rarity, and for those already in a collection the time their pack was
-- opened (their OPENED activity), or their minting when no such row is found.
UPDATE "editions" e SET "rarity" = p."rarity" FROM "products" p WHERE p."id" = e."product_id";--> statement-breakpoint
ALTER TABLE "editions" ALTER COLUMN "rarity" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "rarity_rank" smallint GENERATED ALWAYS AS (case rarity when 'COMMON' then 1 when 'RARE' then 2 when 'EPIC' then 3 when 'LEGENDARY' then 4 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "acquired_at" timestamp with time zone;--> statement-breakpoint
UPDATE "editions" e SET "acquired_at" = coalesce(
    (SELECT max(a."created_at") FROM "product_activities" a WHERE a."edition_id" = e."id" AND a."kind" = 'OPENED'),
    e."created_at")
  WHERE e."owner_user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at","target_id");--> statement-breakpoint
CREATE INDEX "editions_owner_brand_acquired_idx" ON "editions" USING btree ("owner_user_id","brand_id","acquired_at","id") WHERE "editions"."owner_user_id" is not null;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_rarity_check" CHECK ("editions"."rarity" in ('COMMON', 'RARE', 'EPIC', 'LEGENDARY'));