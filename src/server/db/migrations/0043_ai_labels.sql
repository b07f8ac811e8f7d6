CREATE TABLE "unlabelled_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"owner_id" integer NOT NULL,
	"reason" text NOT NULL,
	"allowed_by" integer NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_ip" text
);
--> statement-breakpoint
CREATE TABLE "upload_labels" (
	"url" text PRIMARY KEY NOT NULL,
	"mark" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "icon_aigc" text;--> statement-breakpoint
CREATE UNIQUE INDEX "unlabelled_downloads_key_idx" ON "unlabelled_downloads" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "unlabelled_downloads_created_idx" ON "unlabelled_downloads" USING btree ("created_at");