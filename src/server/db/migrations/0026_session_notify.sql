-- Processes keep live sessions in memory for a few seconds (services/account/session-cache.ts): every
-- revocation, however made (logout, password change, ban, the console, account deletion), tells them which
-- user's sessions to forget, at commit.
CREATE FUNCTION sessions_notify_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('miaobi_sessions', OLD.user_id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_revoked AFTER UPDATE OF revoked_at, expires_at ON sessions
  FOR EACH ROW WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION sessions_notify_revoked();--> statement-breakpoint
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sessions_notify_revoked();
