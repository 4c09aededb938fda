-- Announces changes that a cached signed-in lookup depends on (docs/decisions/006-session-cache.md):
-- 't:<token hash>' for an ended session, 'a:<account id>' for an account or its memberships, '*'
-- when a workspace changes (its name is part of every member's lookup).
CREATE FUNCTION graphium_session_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_data := OLD;
  ELSE
    row_data := NEW;
  END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('graphium_session_cache', 't:' || row_data.token_hash);
  ELSIF TG_TABLE_NAME = 'accounts' THEN
    PERFORM pg_notify('graphium_session_cache', 'a:' || row_data.id);
  ELSIF TG_TABLE_NAME = 'workspace_members' THEN
    PERFORM pg_notify('graphium_session_cache', 'a:' || row_data.account_id);
    IF TG_OP = 'UPDATE' AND OLD.account_id <> NEW.account_id THEN
      PERFORM pg_notify('graphium_session_cache', 'a:' || OLD.account_id);
    END IF;
  ELSE
    PERFORM pg_notify('graphium_session_cache', '*');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_session_cache_notify AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION graphium_session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER accounts_session_cache_notify AFTER UPDATE ON accounts
  FOR EACH ROW EXECUTE FUNCTION graphium_session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER workspace_members_session_cache_notify AFTER INSERT OR UPDATE OR DELETE ON workspace_members
  FOR EACH ROW EXECUTE FUNCTION graphium_session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER workspaces_session_cache_notify AFTER UPDATE OR DELETE ON workspaces
  FOR EACH ROW EXECUTE FUNCTION graphium_session_cache_notify();
