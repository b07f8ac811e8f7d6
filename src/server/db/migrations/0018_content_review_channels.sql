CREATE TABLE "channel_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"sealed" text NOT NULL,
	"last4" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"cooldown_until" timestamp with time zone,
	"last_error" text,
	"last_ok_at" timestamp with time zone,
	"last_fail_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"flavour" text NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"conversation_id" text,
	"task_id" text,
	"model" text NOT NULL,
	"channel_id" integer,
	"provider" text NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"token_source" text NOT NULL,
	"first_token_ms" integer,
	"duration_ms" integer NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "apps_store_idx";--> statement-breakpoint
DROP INDEX "drawings_public_idx";--> statement-breakpoint
DROP INDEX "songs_public_idx";--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "review" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "drawings" ADD COLUMN "review" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "review" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_keys" ADD CONSTRAINT "channel_keys_channel_id_model_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."model_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_ledger" ADD CONSTRAINT "usage_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_ledger" ADD CONSTRAINT "usage_ledger_channel_id_model_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."model_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_keys_channel_idx" ON "channel_keys" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "model_channels_kind_idx" ON "model_channels" USING btree ("kind","priority");--> statement-breakpoint
CREATE INDEX "usage_ledger_created_idx" ON "usage_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "usage_ledger_user_idx" ON "usage_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "usage_ledger_channel_idx" ON "usage_ledger" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "apps_store_idx" ON "apps" USING btree ("sort_order","id") WHERE published and review = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "drawings_public_idx" ON "drawings" USING btree ("id") WHERE status = 10 and public_flag = 1 and review = 'published';--> statement-breakpoint
CREATE INDEX "songs_public_idx" ON "songs" USING btree ("finished_at") WHERE is_public and status = 10 and review = 'published';