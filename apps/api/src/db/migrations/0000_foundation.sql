CREATE TABLE "dev_mailbox_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_marker" (
	"id" smallint PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dev_mailbox_messages_to_created_idx" ON "dev_mailbox_messages" USING btree ("to_address","created_at");--> statement-breakpoint
CREATE INDEX "dev_mailbox_messages_created_idx" ON "dev_mailbox_messages" USING btree ("created_at");