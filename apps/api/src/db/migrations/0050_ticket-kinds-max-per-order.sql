ALTER TABLE "ticket_kinds" DROP CONSTRAINT "ticket_kinds_max_per_order_check";--> statement-breakpoint
-- An order holds at most 10 of anything: a kind that promised more is held to what an order can take.
UPDATE "ticket_kinds" SET "max_per_order" = 10 WHERE "max_per_order" > 10;--> statement-breakpoint
ALTER TABLE "ticket_kinds" ADD CONSTRAINT "ticket_kinds_max_per_order_check" CHECK ("ticket_kinds"."max_per_order" between 1 and 10);
