CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"image_url" text NOT NULL,
	"link_url" text,
	"placement" text DEFAULT 'HOME' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "banners_placement_check" CHECK ("banners"."placement" in ('HOME')),
	CONSTRAINT "banners_status_check" CHECK ("banners"."status" in ('DRAFT', 'PUBLISHED')),
	CONSTRAINT "banners_window_check" CHECK ("banners"."starts_at" is null or "banners"."ends_at" is null or "banners"."ends_at" > "banners"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"tagline" text,
	"description" text,
	"logo_url" text,
	"banner_url" text,
	"website_url" text,
	"is_featured" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "brands_type_check" CHECK ("brands"."type" in ('ARTIST', 'ENTERTAINMENT', 'SPORTS', 'GAMING', 'FASHION')),
	CONSTRAINT "brands_status_check" CHECK ("brands"."status" in ('DRAFT', 'PUBLISHED'))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"license_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"image_url" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "collections_status_check" CHECK ("collections"."status" in ('DRAFT', 'PUBLISHED'))
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image_url" text,
	"licensor" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "licenses_status_check" CHECK ("licenses"."status" in ('DRAFT', 'PUBLISHED'))
);
--> statement-breakpoint
CREATE TABLE "product_activities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" uuid,
	"edition_number" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_activities_kind_check" CHECK ("product_activities"."kind" in ('MINTED', 'PURCHASED', 'FUSED', 'REDEEMED', 'AIRDROPPED'))
);
--> statement-breakpoint
CREATE TABLE "product_tags" (
	"product_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "product_tags_pkey" PRIMARY KEY("product_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"collection_id" uuid,
	"license_id" uuid,
	"category_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"rarity" text NOT NULL,
	"rarity_rank" smallint GENERATED ALWAYS AS (case rarity when 'COMMON' then 1 when 'RARE' then 2 when 'EPIC' then 3 when 'LEGENDARY' then 4 end) STORED NOT NULL,
	"image_url" text NOT NULL,
	"image_thumbnail_url" text NOT NULL,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edition_size" integer,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "products_rarity_check" CHECK ("products"."rarity" in ('COMMON', 'RARE', 'EPIC', 'LEGENDARY')),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('DRAFT', 'PUBLISHED')),
	CONSTRAINT "products_edition_size_check" CHECK ("products"."edition_size" is null or "products"."edition_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('create', 'update', 'publish', 'unpublish', 'upload', 'grant', 'revoke')),
	CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('brand', 'license', 'collection', 'product', 'category', 'tag', 'banner', 'media', 'operator_grant'))
);
--> statement-breakpoint
CREATE TABLE "operator_grants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"brand_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_grants_role_check" CHECK ("operator_grants"."role" in ('admin', 'brand_manager')),
	CONSTRAINT "operator_grants_brand_check" CHECK (("operator_grants"."role" = 'admin' and "operator_grants"."brand_id" is null) or ("operator_grants"."role" = 'brand_manager' and "operator_grants"."brand_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_activities" ADD CONSTRAINT "product_activities_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_activities" ADD CONSTRAINT "product_activities_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_grants" ADD CONSTRAINT "operator_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_grants" ADD CONSTRAINT "operator_grants_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_placement_status_sort_idx" ON "banners" USING btree ("placement","status","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_slug_key" ON "brands" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_lower_key" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "brands_status_type_name_idx" ON "brands" USING btree ("status","type","name");--> statement-breakpoint
CREATE INDEX "brands_status_featured_name_idx" ON "brands" USING btree ("status","is_featured","name");--> statement-breakpoint
CREATE INDEX "brands_status_created_idx" ON "brands" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_key" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "categories_sort_idx" ON "categories" USING btree ("sort_order","name");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_brand_name_lower_key" ON "collections" USING btree ("brand_id",lower("name"));--> statement-breakpoint
CREATE INDEX "collections_status_brand_sort_idx" ON "collections" USING btree ("status","brand_id","sort_order");--> statement-breakpoint
CREATE INDEX "collections_license_idx" ON "collections" USING btree ("license_id");--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_brand_name_lower_key" ON "licenses" USING btree ("brand_id",lower("name"));--> statement-breakpoint
CREATE INDEX "licenses_status_brand_name_idx" ON "licenses" USING btree ("status","brand_id","name");--> statement-breakpoint
CREATE INDEX "product_activities_product_created_idx" ON "product_activities" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_tags_tag_product_idx" ON "product_tags" USING btree ("tag_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_brand_name_lower_key" ON "products" USING btree ("brand_id",lower("name"));--> statement-breakpoint
CREATE INDEX "products_status_created_idx" ON "products" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "products_brand_status_created_idx" ON "products" USING btree ("brand_id","status","created_at");--> statement-breakpoint
CREATE INDEX "products_status_rarity_created_idx" ON "products" USING btree ("status","rarity_rank","created_at");--> statement-breakpoint
CREATE INDEX "products_status_name_idx" ON "products" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "products_collection_idx" ON "products" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "products_license_idx" ON "products" USING btree ("license_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_slug_key" ON "tags" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_lower_key" ON "tags" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tags_name_idx" ON "tags" USING btree ("name");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_created_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_grants_admin_key" ON "operator_grants" USING btree ("user_id") WHERE "operator_grants"."role" = 'admin';--> statement-breakpoint
CREATE UNIQUE INDEX "operator_grants_brand_manager_key" ON "operator_grants" USING btree ("user_id","brand_id") WHERE "operator_grants"."role" = 'brand_manager';--> statement-breakpoint
CREATE INDEX "operator_grants_brand_idx" ON "operator_grants" USING btree ("brand_id");