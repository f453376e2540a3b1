CREATE TABLE "tilia_payment_methods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"provider_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tilia_payment_methods_provider_token_key" UNIQUE("provider_token")
);
--> statement-breakpoint
ALTER TABLE "tilia_payment_methods" ADD CONSTRAINT "tilia_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tilia_payment_methods_user_created_idx" ON "tilia_payment_methods" USING btree ("user_id","created_at");