CREATE TABLE "edition_pool_units" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pool_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"delivery_id" uuid
);
--> statement-breakpoint
CREATE TABLE "edition_pools" (
	"id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "edition_pools_size_check" CHECK ("edition_pools"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "grant_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"occasion" text NOT NULL,
	"reference_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"grant" jsonb NOT NULL,
	"ledger_transaction_id" uuid,
	"pass_unit_id" uuid,
	"edition_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "grant_deliveries_occasion_check" CHECK ("grant_deliveries"."occasion" in ('ATTENDANCE', 'STREAK_BONUS', 'REDEEM', 'AIRDROP')),
	CONSTRAINT "grant_deliveries_status_check" CHECK ("grant_deliveries"."status" in ('DELIVERED', 'OUT_OF_STOCK'))
);
--> statement-breakpoint
CREATE TABLE "attendance_calendars" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"daily_reward" jsonb NOT NULL,
	"day_rewards" jsonb NOT NULL,
	"streak_bonuses" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attendance_calendars_period_check" CHECK ("attendance_calendars"."start_date" <= "attendance_calendars"."end_date")
);
--> statement-breakpoint
CREATE TABLE "attendance_check_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"calendar_id" uuid NOT NULL,
	"streak" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attendance_check_ins_streak_check" CHECK ("attendance_check_ins"."streak" >= 1)
);
--> statement-breakpoint
CREATE TABLE "redeem_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"grant" jsonb NOT NULL,
	"brand_id" uuid,
	"code_count" integer NOT NULL,
	"uses_per_code" integer NOT NULL,
	"uses_per_person" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "redeem_batches_counts_check" CHECK ("redeem_batches"."code_count" > 0 and "redeem_batches"."uses_per_person" between 1 and "redeem_batches"."uses_per_code"),
	CONSTRAINT "redeem_batches_validity_check" CHECK ("redeem_batches"."valid_from" < "redeem_batches"."valid_until")
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"code_hash" text NOT NULL,
	"max_uses" integer NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "redeem_codes_use_count_check" CHECK ("redeem_codes"."use_count" between 0 and "redeem_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "redeem_uses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airdrop_recipients" (
	"airdrop_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"delivery_id" uuid,
	"processed_at" timestamp with time zone,
	CONSTRAINT "airdrop_recipients_pkey" PRIMARY KEY("airdrop_id","user_id"),
	CONSTRAINT "airdrop_recipients_status_check" CHECK ("airdrop_recipients"."status" in ('PENDING', 'DELIVERED', 'OUT_OF_STOCK'))
);
--> statement-breakpoint
CREATE TABLE "airdrops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"grant" jsonb NOT NULL,
	"brand_id" uuid,
	"audience_kind" text NOT NULL,
	"audience_pass_id" uuid,
	"status" text NOT NULL,
	"recipient_count" integer NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "airdrops_status_check" CHECK ("airdrops"."status" in ('QUEUED', 'RUNNING', 'COMPLETED')),
	CONSTRAINT "airdrops_audience_kind_check" CHECK ("airdrops"."audience_kind" in ('PEOPLE', 'PASS_HOLDERS'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "ticket_movements" DROP CONSTRAINT "ticket_movements_reason_check";--> statement-breakpoint
ALTER TABLE "edition_pool_units" ADD CONSTRAINT "edition_pool_units_pool_id_edition_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."edition_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_pools" ADD CONSTRAINT "edition_pools_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_pools" ADD CONSTRAINT "edition_pools_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_deliveries" ADD CONSTRAINT "grant_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_check_ins" ADD CONSTRAINT "attendance_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_check_ins" ADD CONSTRAINT "attendance_check_ins_calendar_id_attendance_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."attendance_calendars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_batches" ADD CONSTRAINT "redeem_batches_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_batches" ADD CONSTRAINT "redeem_batches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_batch_id_redeem_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."redeem_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_uses" ADD CONSTRAINT "redeem_uses_code_id_redeem_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."redeem_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_uses" ADD CONSTRAINT "redeem_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_recipients" ADD CONSTRAINT "airdrop_recipients_airdrop_id_airdrops_id_fk" FOREIGN KEY ("airdrop_id") REFERENCES "public"."airdrops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrop_recipients" ADD CONSTRAINT "airdrop_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrops" ADD CONSTRAINT "airdrops_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airdrops" ADD CONSTRAINT "airdrops_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "edition_pool_units_number_key" ON "edition_pool_units" USING btree ("pool_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "edition_pool_units_delivery_key" ON "edition_pool_units" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "edition_pool_units_unclaimed_idx" ON "edition_pool_units" USING btree ("pool_id","number") WHERE "edition_pool_units"."delivery_id" is null;--> statement-breakpoint
CREATE INDEX "edition_pools_brand_idx" ON "edition_pools" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "grant_deliveries_once_key" ON "grant_deliveries" USING btree ("occasion","reference_id","user_id");--> statement-breakpoint
CREATE INDEX "grant_deliveries_user_idx" ON "grant_deliveries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "attendance_calendars_period_idx" ON "attendance_calendars" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_check_ins_person_day_key" ON "attendance_check_ins" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "attendance_check_ins_calendar_idx" ON "attendance_check_ins" USING btree ("calendar_id","day");--> statement-breakpoint
CREATE INDEX "redeem_batches_created_idx" ON "redeem_batches" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "redeem_codes_hash_key" ON "redeem_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "redeem_codes_batch_number_key" ON "redeem_codes" USING btree ("batch_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "redeem_uses_person_key" ON "redeem_uses" USING btree ("code_id","user_id","ordinal");--> statement-breakpoint
CREATE INDEX "redeem_uses_user_idx" ON "redeem_uses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "airdrop_recipients_pending_idx" ON "airdrop_recipients" USING btree ("airdrop_id","user_id") WHERE "airdrop_recipients"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "airdrops_created_idx" ON "airdrops" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "airdrops_unfinished_idx" ON "airdrops" USING btree ("updated_at") WHERE "airdrops"."status" <> 'COMPLETED';--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('create', 'update', 'publish', 'unpublish', 'upload', 'grant', 'revoke', 'review', 'approve', 'reject', 'mark_paid', 'mark_failed', 'delete', 'export'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('brand', 'license', 'collection', 'product', 'category', 'tag', 'banner', 'media', 'operator_grant', 'withdrawal', 'drop', 'figure_base', 'pass', 'ticket_kind', 'raffle_round', 'fusion', 'edition_pool', 'attendance_calendar', 'redeem_batch', 'airdrop'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('PURCHASE', 'TICKET', 'PASS', 'FUSION', 'AIRDROP', 'REDEEM', 'DEPOSIT', 'WITHDRAWAL', 'DROP_REMINDER', 'ATTENDANCE'));--> statement-breakpoint
ALTER TABLE "ticket_movements" ADD CONSTRAINT "ticket_movements_reason_check" CHECK ("ticket_movements"."reason" in ('PURCHASE', 'ATTENDANCE', 'REDEEM', 'RAFFLE_ENTRY', 'RAFFLE_REFUND', 'CONSOLE_GRANT', 'AIRDROP'));