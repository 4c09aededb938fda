ALTER TABLE "sessions" ADD COLUMN "ended_reason" text;--> statement-breakpoint
-- A member whose access to a workspace is removed is signed out everywhere at once, whichever
-- process or tool made the change; the sessions say why, for the next request to tell them.
CREATE FUNCTION graphium_end_sessions_of_removed_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_active AND NOT NEW.is_active THEN
    UPDATE sessions
      SET ended_reason = 'Your access to ' || (SELECT name FROM workspaces WHERE id = NEW.workspace_id) || ' was removed.'
      WHERE account_id = NEW.account_id AND ended_reason IS NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER workspace_members_end_sessions AFTER UPDATE OF is_active ON workspace_members
  FOR EACH ROW EXECUTE FUNCTION graphium_end_sessions_of_removed_member();
