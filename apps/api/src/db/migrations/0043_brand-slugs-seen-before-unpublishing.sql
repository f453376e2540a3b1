-- A brand's slug is kept as an old link when the brand is unpublished (change-publication.ts), as it is when a
-- published brand changes it: the public saw the brand by it, and a draft's slug changes are not kept, so a brand
-- published, unpublished, renamed and published again lost the link the public had. Worked out again from the
-- audit log, whose "before" of each unpublishing holds the brand's slug then: each such slug goes to its brand,
-- unless a brand the public saw by it later holds it (a later give-up while published, or a later unpublishing).
INSERT INTO "brand_previous_slugs" ("slug", "brand_id", "replaced_at")
SELECT DISTINCT ON ("audit_log"."before"->>'slug') "audit_log"."before"->>'slug', "brands"."id", "audit_log"."created_at"
FROM "audit_log" JOIN "brands" ON "brands"."id"::text = "audit_log"."entity_id"
WHERE "audit_log"."entity_type" = 'brand' AND "audit_log"."action" = 'unpublish'
  AND "audit_log"."before"->>'slug' IS NOT NULL
ORDER BY "audit_log"."before"->>'slug', "audit_log"."created_at" DESC, "audit_log"."id" DESC
ON CONFLICT ("slug") DO UPDATE SET "brand_id" = "excluded"."brand_id", "replaced_at" = "excluded"."replaced_at"
WHERE "brand_previous_slugs"."replaced_at" < "excluded"."replaced_at";
