ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "status" text DEFAULT 'DRAFT' NOT NULL;--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fusions" ADD COLUMN "status" text DEFAULT 'DRAFT' NOT NULL;--> statement-breakpoint
ALTER TABLE "fusions" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('create', 'update', 'publish', 'unpublish', 'upload', 'grant', 'revoke', 'review', 'approve', 'reject', 'mark_paid', 'mark_failed', 'delete', 'export', 'resolve', 'close'));--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_status_check" CHECK ("passes"."status" in ('DRAFT', 'PUBLISHED'));--> statement-breakpoint
ALTER TABLE "fusions" ADD CONSTRAINT "fusions_status_check" CHECK ("fusions"."status" in ('DRAFT', 'PUBLISHED'));--> statement-breakpoint
-- Passes and fusions made before this migration went public when they were made (decision record 50): they stay public.
UPDATE "passes" SET "status" = 'PUBLISHED', "published_at" = "created_at";--> statement-breakpoint
UPDATE "fusions" SET "status" = 'PUBLISHED', "published_at" = "created_at";
