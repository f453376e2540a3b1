CREATE TABLE "chain_signers" (
	"address" text PRIMARY KEY NOT NULL,
	"next_nonce" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_signers_next_nonce_check" CHECK ("chain_signers"."next_nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chain_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"edition_id" uuid NOT NULL,
	"priority" smallint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"to_address" text,
	"signer_address" text,
	"nonce" bigint,
	"contract_address" text,
	"token_id" numeric(78, 0),
	"raw_transaction" text,
	"tx_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_transactions_kind_check" CHECK ("chain_transactions"."kind" in ('MINT', 'TRANSFER')),
	CONSTRAINT "chain_transactions_status_check" CHECK ("chain_transactions"."status" in ('PENDING', 'SENT', 'CONFIRMED', 'FAILED')),
	CONSTRAINT "chain_transactions_priority_check" CHECK ("chain_transactions"."priority" in (0, 1)),
	CONSTRAINT "chain_transactions_transfer_to_check" CHECK ("chain_transactions"."kind" = 'MINT' or "chain_transactions"."to_address" is not null),
	CONSTRAINT "chain_transactions_allocated_check" CHECK (("chain_transactions"."nonce" is null) = ("chain_transactions"."signer_address" is null)
          and ("chain_transactions"."nonce" is null) = ("chain_transactions"."contract_address" is null)
          and ("chain_transactions"."nonce" is null) = ("chain_transactions"."token_id" is null)
          and ("chain_transactions"."nonce" is not null or "chain_transactions"."raw_transaction" is null)),
	CONSTRAINT "chain_transactions_signed_check" CHECK (("chain_transactions"."raw_transaction" is null) = ("chain_transactions"."tx_hash" is null)),
	CONSTRAINT "chain_transactions_sent_check" CHECK ("chain_transactions"."status" = 'PENDING' or "chain_transactions"."status" = 'FAILED' or "chain_transactions"."tx_hash" is not null)
);
--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD CONSTRAINT "chain_transactions_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_kind_edition_key" ON "chain_transactions" USING btree ("kind","edition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_signer_nonce_key" ON "chain_transactions" USING btree ("signer_address","nonce");--> statement-breakpoint
CREATE INDEX "chain_transactions_unallocated_idx" ON "chain_transactions" USING btree ("priority","created_at","id") WHERE "chain_transactions"."nonce" is null and "chain_transactions"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "chain_transactions_in_flight_idx" ON "chain_transactions" USING btree ("signer_address","nonce") WHERE "chain_transactions"."nonce" is not null and "chain_transactions"."status" in ('PENDING', 'SENT');