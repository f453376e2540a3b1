CREATE TABLE "collection_brand_counts" (
	"owner_user_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"edition_count" integer NOT NULL,
	CONSTRAINT "collection_brand_counts_owner_user_id_brand_id_pk" PRIMARY KEY("owner_user_id","brand_id")
);
--> statement-breakpoint
ALTER TABLE "collection_brand_counts" ADD CONSTRAINT "collection_brand_counts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_brand_counts" ADD CONSTRAINT "collection_brand_counts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): the counts follow every statement that changes editions.
-- The states are the contract's collectedEditionStates, as in the editions_collected_* indexes' conditions.
-- Each statement's net change per (owner, brand) is applied in key order, so two statements that touch the same
-- collectors take their rows' locks in the same order.
CREATE FUNCTION "editions_keep_brand_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "collection_brand_counts" ("owner_user_id", "brand_id", "edition_count")
    SELECT "owner_user_id", "brand_id", count(*) FROM "new_editions"
    WHERE "owner_user_id" IS NOT NULL AND "state" IN ('OWNED', 'EQUIPPED', 'LOCKED', 'LISTED')
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("owner_user_id", "brand_id")
      DO UPDATE SET "edition_count" = "collection_brand_counts"."edition_count" + excluded."edition_count";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "collection_brand_counts" ("owner_user_id", "brand_id", "edition_count")
    SELECT "owner_user_id", "brand_id", sum("change") FROM (
      SELECT "owner_user_id", "brand_id", -1 AS "change" FROM "old_editions"
      WHERE "owner_user_id" IS NOT NULL AND "state" IN ('OWNED', 'EQUIPPED', 'LOCKED', 'LISTED')
      UNION ALL
      SELECT "owner_user_id", "brand_id", 1 FROM "new_editions"
      WHERE "owner_user_id" IS NOT NULL AND "state" IN ('OWNED', 'EQUIPPED', 'LOCKED', 'LISTED')
    ) AS "changes"
    GROUP BY 1, 2 HAVING sum("change") <> 0 ORDER BY 1, 2
    ON CONFLICT ("owner_user_id", "brand_id")
      DO UPDATE SET "edition_count" = "collection_brand_counts"."edition_count" + excluded."edition_count";
  ELSE
    UPDATE "collection_brand_counts" AS c SET "edition_count" = c."edition_count" - d."removed"
    FROM (
      SELECT "owner_user_id", "brand_id", count(*) AS "removed" FROM "old_editions"
      WHERE "owner_user_id" IS NOT NULL AND "state" IN ('OWNED', 'EQUIPPED', 'LOCKED', 'LISTED')
      GROUP BY 1, 2
    ) AS d
    WHERE c."owner_user_id" = d."owner_user_id" AND c."brand_id" = d."brand_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "editions_brand_counts_insert" AFTER INSERT ON "editions"
  REFERENCING NEW TABLE AS "new_editions"
  FOR EACH STATEMENT EXECUTE FUNCTION "editions_keep_brand_counts"();--> statement-breakpoint
CREATE TRIGGER "editions_brand_counts_update" AFTER UPDATE ON "editions"
  REFERENCING OLD TABLE AS "old_editions" NEW TABLE AS "new_editions"
  FOR EACH STATEMENT EXECUTE FUNCTION "editions_keep_brand_counts"();--> statement-breakpoint
CREATE TRIGGER "editions_brand_counts_delete" AFTER DELETE ON "editions"
  REFERENCING OLD TABLE AS "old_editions"
  FOR EACH STATEMENT EXECUTE FUNCTION "editions_keep_brand_counts"();--> statement-breakpoint
INSERT INTO "collection_brand_counts" ("owner_user_id", "brand_id", "edition_count")
SELECT "owner_user_id", "brand_id", count(*) FROM "editions"
WHERE "owner_user_id" IS NOT NULL AND "state" IN ('OWNED', 'EQUIPPED', 'LOCKED', 'LISTED')
GROUP BY 1, 2;
