-- Console codes and notices (docs/console.md): experience codes come in batches an admin can list,
-- export and disable; notices get a schedule, an audience and ids of their own for new ones.
CREATE TABLE "code_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"trial_days" integer NOT NULL,
	"trial_level" integer,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "experience_codes" ADD COLUMN "batch_id" integer;
--> statement-breakpoint
ALTER TABLE "experience_codes" ADD COLUMN "trial_level" integer;
--> statement-breakpoint
ALTER TABLE "experience_codes" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "experience_codes" ADD CONSTRAINT "experience_codes_batch_id_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."code_batches"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "experience_codes_batch_idx" ON "experience_codes" USING btree ("batch_id","id");
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "audience" text DEFAULT 'all' NOT NULL;
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "starts_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "ends_at" timestamp with time zone;
--> statement-breakpoint
CREATE SEQUENCE "notices_id_seq" AS integer START WITH 100 OWNED BY "notices"."id";
--> statement-breakpoint
SELECT setval('notices_id_seq', GREATEST(100, (SELECT COALESCE(MAX("id"), 0) + 1 FROM "notices")), false);
--> statement-breakpoint
ALTER TABLE "notices" ALTER COLUMN "id" SET DEFAULT nextval('notices_id_seq');
