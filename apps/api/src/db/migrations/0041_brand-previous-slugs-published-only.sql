-- A slug is kept as a brand's old link only if the public saw the brand by it (update-brand.ts): one given up while
-- the brand was a draft is a working name, never public. 0040 and the edits since kept them all. Every slug change is
-- in the audit log with the brand as it was before (locked while it changed, so its status then is exact), so the
-- table is worked out again from it as if only published brands had kept theirs: a slug goes to the last brand that
-- gave it up while published, and one no published brand gave up is no longer kept.
DELETE FROM "brand_previous_slugs"
WHERE NOT EXISTS (
  SELECT 1 FROM "audit_log"
  WHERE "audit_log"."entity_type" = 'brand' AND "audit_log"."action" = 'update'
    AND "audit_log"."entity_id" = "brand_previous_slugs"."brand_id"::text
    AND "audit_log"."before"->>'slug' = "brand_previous_slugs"."slug"
    AND "audit_log"."after"->>'slug' IS DISTINCT FROM "brand_previous_slugs"."slug"
    AND "audit_log"."before"->>'status' = 'PUBLISHED'
    AND NOT EXISTS (
      -- a later published give-up of the slug by another brand holds it
      SELECT 1 FROM "audit_log" AS "later" JOIN "brands" ON "brands"."id"::text = "later"."entity_id"
      WHERE "later"."entity_type" = 'brand' AND "later"."action" = 'update'
        AND "later"."entity_id" <> "audit_log"."entity_id"
        AND "later"."before"->>'slug' = "brand_previous_slugs"."slug"
        AND "later"."after"->>'slug' IS DISTINCT FROM "brand_previous_slugs"."slug"
        AND "later"."before"->>'status' = 'PUBLISHED'
        AND "later"."created_at" > "audit_log"."created_at"
    )
);
--> statement-breakpoint
-- A slug whose last holder was a draft goes back to the last brand that gave it up while published.
INSERT INTO "brand_previous_slugs" ("slug", "brand_id", "replaced_at")
SELECT DISTINCT ON ("audit_log"."before"->>'slug') "audit_log"."before"->>'slug', "brands"."id", "audit_log"."created_at"
FROM "audit_log" JOIN "brands" ON "brands"."id"::text = "audit_log"."entity_id"
WHERE "audit_log"."entity_type" = 'brand' AND "audit_log"."action" = 'update'
  AND "audit_log"."before"->>'slug' IS NOT NULL
  AND "audit_log"."before"->>'slug' IS DISTINCT FROM "audit_log"."after"->>'slug'
  AND "audit_log"."before"->>'status' = 'PUBLISHED'
ORDER BY "audit_log"."before"->>'slug', "audit_log"."created_at" DESC, "audit_log"."id" DESC
ON CONFLICT ("slug") DO NOTHING;
