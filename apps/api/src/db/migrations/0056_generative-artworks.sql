-- A GENERATIVE product's artwork, one per serial number: createPackEditions mints edition n with the n-th as its
-- resource (decision record 58).
CREATE TABLE "product_artworks" (
	"product_id" uuid NOT NULL,
	"serial_number" integer NOT NULL,
	"resource_uri" text NOT NULL,
	CONSTRAINT "product_artworks_pkey" PRIMARY KEY("product_id","serial_number"),
	CONSTRAINT "product_artworks_serial_number_check" CHECK ("product_artworks"."serial_number" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_artworks" ADD CONSTRAINT "product_artworks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;