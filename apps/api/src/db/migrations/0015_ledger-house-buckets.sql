DROP INDEX "ledger_accounts_system_key";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "bucket" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house_key" ON "ledger_accounts" USING btree ("kind","currency","bucket") WHERE "ledger_accounts"."owner_user_id" is null;--> statement-breakpoint
-- Existing house rows become bucket 0 of their account; a bucket may dip below zero, since only the sum of an
-- account's buckets means anything (decision record 0013).
UPDATE "ledger_accounts" SET "allows_negative" = true WHERE "owner_user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_negative_check" CHECK ("ledger_accounts"."allows_negative" = ("ledger_accounts"."owner_user_id" is null));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_bucket_check" CHECK ("ledger_accounts"."bucket" >= 0 and "ledger_accounts"."bucket" < 32 and ("ledger_accounts"."owner_user_id" is null or "ledger_accounts"."bucket" = 0));