ALTER TABLE "sale_policies" ADD COLUMN "guarantee_pass_id" uuid;--> statement-breakpoint
ALTER TABLE "sale_policies" ADD COLUMN "packs_per_holder" integer;--> statement-breakpoint
ALTER TABLE "sale_policies" ADD COLUMN "guarantee_minutes" integer;--> statement-breakpoint
ALTER TABLE "sale_policies" ADD COLUMN "guaranteed_pack_count" integer;--> statement-breakpoint
ALTER TABLE "sale_policies" ADD CONSTRAINT "sale_policies_guarantee_pass_id_passes_id_fk" FOREIGN KEY ("guarantee_pass_id") REFERENCES "public"."passes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_policies" ADD CONSTRAINT "sale_policies_guarantee_check" CHECK (case when "sale_policies"."guarantee_pass_id" is null
            then "sale_policies"."packs_per_holder" is null and "sale_policies"."guarantee_minutes" is null
                 and "sale_policies"."guaranteed_pack_count" is null
            else "sale_policies"."required_pass_id" is null and "sale_policies"."packs_per_holder" >= 1 and "sale_policies"."guarantee_minutes" >= 1
                 and "sale_policies"."guaranteed_pack_count" between 1
                   and "sale_policies"."end_issued_pack_number" - "sale_policies"."begin_issued_pack_number" + 1
          end);