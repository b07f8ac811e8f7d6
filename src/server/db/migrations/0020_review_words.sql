CREATE TABLE "moderation_word_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"words" jsonb NOT NULL,
	"author_id" integer,
	"author_email" text,
	"reverted_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "moderation_word_lists_created_idx" ON "moderation_word_lists" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "drawings_review_idx" ON "drawings" USING btree ("updated_at") WHERE review = 'pending';--> statement-breakpoint
CREATE INDEX "songs_review_idx" ON "songs" USING btree ("updated_at") WHERE review = 'pending';--> statement-breakpoint
CREATE INDEX "apps_review_idx" ON "apps" USING btree ("updated_at") WHERE review = 'pending';
