CREATE TABLE "songs" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"mode" text NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"lyrics" text DEFAULT '' NOT NULL,
	"instrumental" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"audio_url" text,
	"cover_url" text,
	"duration" real,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"charge" text NOT NULL,
	"charge_day" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" text,
	"lease_until" timestamp with time zone,
	"deadline" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "songs_task_id_idx" ON "songs" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "songs_user_idx" ON "songs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "songs_public_idx" ON "songs" USING btree ("finished_at") WHERE is_public and status = 10;--> statement-breakpoint
CREATE INDEX "songs_running_idx" ON "songs" USING btree ("created_at") WHERE status in (1, 2, 3);