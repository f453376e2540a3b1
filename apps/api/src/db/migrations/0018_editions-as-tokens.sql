CREATE TABLE "activity_kinds" (
	"kind" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_contracts" (
	"address" text PRIMARY KEY NOT NULL,
	"registry_key" text NOT NULL,
	"next_token_id" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_contracts_next_token_check" CHECK ("chain_contracts"."next_token_id" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_activities" DROP CONSTRAINT "product_activities_kind_check";--> statement-breakpoint
DROP INDEX "editions_owner_idx";--> statement-breakpoint
ALTER TABLE "product_activities" ADD COLUMN "counterpart_address" text;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "state" text DEFAULT 'IN_PACK' NOT NULL;--> statement-breakpoint
UPDATE "editions" SET "state" = 'OWNED' WHERE "owner_user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "collection_id" uuid;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "contract_address" text;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "token_id" bigint;--> statement-breakpoint
-- Editions minted before the registry: their product's brand and collection, a contract per collection (or brand)
-- at the address custodialContractAddress derives (the same formula), and token ids in minting order.
UPDATE "editions" e SET "brand_id" = p."brand_id", "collection_id" = p."collection_id"
  FROM "products" p WHERE p."id" = e."product_id";--> statement-breakpoint
INSERT INTO "chain_contracts" ("address", "registry_key", "next_token_id", "created_at")
  SELECT '0x' || substr(encode(sha256(convert_to('cypher custodial contract ' || k.registry_key, 'UTF8')), 'hex'), 1, 40),
         k.registry_key, k.minted + 1, now()
  FROM (SELECT coalesce('collection:' || "collection_id", 'brand:' || "brand_id") AS registry_key, count(*) AS minted
        FROM "editions" GROUP BY 1) k;--> statement-breakpoint
UPDATE "editions" e SET "contract_address" = c."address", "token_id" = t.token_id
  FROM (SELECT "id", coalesce('collection:' || "collection_id", 'brand:' || "brand_id") AS registry_key,
               row_number() OVER (PARTITION BY coalesce('collection:' || "collection_id", 'brand:' || "brand_id")
                                  ORDER BY "created_at", "product_id", "serial_number") AS token_id
        FROM "editions") t
  JOIN "chain_contracts" c ON c."registry_key" = t.registry_key
  WHERE e."id" = t."id";--> statement-breakpoint
ALTER TABLE "editions" ALTER COLUMN "brand_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "editions" ALTER COLUMN "contract_address" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "editions" ALTER COLUMN "token_id" SET NOT NULL;--> statement-breakpoint
-- The kinds rows already use; syncActivityKinds adds the contract's others after every migration.
INSERT INTO "activity_kinds" ("kind") SELECT DISTINCT "kind" FROM "product_activities";--> statement-breakpoint
INSERT INTO "activity_kinds" ("kind") VALUES ('MINTED'), ('PURCHASED'), ('OPENED'), ('FUSED'), ('REDEEMED'), ('AIRDROPPED')
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "product_activities" a SET "edition_id" = NULL
  WHERE "edition_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "editions" e WHERE e."id" = a."edition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_contracts_registry_key_key" ON "chain_contracts" USING btree ("registry_key");--> statement-breakpoint
ALTER TABLE "product_activities" ADD CONSTRAINT "product_activities_kind_activity_kinds_kind_fk" FOREIGN KEY ("kind") REFERENCES "public"."activity_kinds"("kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_activities" ADD CONSTRAINT "product_activities_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_contract_address_chain_contracts_address_fk" FOREIGN KEY ("contract_address") REFERENCES "public"."chain_contracts"("address") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_activities_edition_created_idx" ON "product_activities" USING btree ("edition_id","created_at","id") WHERE "product_activities"."edition_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "editions_contract_token_key" ON "editions" USING btree ("contract_address","token_id");--> statement-breakpoint
CREATE INDEX "editions_owner_brand_created_idx" ON "editions" USING btree ("owner_user_id","brand_id","created_at","id") WHERE "editions"."owner_user_id" is not null;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_state_check" CHECK ("editions"."state" in ('IN_PACK', 'OWNED', 'EQUIPPED', 'LOCKED', 'LISTED', 'EXPORTED', 'BURNED'));