CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "chat_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"conversation_uuid" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_shares" ADD CONSTRAINT "chat_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_shares_user_idx" ON "chat_shares" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_shares_listed_idx" ON "chat_shares" USING btree ("listed","created_at") WHERE "revoked_at" IS NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "chat_conversations" SET "search_text" = "title" || chr(10) || coalesce((SELECT string_agg(m->>'text', chr(10)) FROM jsonb_array_elements("messages") m), '');--> statement-breakpoint
CREATE INDEX "chat_conversations_search_idx" ON "chat_conversations" USING gin ("search_text" gin_trgm_ops);
