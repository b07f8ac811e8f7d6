CREATE TABLE "drawing_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"drawing_id" integer NOT NULL,
	"position" integer NOT NULL,
	"data" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drawings" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"source" text DEFAULT 'draw' NOT NULL,
	"prompt" text NOT NULL,
	"negative_prompt" text,
	"draw_rate" text NOT NULL,
	"draw_quality" integer NOT NULL,
	"draw_steps" integer NOT NULL,
	"seed" integer NOT NULL,
	"public_flag" integer NOT NULL,
	"state" text,
	"status" integer NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"provider_task_id" text,
	"hook_token" text NOT NULL,
	"fail_reason" text,
	"image_url" text,
	"thumbnails_url" text,
	"width" integer,
	"height" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"deadline_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "drawing_references" ADD CONSTRAINT "drawing_references_drawing_id_drawings_id_fk" FOREIGN KEY ("drawing_id") REFERENCES "public"."drawings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawings" ADD CONSTRAINT "drawings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawing_references_drawing_idx" ON "drawing_references" USING btree ("drawing_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "drawings_task_id_idx" ON "drawings" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "drawings_user_idx" ON "drawings" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "drawings_public_idx" ON "drawings" USING btree ("id") WHERE status = 10 and public_flag = 1;--> statement-breakpoint
CREATE INDEX "drawings_pending_idx" ON "drawings" USING btree ("lease_until") WHERE status in (1, 2, 13);