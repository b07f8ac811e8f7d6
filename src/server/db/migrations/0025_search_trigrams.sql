-- Searches (the square, the app store) ILIKE '%term%' through a trigram index. A Chinese search is
-- often two characters, which have no trigram; written twice per character ("山水" → "山山水水") they
-- have two, so the index is on the text with every character doubled, and so is the term
-- (src/server/db/queries/text-search.ts). Doubling keeps substrings: one contains the other doubled
-- exactly when it contains it plain. Not partial: the planner reads an expression's statistics only
-- from a whole-table index, and without them takes a two-letter term for a rare one.
CREATE OR REPLACE FUNCTION doubled_chars(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(t, '(.)', '\1\1', 'g') $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "drawings_prompt_search_idx" ON "drawings" USING gin (doubled_chars("prompt") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "apps_search_idx" ON "apps" USING gin (doubled_chars("prompt_title" || chr(10) || "prompt_description" || chr(10) || "prompt_content") gin_trgm_ops);
--> statement-breakpoint
-- The store's search tests the plain text first (cheaper per row): its statistics let the planner
-- see how many apps a term matches (without them it guesses one, and scans every app).
CREATE STATISTICS IF NOT EXISTS "apps_search_text_stats" ON ("prompt_title" || chr(10) || "prompt_description" || chr(10) || "prompt_content") FROM "apps";
