CREATE TABLE "apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"seed_key" text,
	"prompt_title" text NOT NULL,
	"prompt_content" text NOT NULL,
	"prompt_description" text DEFAULT '' NOT NULL,
	"icon_url" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"uuid" bigint NOT NULL,
	"title" text NOT NULL,
	"system_prompt" text,
	"description" text,
	"template_id" integer,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"changed_at" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apps_seed_key_idx" ON "apps" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "apps_owner_idx" ON "apps" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "apps_store_idx" ON "apps" USING btree ("sort_order","id") WHERE published and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_user_uuid_idx" ON "chat_conversations" USING btree ("user_id","uuid");--> statement-breakpoint
CREATE INDEX "chat_conversations_user_changed_idx" ON "chat_conversations" USING btree ("user_id","changed_at");