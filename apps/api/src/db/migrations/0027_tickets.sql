CREATE TABLE "ticket_holdings" (
	"user_id" uuid NOT NULL,
	"ticket_kind_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_holdings_user_id_ticket_kind_id_pk" PRIMARY KEY("user_id","ticket_kind_id"),
	CONSTRAINT "ticket_holdings_count_check" CHECK ("ticket_holdings"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_kinds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"image_url" text,
	"price" bigint,
	"max_per_order" integer NOT NULL,
	"is_active" boolean NOT NULL,
	"used_for" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_kinds_price_check" CHECK ("ticket_kinds"."price" is null or "ticket_kinds"."price" > 0),
	CONSTRAINT "ticket_kinds_max_per_order_check" CHECK ("ticket_kinds"."max_per_order" > 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"ticket_kind_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"reference_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_movements_reason_check" CHECK ("ticket_movements"."reason" in ('PURCHASE', 'ATTENDANCE', 'REDEEM', 'RAFFLE_ENTRY', 'RAFFLE_REFUND', 'CONSOLE_GRANT')),
	CONSTRAINT "ticket_movements_delta_check" CHECK (case when "ticket_movements"."reason" in ('RAFFLE_ENTRY') then "ticket_movements"."delta" < 0 else "ticket_movements"."delta" > 0 end)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "ticket_holdings" ADD CONSTRAINT "ticket_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_holdings" ADD CONSTRAINT "ticket_holdings_ticket_kind_id_ticket_kinds_id_fk" FOREIGN KEY ("ticket_kind_id") REFERENCES "public"."ticket_kinds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_kinds" ADD CONSTRAINT "ticket_kinds_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_movements" ADD CONSTRAINT "ticket_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_movements" ADD CONSTRAINT "ticket_movements_ticket_kind_id_ticket_kinds_id_fk" FOREIGN KEY ("ticket_kind_id") REFERENCES "public"."ticket_kinds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_kinds_brand_idx" ON "ticket_kinds" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_movements_reference_key" ON "ticket_movements" USING btree ("user_id","ticket_kind_id","reason","reference_id");--> statement-breakpoint
CREATE INDEX "ticket_movements_user_created_idx" ON "ticket_movements" USING btree ("user_id","created_at","id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('brand', 'license', 'collection', 'product', 'category', 'tag', 'banner', 'media', 'operator_grant', 'withdrawal', 'drop', 'figure_base', 'pass', 'ticket_kind'));
--> statement-breakpoint
-- Ticket movements are facts, like ledger entries: a correction is a new movement, never an edit (issue 18).
CREATE FUNCTION "ticket_movements_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ticket_movements are insert-only (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ticket_movements_insert_only" BEFORE UPDATE OR DELETE ON "ticket_movements"
  FOR EACH ROW EXECUTE FUNCTION "ticket_movements_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ticket_movements_no_truncate" BEFORE TRUNCATE ON "ticket_movements"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_movements_refuse_change"();
