CREATE TABLE "phone_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_hash" text;--> statement-breakpoint
CREATE INDEX "phone_codes_hash_idx" ON "phone_codes" USING btree ("phone_hash","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_hash_idx" ON "users" USING btree ("phone_hash");