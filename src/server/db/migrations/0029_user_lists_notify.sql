-- Processes keep a user's lists (their pictures, orders and conversations) in memory until that user's
-- rows change (services/user-lists.ts). Every committed change, however made (the user, a worker, a
-- payment notify, the console, moderation, an account deletion's cascade), names the table and the
-- users it touched on `miaobi_user_lists`: `drawings:12,40`, or `drawings:*` when a statement touched
-- more users than a notification should list. One notification per statement, not per row, so a bulk
-- change does not flood the listeners.
CREATE FUNCTION user_lists_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text;
BEGIN
  SELECT CASE WHEN count(DISTINCT user_id) > 200 THEN '*' ELSE string_agg(DISTINCT user_id::text, ',') END
    INTO touched FROM changed;
  IF touched IS NOT NULL THEN
    PERFORM pg_notify('miaobi_user_lists', TG_TABLE_NAME || ':' || touched);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER drawings_lists_insert AFTER INSERT ON drawings REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION user_lists_notify();--> statement-breakpoint
CREATE TRIGGER drawings_lists_update AFTER UPDATE ON drawings REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION user_lists_notify();--> statement-breakpoint
CREATE TRIGGER drawings_lists_delete AFTER DELETE ON drawings REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION user_lists_notify();--> statement-breakpoint
CREATE TRIGGER orders_lists_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION user_lists_notify();--> statement-breakpoint
CREATE TRIGGER orders_lists_update AFTER UPDATE ON orders REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION user_lists_notify();--> statement-breakpoint
CREATE TRIGGER orders_lists_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION user_lists_notify();--> statement-breakpoint
CREATE TRIGGER chat_conversations_lists_insert AFTER INSERT ON chat_conversations REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION user_lists_notify();--> statement-breakpoint
CREATE TRIGGER chat_conversations_lists_update AFTER UPDATE ON chat_conversations REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION user_lists_notify();--> statement-breakpoint
CREATE TRIGGER chat_conversations_lists_delete AFTER DELETE ON chat_conversations REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION user_lists_notify();
--> statement-breakpoint
-- The app store's pages are kept the same way (services/apps/store-cache.ts): any change of the apps
-- table, one notification per statement, drops them in every process.
CREATE FUNCTION apps_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('miaobi_apps', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER apps_changed AFTER INSERT OR UPDATE OR DELETE ON apps
  FOR EACH STATEMENT EXECUTE FUNCTION apps_notify();
