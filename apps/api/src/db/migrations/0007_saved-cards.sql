CREATE TABLE "saved_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"provider_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_cards_provider_token_key" UNIQUE("provider_token")
);
--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_cards_user_created_idx" ON "saved_cards" USING btree ("user_id","created_at");