CREATE TABLE "brand_previous_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_previous_slugs" ADD CONSTRAINT "brand_previous_slugs_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_previous_slugs_brand_idx" ON "brand_previous_slugs" USING btree ("brand_id");--> statement-breakpoint
-- Slugs brands gave up before this table kept them, read from the console's audit log (each edit records the brand
-- before and after it), so links broken by an earlier rename find their brand again: the last brand to give a slug up
-- keeps it.
INSERT INTO "brand_previous_slugs" ("slug", "brand_id", "replaced_at")
SELECT DISTINCT ON ("audit_log"."before"->>'slug') "audit_log"."before"->>'slug', "brands"."id", "audit_log"."created_at"
FROM "audit_log" JOIN "brands" ON "brands"."id"::text = "audit_log"."entity_id"
WHERE "audit_log"."entity_type" = 'brand' AND "audit_log"."action" = 'update'
  AND "audit_log"."before"->>'slug' IS NOT NULL
  AND "audit_log"."before"->>'slug' IS DISTINCT FROM "audit_log"."after"->>'slug'
ORDER BY "audit_log"."before"->>'slug', "audit_log"."created_at" DESC, "audit_log"."id" DESC;
