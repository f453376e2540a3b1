ALTER TABLE "waiting_rooms" ADD COLUMN "last_place" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD COLUMN "last_admit_at" timestamp with time zone;--> statement-breakpoint
UPDATE "waiting_rooms" w SET "last_place" = e."place", "last_admit_at" = e."admit_at"
FROM (SELECT DISTINCT ON ("policy_id") "policy_id", "place", "admit_at" FROM "waiting_room_entries"
      WHERE "place" IS NOT NULL ORDER BY "policy_id", "place" DESC) e
WHERE e."policy_id" = w."policy_id";
