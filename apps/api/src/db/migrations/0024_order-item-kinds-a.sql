CREATE TABLE "pass_units" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pass_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"order_id" uuid,
	"owner_user_id" uuid,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "passes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text NOT NULL,
	"benefits" jsonb NOT NULL,
	"supply" integer NOT NULL,
	"price" bigint NOT NULL,
	"per_person_limit" integer,
	"sale_begin_at" timestamp with time zone NOT NULL,
	"sale_end_at" timestamp with time zone NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "passes_price_check" CHECK ("passes"."price" > 0),
	CONSTRAINT "passes_supply_check" CHECK ("passes"."supply" > 0),
	CONSTRAINT "passes_sale_check" CHECK ("passes"."sale_begin_at" < "passes"."sale_end_at"),
	CONSTRAINT "passes_validity_check" CHECK ("passes"."valid_from" < "passes"."valid_until")
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "item_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "item_id" uuid;--> statement-breakpoint
ALTER TABLE "purchase_allowances" ADD COLUMN "item_id" uuid;--> statement-breakpoint
ALTER TABLE "pass_units" ADD CONSTRAINT "pass_units_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_units" ADD CONSTRAINT "pass_units_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_units" ADD CONSTRAINT "pass_units_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pass_units_pass_number_key" ON "pass_units" USING btree ("pass_id","number");--> statement-breakpoint
CREATE INDEX "pass_units_unclaimed_idx" ON "pass_units" USING btree ("pass_id","number") WHERE "pass_units"."order_id" is null;--> statement-breakpoint
CREATE INDEX "pass_units_owner_idx" ON "pass_units" USING btree ("owner_user_id","pass_id") WHERE "pass_units"."owner_user_id" is not null;--> statement-breakpoint
CREATE INDEX "pass_units_order_idx" ON "pass_units" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "passes_brand_idx" ON "passes" USING btree ("brand_id","created_at");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('brand', 'license', 'collection', 'product', 'category', 'tag', 'banner', 'media', 'operator_grant', 'withdrawal', 'drop', 'figure_base', 'pass'));--> statement-breakpoint
UPDATE "orders" SET "item_kind" = 'PACK', "item_id" = "policy_id";--> statement-breakpoint
UPDATE "purchase_allowances" SET "item_id" = "policy_id";