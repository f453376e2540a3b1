-- A card saved more than once keeps its first save: the later copies (the same brand, last four and expiry for the
-- same person) go before the index that refuses them from now on. Deposits name a saved card only while they start.
DELETE FROM "saved_cards" AS "later" USING "saved_cards" AS "first"
WHERE "later"."user_id" = "first"."user_id" AND "later"."brand" = "first"."brand" AND "later"."last4" = "first"."last4"
  AND "later"."exp_month" = "first"."exp_month" AND "later"."exp_year" = "first"."exp_year"
  AND ("later"."created_at", "later"."id") > ("first"."created_at", "first"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_user_card_key" ON "saved_cards" USING btree ("user_id","brand","last4","exp_month","exp_year");
