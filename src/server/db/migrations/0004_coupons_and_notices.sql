CREATE TABLE "coupon_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"code_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_days" (
	"coupon_id" integer NOT NULL,
	"day" text NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coupon_days_coupon_id_day_pk" PRIMARY KEY("coupon_id","day")
);
--> statement-breakpoint
CREATE TABLE "experience_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"source" text NOT NULL,
	"trial_days" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"page" text,
	"content" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_code_id_experience_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."experience_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_codes" ADD CONSTRAINT "experience_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_claims_once_idx" ON "coupon_claims" USING btree ("coupon_id","user_id","day");--> statement-breakpoint
CREATE INDEX "coupon_claims_user_idx" ON "coupon_claims" USING btree ("user_id","claimed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "experience_codes_code_idx" ON "experience_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "experience_codes_user_idx" ON "experience_codes" USING btree ("redeemed_by");