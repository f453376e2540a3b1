CREATE TABLE "raffle_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"policy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"handle" text NOT NULL,
	"spent_ticket" boolean NOT NULL,
	"won_in" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "raffle_entries_won_in_check" CHECK ("raffle_entries"."won_in" is null or "raffle_entries"."won_in" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "raffle_rounds" (
	"policy_id" uuid PRIMARY KEY NOT NULL,
	"drop_id" uuid NOT NULL,
	"registration_opens_at" timestamp with time zone NOT NULL,
	"registration_closes_at" timestamp with time zone NOT NULL,
	"places" integer NOT NULL,
	"ticket_kind_id" uuid,
	"is_free_for_pass_holders" boolean NOT NULL,
	"tickets_on_loss" text NOT NULL,
	"purchase_window_minutes" integer NOT NULL,
	"seed_cipher" text NOT NULL,
	"commitment" text NOT NULL,
	"drawn_at" timestamp with time zone,
	"second_drawn_at" timestamp with time zone,
	"second_places" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "raffle_rounds_places_check" CHECK ("raffle_rounds"."places" > 0),
	CONSTRAINT "raffle_rounds_window_check" CHECK ("raffle_rounds"."registration_opens_at" < "raffle_rounds"."registration_closes_at"),
	CONSTRAINT "raffle_rounds_purchase_window_check" CHECK ("raffle_rounds"."purchase_window_minutes" > 0),
	CONSTRAINT "raffle_rounds_tickets_on_loss_check" CHECK ("raffle_rounds"."tickets_on_loss" in ('KEPT', 'RETURNED')),
	CONSTRAINT "raffle_rounds_second_draw_check" CHECK ("raffle_rounds"."second_drawn_at" is null or "raffle_rounds"."drawn_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_policy_id_raffle_rounds_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."raffle_rounds"("policy_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD CONSTRAINT "raffle_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_rounds" ADD CONSTRAINT "raffle_rounds_policy_id_sale_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."sale_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_rounds" ADD CONSTRAINT "raffle_rounds_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_rounds" ADD CONSTRAINT "raffle_rounds_ticket_kind_id_ticket_kinds_id_fk" FOREIGN KEY ("ticket_kind_id") REFERENCES "public"."ticket_kinds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_entries_policy_user_key" ON "raffle_entries" USING btree ("policy_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_entries_handle_key" ON "raffle_entries" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "raffle_rounds_drop_idx" ON "raffle_rounds" USING btree ("drop_id");--> statement-breakpoint
CREATE INDEX "raffle_rounds_undrawn_idx" ON "raffle_rounds" USING btree ("registration_closes_at") WHERE "raffle_rounds"."second_drawn_at" is null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('brand', 'license', 'collection', 'product', 'category', 'tag', 'banner', 'media', 'operator_grant', 'withdrawal', 'drop', 'figure_base', 'pass', 'ticket_kind', 'raffle_round'));