CREATE TABLE "figure_base_placements" (
	"user_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"figure_base_id" uuid NOT NULL,
	"edition_id" uuid NOT NULL,
	"equipped_at" timestamp with time zone NOT NULL,
	CONSTRAINT "figure_base_placements_user_id_slot_id_pk" PRIMARY KEY("user_id","slot_id")
);
--> statement-breakpoint
CREATE TABLE "figure_base_slots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"figure_base_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"product_id" uuid,
	"rarity" text,
	CONSTRAINT "figure_base_slots_rarity_check" CHECK ("figure_base_slots"."rarity" is null or "figure_base_slots"."rarity" in ('COMMON', 'RARE', 'EPIC', 'LEGENDARY'))
);
--> statement-breakpoint
CREATE TABLE "figure_bases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"collection_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "figure_base_placements" ADD CONSTRAINT "figure_base_placements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figure_base_placements" ADD CONSTRAINT "figure_base_placements_slot_id_figure_base_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."figure_base_slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figure_base_placements" ADD CONSTRAINT "figure_base_placements_figure_base_id_figure_bases_id_fk" FOREIGN KEY ("figure_base_id") REFERENCES "public"."figure_bases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figure_base_placements" ADD CONSTRAINT "figure_base_placements_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figure_base_slots" ADD CONSTRAINT "figure_base_slots_figure_base_id_figure_bases_id_fk" FOREIGN KEY ("figure_base_id") REFERENCES "public"."figure_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figure_base_slots" ADD CONSTRAINT "figure_base_slots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figure_bases" ADD CONSTRAINT "figure_bases_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figure_bases" ADD CONSTRAINT "figure_bases_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "figure_base_placements_edition_key" ON "figure_base_placements" USING btree ("edition_id");--> statement-breakpoint
CREATE INDEX "figure_base_placements_base_idx" ON "figure_base_placements" USING btree ("user_id","figure_base_id");--> statement-breakpoint
CREATE INDEX "figure_base_placements_slot_idx" ON "figure_base_placements" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "figure_base_slots_base_idx" ON "figure_base_slots" USING btree ("figure_base_id","position");--> statement-breakpoint
CREATE INDEX "figure_bases_collection_idx" ON "figure_bases" USING btree ("collection_id","created_at");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('brand', 'license', 'collection', 'product', 'category', 'tag', 'banner', 'media', 'operator_grant', 'withdrawal', 'drop', 'figure_base'));