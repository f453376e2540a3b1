CREATE TABLE "drop_reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"drop_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"email_claimed_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "drop_reminders_marks_check" CHECK (("drop_reminders"."sent_at" is not null or ("drop_reminders"."email_claimed_at" is null and "drop_reminders"."emailed_at" is null)))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_stage_check";--> statement-breakpoint
ALTER TABLE "drop_reminders" ADD CONSTRAINT "drop_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_reminders" ADD CONSTRAINT "drop_reminders_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_reminders" ADD CONSTRAINT "drop_reminders_policy_id_sale_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."sale_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drop_reminders_user_policy_key" ON "drop_reminders" USING btree ("user_id","policy_id");--> statement-breakpoint
CREATE INDEX "drop_reminders_due_idx" ON "drop_reminders" USING btree ("due_at","id") WHERE "drop_reminders"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "drop_reminders_unemailed_idx" ON "drop_reminders" USING btree ("email_claimed_at","id") WHERE "drop_reminders"."sent_at" is not null and "drop_reminders"."emailed_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('PURCHASE', 'TICKET', 'PASS', 'FUSION', 'AIRDROP', 'REDEEM', 'DEPOSIT', 'WITHDRAWAL', 'DROP_REMINDER'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_stage_check" CHECK ("notifications"."stage" in ('PENDING', 'SUCCESSFUL', 'FAILED', 'TIMED_OUT', 'OPENED'));