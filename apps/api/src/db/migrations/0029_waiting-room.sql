CREATE TABLE "waiting_room_entries" (
	"policy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"arrival" bigint GENERATED ALWAYS AS IDENTITY (sequence name "waiting_room_entries_arrival_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"draw_key" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"place" integer,
	"admit_at" timestamp with time zone,
	CONSTRAINT "waiting_room_entries_pkey" PRIMARY KEY("policy_id","user_id"),
	CONSTRAINT "waiting_room_entries_placed_check" CHECK (("waiting_room_entries"."place" is null) = ("waiting_room_entries"."admit_at" is null)),
	CONSTRAINT "waiting_room_entries_place_check" CHECK ("waiting_room_entries"."place" is null or "waiting_room_entries"."place" >= 1)
);
--> statement-breakpoint
CREATE TABLE "waiting_rooms" (
	"policy_id" uuid PRIMARY KEY NOT NULL,
	"opens_minutes_before" integer NOT NULL,
	"admit_per_minute" integer NOT NULL,
	"token_ttl_seconds" integer NOT NULL,
	"requires_verified_phone" boolean DEFAULT false NOT NULL,
	"places_drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "waiting_rooms_opens_check" CHECK ("waiting_rooms"."opens_minutes_before" between 1 and 1440),
	CONSTRAINT "waiting_rooms_rate_check" CHECK ("waiting_rooms"."admit_per_minute" between 1 and 60000),
	CONSTRAINT "waiting_rooms_ttl_check" CHECK ("waiting_rooms"."token_ttl_seconds" between 30 and 3600)
);
--> statement-breakpoint
ALTER TABLE "waiting_room_entries" ADD CONSTRAINT "waiting_room_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_policy_id_sale_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."sale_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_entries_place_key" ON "waiting_room_entries" USING btree ("policy_id","place") WHERE "waiting_room_entries"."place" is not null;--> statement-breakpoint
CREATE INDEX "waiting_room_entries_unplaced_idx" ON "waiting_room_entries" USING btree ("policy_id","arrival") WHERE "waiting_room_entries"."place" is null;