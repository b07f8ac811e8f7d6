CREATE TABLE "web_search_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"provider" text NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"sealed" text,
	"last4" text DEFAULT '' NOT NULL,
	"cost_micros" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "web_search_settings_one_row" CHECK ("web_search_settings"."id" = 1)
);
