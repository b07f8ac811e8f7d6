ALTER TABLE "reconcile_diffs" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "reconcile_diffs" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reconcile_diffs" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "reconcile_diffs" ADD CONSTRAINT "reconcile_diffs_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconcile_diffs_open_idx" ON "reconcile_diffs" USING btree ("order_no") WHERE resolved_at is null;