-- The order list sorts by created_at then id: one index gives both, no sort step.
DROP INDEX IF EXISTS "orders_user_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_user_idx" ON "orders" USING btree ("user_id","created_at" DESC,"id" DESC);--> statement-breakpoint
-- My works: a user's finished drawings, newest first, without walking failed or running ones.
CREATE INDEX IF NOT EXISTS "drawings_user_done_idx" ON "drawings" USING btree ("user_id","id" DESC) WHERE status = 10;
--> statement-breakpoint
-- The app store lists by sort_order then newest first: the index in that order.
DROP INDEX IF EXISTS "apps_store_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "apps_store_idx" ON "apps" USING btree ("sort_order","id" DESC) WHERE published and review = 'published' and deleted_at is null;
