CREATE TABLE "session_ends" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"ended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_ends_ended_idx" ON "session_ends" USING btree ("ended_at");--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): every sign-in that ends, revoked or deleted while it could
-- still have a valid access token, is recorded in session_ends with the database's clock and announced to every
-- instance (auth/ended-sessions.ts, decision record 42), whichever statement ends it. Both take effect only if the
-- transaction commits: the row with it, the NOTIFY delivered at the commit.
CREATE FUNCTION "sessions_announce_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "session_ends" ("session_id", "ended_at") VALUES (OLD."id", clock_timestamp())
    ON CONFLICT ("session_id") DO NOTHING;
  PERFORM pg_notify('cypher_ended_sessions', OLD."id"::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_revoked" AFTER UPDATE OF "revoked_at" ON "sessions" FOR EACH ROW
  WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL) EXECUTE FUNCTION "sessions_announce_ended"();
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_deleted" AFTER DELETE ON "sessions" FOR EACH ROW
  WHEN (OLD."revoked_at" IS NULL AND OLD."expires_at" > now()) EXECUTE FUNCTION "sessions_announce_ended"();
