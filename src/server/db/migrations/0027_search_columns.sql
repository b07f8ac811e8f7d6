-- The square's and the store's searches read a stored column, lowercased then doubled (migration 0025
-- explains the doubling), and match it with LIKE: computed per row at query time, regexp_replace and
-- ILIKE's lowercasing cost ~8 µs a row, and a search that walks the newest-first index past thousands of
-- matches to a deep page spent most of its time there (db/queries/text-search.ts).
ALTER TABLE "drawings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (doubled_chars(lower("prompt"))) STORED NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "drawings_prompt_search_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "drawings_search_idx" ON "drawings" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "search_text" text GENERATED ALWAYS AS (doubled_chars(lower("prompt_title" || chr(10) || "prompt_description" || chr(10) || "prompt_content"))) STORED NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "apps_search_idx";
--> statement-breakpoint
DROP STATISTICS IF EXISTS "apps_search_text_stats";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "apps_search_idx" ON "apps" USING gin ("search_text" gin_trgm_ops);
