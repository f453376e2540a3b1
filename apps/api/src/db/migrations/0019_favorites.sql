CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"edition_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "favorites_user_id_target_id_pk" PRIMARY KEY("user_id","target_id"),
	CONSTRAINT "favorites_target_type_check" CHECK ("favorites"."target_type" in ('PRODUCT', 'EDITION')),
	CONSTRAINT "favorites_target_check" CHECK (("favorites"."target_type" = 'PRODUCT' and "favorites"."target_id" = "favorites"."product_id" and "favorites"."edition_id" is null)
          or ("favorites"."target_type" = 'EDITION' and "favorites"."target_id" = "favorites"."edition_id"))
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at","target_id");