-- Purchases of a pass are counted in purchase_allowances whether or not it has a per-person limit (orders/sale-items.ts,
-- countsAllowances), so that a limit set while it sells counts what each person bought before. Until now they were
-- counted only while the pass had a limit: each person's count of each pass is set again from their orders that took
-- units, paid or held for a payment, as a purchase counts them (a failed or timed-out order gave its units back).
INSERT INTO "purchase_allowances" ("item_id", "user_id", "purchased")
SELECT "item_id", "user_id", sum("quantity")::int
FROM "orders"
WHERE "item_kind" = 'PASS' AND "status" IN ('PENDING', 'SUCCESSFUL')
GROUP BY "item_id", "user_id"
ON CONFLICT ("item_id", "user_id") DO UPDATE SET "purchased" = excluded."purchased";--> statement-breakpoint
UPDATE "purchase_allowances" a SET "purchased" = 0
WHERE a."item_id" IN (SELECT "id" FROM "passes")
  AND NOT EXISTS (
    SELECT 1 FROM "orders" o
    WHERE o."item_kind" = 'PASS' AND o."item_id" = a."item_id" AND o."user_id" = a."user_id"
      AND o."status" IN ('PENDING', 'SUCCESSFUL')
  );
