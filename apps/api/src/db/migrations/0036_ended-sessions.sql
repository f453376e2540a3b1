CREATE INDEX "sessions_revoked_idx" ON "sessions" USING btree ("revoked_at") WHERE "sessions"."revoked_at" is not null;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): every sign-in that ends, revoked or deleted while it could
-- still have a valid access token, is announced on commit to every instance (auth/ended-sessions.ts, decision record
-- 42), whichever statement ends it. A NOTIFY is delivered only if the transaction commits.
CREATE FUNCTION "sessions_announce_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cypher_ended_sessions', OLD."id"::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_revoked" AFTER UPDATE OF "revoked_at" ON "sessions" FOR EACH ROW
  WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL) EXECUTE FUNCTION "sessions_announce_ended"();
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_deleted" AFTER DELETE ON "sessions" FOR EACH ROW
  WHEN (OLD."revoked_at" IS NULL AND OLD."expires_at" > now()) EXECUTE FUNCTION "sessions_announce_ended"();
