CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"mode" text NOT NULL,
	"prompt" text NOT NULL,
	"duration" integer NOT NULL,
	"aspect" text NOT NULL,
	"reference_url" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"review" text DEFAULT 'published' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"channel_id" integer,
	"video_url" text,
	"cover_url" text,
	"thumb_url" text,
	"width" integer,
	"height" integer,
	"seconds" real,
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
ALTER TABLE "videos" ADD CONSTRAINT "videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_channel_id_model_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."model_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "videos_task_id_idx" ON "videos" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "videos_user_idx" ON "videos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_public_idx" ON "videos" USING btree ("finished_at") WHERE is_public and status = 10 and review = 'published';--> statement-breakpoint
CREATE INDEX "videos_running_idx" ON "videos" USING btree ("created_at") WHERE status in (1, 2);