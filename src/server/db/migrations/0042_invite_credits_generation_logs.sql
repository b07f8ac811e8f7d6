CREATE TABLE "generation_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"ip" text,
	"kind" text NOT NULL,
	"prompt" text,
	"prompt_hash" text NOT NULL,
	"output_ref" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_invites" ADD COLUMN "inviter_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_invites" ADD COLUMN "invitee_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_logs" ADD CONSTRAINT "generation_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_logs_at_idx" ON "generation_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "generation_logs_user_idx" ON "generation_logs" USING btree ("user_id");