-- A round is a raffle or has a waiting room, never both: the console refuses the second since 2026-12-01
-- (RAFFLE_ROUND_HAS_WAITING_ROOM, WAITING_ROOM_ROUND_IS_RAFFLE). Rounds saved with both before then keep the raffle,
-- which decides who buys: the room only made winners queue for what they had already won. Each removal is audited as
-- a change of its drop by no one, as the console audits removing a room.
INSERT INTO "audit_log" ("id", "actor_user_id", "action", "entity_type", "entity_id", "before", "after", "created_at")
SELECT gen_random_uuid(), NULL, 'update', 'drop', "sale_policies"."drop_id"::text,
       jsonb_build_object('round', "sale_policies"."round", 'waitingRoom', jsonb_build_object(
         'opensMinutesBefore', "waiting_rooms"."opens_minutes_before",
         'admitPerMinute', "waiting_rooms"."admit_per_minute")),
       jsonb_build_object('round', "sale_policies"."round", 'waitingRoom', NULL,
         'reason', 'A raffle round has no waiting room: only its winners buy.'),
       now()
FROM "waiting_rooms"
JOIN "raffle_rounds" ON "raffle_rounds"."policy_id" = "waiting_rooms"."policy_id"
JOIN "sale_policies" ON "sale_policies"."id" = "waiting_rooms"."policy_id";--> statement-breakpoint
DELETE FROM "waiting_room_entries"
WHERE "policy_id" IN (SELECT "policy_id" FROM "raffle_rounds");--> statement-breakpoint
DELETE FROM "waiting_rooms"
WHERE "policy_id" IN (SELECT "policy_id" FROM "raffle_rounds");
