-- A message the sender may send again is kept once by its name (keep-mailbox-message.ts), no longer by a row id
-- derived from it, so rows kept in one instant still list in the order they were sent.
ALTER TABLE "dev_mailbox_messages" ADD COLUMN "message_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "dev_mailbox_messages_message_id_key" ON "dev_mailbox_messages" USING btree ("message_id");