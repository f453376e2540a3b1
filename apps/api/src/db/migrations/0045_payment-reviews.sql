ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_type_check";--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "amount" bigint;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('create', 'update', 'publish', 'unpublish', 'upload', 'grant', 'revoke', 'review', 'approve', 'reject', 'mark_paid', 'mark_failed', 'delete', 'export', 'resolve'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_type_check" CHECK ("audit_log"."entity_type" in ('brand', 'license', 'collection', 'product', 'category', 'tag', 'banner', 'media', 'operator_grant', 'withdrawal', 'drop', 'figure_base', 'pass', 'ticket_kind', 'raffle_round', 'fusion', 'edition_pool', 'attendance_calendar', 'redeem_batch', 'airdrop', 'payment_event'));--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_resolution_check" CHECK ("payment_events"."resolved_at" is null or ("payment_events"."review_reason" is not null and "payment_events"."resolution_note" is not null));