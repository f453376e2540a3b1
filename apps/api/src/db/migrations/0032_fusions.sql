CREATE TABLE "fusion_outputs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fusion_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"run_id" uuid
);
--> statement-breakpoint
CREATE TABLE "fusion_run_materials" (
	"run_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"edition_id" uuid NOT NULL,
	CONSTRAINT "fusion_run_materials_pkey" PRIMARY KEY("run_id","edition_id")
);
--> statement-breakpoint
CREATE TABLE "fusion_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fusion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"result_edition_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fusion_slots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fusion_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"required_count" integer NOT NULL,
	"rule_kind" text NOT NULL,
	"rule_product_id" uuid,
	"rule_rarity" text,
	"rule_collection_id" uuid,
	"rule_trait_type" text,
	"rule_trait_value" text,
	CONSTRAINT "fusion_slots_kind_check" CHECK ("fusion_slots"."rule_kind" in ('PRODUCT', 'RARITY', 'COLLECTION', 'TRAIT')),
	CONSTRAINT "fusion_slots_rarity_check" CHECK ("fusion_slots"."rule_rarity" is null or "fusion_slots"."rule_rarity" in ('COMMON', 'RARE', 'EPIC', 'LEGENDARY')),
	CONSTRAINT "fusion_slots_count_check" CHECK ("fusion_slots"."required_count" >= 1),
	CONSTRAINT "fusion_slots_rule_check" CHECK (case "fusion_slots"."rule_kind"
            when 'PRODUCT' then "fusion_slots"."rule_product_id" is not null
            when 'RARITY' then "fusion_slots"."rule_rarity" is not null
            when 'COLLECTION' then "fusion_slots"."rule_collection_id" is not null
            else "fusion_slots"."rule_trait_type" is not null and "fusion_slots"."rule_trait_value" is not null
          end)
);
--> statement-breakpoint
CREATE TABLE "fusions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"category_id" uuid,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text NOT NULL,
	"begin_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"result_product_id" uuid NOT NULL,
	"result_supply" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fusions_times_check" CHECK ("fusions"."begin_at" < "fusions"."end_at"),
	CONSTRAINT "fusions_supply_check" CHECK ("fusions"."result_supply" > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "editions" DROP CONSTRAINT "editions_state_check";--> statement-breakpoint
ALTER TABLE "fusion_outputs" ADD CONSTRAINT "fusion_outputs_fusion_id_fusions_id_fk" FOREIGN KEY ("fusion_id") REFERENCES "public"."fusions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fusion_run_materials" ADD CONSTRAINT "fusion_run_materials_run_id_fusion_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."fusion_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fusion_run_materials" ADD CONSTRAINT "fusion_run_materials_slot_id_fusion_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."fusion_slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fusion_runs" ADD CONSTRAINT "fusion_runs_fusion_id_fusions_id_fk" FOREIGN KEY ("fusion_id") REFERENCES "public"."fusions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fusion_runs" ADD CONSTRAINT "fusion_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fusion_slots" ADD CONSTRAINT "fusion_slots_fusion_id_fusions_id_fk" FOREIGN KEY ("fusion_id") REFERENCES "public"."fusions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fusion_slots" ADD CONSTRAINT "fusion_slots_rule_product_id_products_id_fk" FOREIGN KEY ("rule_product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fusion_slots" ADD CONSTRAINT "fusion_slots_rule_collection_id_collections_id_fk" FOREIGN KEY ("rule_collection_id") REFERENCES "public"."collections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fusions" ADD CONSTRAINT "fusions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fusions" ADD CONSTRAINT "fusions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fusions" ADD CONSTRAINT "fusions_result_product_id_products_id_fk" FOREIGN KEY ("result_product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fusion_outputs_number_key" ON "fusion_outputs" USING btree ("fusion_id","number");--> statement-breakpoint
CREATE INDEX "fusion_outputs_unclaimed_idx" ON "fusion_outputs" USING btree ("fusion_id","number") WHERE "fusion_outputs"."run_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "fusion_run_materials_edition_key" ON "fusion_run_materials" USING btree ("edition_id");--> statement-breakpoint
CREATE INDEX "fusion_runs_user_idx" ON "fusion_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fusion_runs_result_key" ON "fusion_runs" USING btree ("result_edition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fusion_slots_position_key" ON "fusion_slots" USING btree ("fusion_id","position");--> statement-breakpoint
CREATE INDEX "fusions_begin_idx" ON "fusions" USING btree ("begin_at","id");--> statement-breakpoint
CREATE INDEX "fusions_brand_idx" ON "fusions" USING btree ("brand_id","begin_at");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('brand', 'license', 'collection', 'product', 'category', 'tag', 'banner', 'media', 'operator_grant', 'withdrawal', 'drop', 'figure_base', 'pass', 'ticket_kind', 'raffle_round', 'fusion'));--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_state_check" CHECK ("editions"."state" in ('UNISSUED', 'IN_PACK', 'OWNED', 'EQUIPPED', 'LOCKED', 'LISTED', 'EXPORTED', 'BURNED'));