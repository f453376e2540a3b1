CREATE TABLE "oauth_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_user_id" text NOT NULL,
	"email" text,
	"display_name" text,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "oauth_accounts_provider_check" CHECK ("oauth_accounts"."provider" in ('google', 'discord'))
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"code_verifier" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "oauth_states_provider_check" CHECK ("oauth_states"."provider" in ('google', 'discord')),
	CONSTRAINT "oauth_states_purpose_check" CHECK ("oauth_states"."purpose" in ('sign_in', 'connect')),
	CONSTRAINT "oauth_states_connect_user_check" CHECK ("oauth_states"."purpose" <> 'connect' or "oauth_states"."user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "terms_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"sections" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "terms_documents_type_check" CHECK ("terms_documents"."type" in ('tos', 'privacy', 'cookie', 'marketing'))
);
--> statement-breakpoint
CREATE TABLE "discord_role_resets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"discord_user_id" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"subscribed_at" timestamp with time zone NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_uploads_kind_check" CHECK ("user_uploads"."kind" in ('photo', 'background'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discord_reconnect_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_uploads" ADD CONSTRAINT "user_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_accounts_provider_user_key" ON "oauth_accounts" USING btree ("provider","provider_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_accounts_user_provider_key" ON "oauth_accounts" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_documents_type_version_key" ON "terms_documents" USING btree ("type","version");--> statement-breakpoint
CREATE INDEX "terms_documents_type_effective_idx" ON "terms_documents" USING btree ("type","effective_at");--> statement-breakpoint
CREATE INDEX "discord_role_resets_pending_idx" ON "discord_role_resets" USING btree ("requested_at") WHERE "discord_role_resets"."completed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_lower_key" ON "newsletter_subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "user_uploads_user_idx" ON "user_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_delete_requested_idx" ON "users" USING btree ("delete_requested_at") WHERE "users"."delete_requested_at" is not null and "users"."deleted_at" is null;