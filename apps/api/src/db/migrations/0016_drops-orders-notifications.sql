CREATE TABLE "drop_contents" (
	"drop_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"edition_count" integer NOT NULL,
	"first_serial_number" integer,
	CONSTRAINT "drop_contents_pkey" PRIMARY KEY("drop_id","product_id"),
	CONSTRAINT "drop_contents_count_check" CHECK ("drop_contents"."edition_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "drops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image_url" text NOT NULL,
	"visible_at" timestamp with time zone NOT NULL,
	"drop_begin_at" timestamp with time zone NOT NULL,
	"drop_end_at" timestamp with time zone NOT NULL,
	"editions_per_pack" integer NOT NULL,
	"publication_status" text DEFAULT 'DRAFT' NOT NULL,
	"commitment" text,
	"seed" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "drops_publication_status_check" CHECK ("drops"."publication_status" in ('DRAFT', 'PUBLISHED')),
	CONSTRAINT "drops_times_check" CHECK ("drops"."visible_at" <= "drops"."drop_begin_at" and "drops"."drop_begin_at" < "drops"."drop_end_at"),
	CONSTRAINT "drops_provenance_check" CHECK (("drops"."publication_status" = 'PUBLISHED') = ("drops"."commitment" is not null and "drops"."seed" is not null))
);
--> statement-breakpoint
CREATE TABLE "packs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"drop_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"order_id" uuid,
	"owner_user_id" uuid,
	"claimed_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	CONSTRAINT "packs_owner_check" CHECK ("packs"."owner_user_id" is null or "packs"."order_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "sale_policies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"drop_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"sale_begin_at" timestamp with time zone NOT NULL,
	"sale_end_at" timestamp with time zone NOT NULL,
	"price" bigint NOT NULL,
	"per_person_limit" integer,
	"begin_issued_pack_number" integer NOT NULL,
	"end_issued_pack_number" integer NOT NULL,
	"whitelist_name" text,
	CONSTRAINT "sale_policies_price_check" CHECK ("sale_policies"."price" > 0),
	CONSTRAINT "sale_policies_range_check" CHECK ("sale_policies"."begin_issued_pack_number" <= "sale_policies"."end_issued_pack_number"),
	CONSTRAINT "sale_policies_times_check" CHECK ("sale_policies"."sale_begin_at" < "sale_policies"."sale_end_at")
);
--> statement-breakpoint
CREATE TABLE "sale_policy_whitelist" (
	"policy_id" uuid NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "sale_policy_whitelist_pkey" PRIMARY KEY("policy_id","email")
);
--> statement-breakpoint
CREATE TABLE "editions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"serial_number" integer NOT NULL,
	"pack_id" uuid,
	"owner_user_id" uuid,
	"type" text DEFAULT 'STANDARD' NOT NULL,
	"resource_uri" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "editions_type_check" CHECK ("editions"."type" in ('STANDARD', 'GENERATIVE')),
	CONSTRAINT "editions_serial_check" CHECK ("editions"."serial_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"drop_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"quantity" integer NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"unit_price" bigint NOT NULL,
	"subtotal" bigint NOT NULL,
	"service_fee" bigint NOT NULL,
	"total" bigint NOT NULL,
	"currency" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"deposit_id" uuid,
	"failure_reason" text,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('PENDING', 'SUCCESSFUL', 'FAILED', 'TIMED_OUT')),
	CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('BALANCE', 'CARD', 'TILIA')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."quantity" > 0 and "orders"."subtotal" + "orders"."service_fee" = "orders"."total")
);
--> statement-breakpoint
CREATE TABLE "purchase_allowances" (
	"policy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"purchased" integer NOT NULL,
	CONSTRAINT "purchase_allowances_pkey" PRIMARY KEY("policy_id","user_id"),
	CONSTRAINT "purchase_allowances_purchased_check" CHECK ("purchase_allowances"."purchased" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"stage" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link_path" text,
	"reference_id" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('PURCHASE', 'TICKET', 'PASS', 'FUSION', 'AIRDROP', 'REDEEM')),
	CONSTRAINT "notifications_stage_check" CHECK ("notifications"."stage" in ('PENDING', 'SUCCESSFUL', 'FAILED', 'TIMED_OUT'))
);
--> statement-breakpoint
ALTER TABLE "product_activities" DROP CONSTRAINT "product_activities_kind_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "product_activities" ADD COLUMN "edition_id" uuid;--> statement-breakpoint
ALTER TABLE "drop_contents" ADD CONSTRAINT "drop_contents_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_contents" ADD CONSTRAINT "drop_contents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_policy_id_sale_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."sale_policies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_policies" ADD CONSTRAINT "sale_policies_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_policy_whitelist" ADD CONSTRAINT "sale_policy_whitelist_policy_id_sale_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."sale_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_allowances" ADD CONSTRAINT "purchase_allowances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drops_published_begin_idx" ON "drops" USING btree ("publication_status","drop_begin_at","id");--> statement-breakpoint
CREATE INDEX "drops_brand_idx" ON "drops" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packs_drop_number_key" ON "packs" USING btree ("drop_id","number");--> statement-breakpoint
CREATE INDEX "packs_unclaimed_idx" ON "packs" USING btree ("policy_id","number") WHERE "packs"."order_id" is null;--> statement-breakpoint
CREATE INDEX "packs_order_idx" ON "packs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "packs_owner_idx" ON "packs" USING btree ("owner_user_id","claimed_at") WHERE "packs"."owner_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_policies_drop_round_key" ON "sale_policies" USING btree ("drop_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "editions_product_serial_key" ON "editions" USING btree ("product_id","serial_number");--> statement-breakpoint
CREATE INDEX "editions_pack_idx" ON "editions" USING btree ("pack_id");--> statement-breakpoint
CREATE INDEX "editions_owner_idx" ON "editions" USING btree ("owner_user_id") WHERE "editions"."owner_user_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_drop_idx" ON "orders" USING btree ("drop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_deposit_key" ON "orders" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "orders_pending_hold_idx" ON "orders" USING btree ("hold_expires_at") WHERE "orders"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
ALTER TABLE "product_activities" ADD CONSTRAINT "product_activities_kind_check" CHECK ("product_activities"."kind" in ('MINTED', 'PURCHASED', 'OPENED', 'FUSED', 'REDEEMED', 'AIRDROPPED'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('brand', 'license', 'collection', 'product', 'category', 'tag', 'banner', 'media', 'operator_grant', 'withdrawal', 'drop'));