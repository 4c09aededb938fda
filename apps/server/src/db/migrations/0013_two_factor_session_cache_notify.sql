-- A change to an account's two-factor sign-in changes its cached signed-in lookup (whether it
-- must enrol before anything else): every process's session cache drops the account
-- (docs/decisions/006-session-cache.md, docs/decisions/018-two-factor-and-sessions.md).
CREATE FUNCTION graphium_two_factor_session_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('graphium_session_cache', 'a:' || OLD.account_id);
  ELSE
    PERFORM pg_notify('graphium_session_cache', 'a:' || NEW.account_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER account_two_factor_session_cache_notify AFTER INSERT OR UPDATE OF enabled_at OR DELETE ON account_two_factor
  FOR EACH ROW EXECUTE FUNCTION graphium_two_factor_session_cache_notify();
