-- The audit log is append-only (docs/decisions/017-audit-log.md): whoever connects, a row is never
-- changed, and it is deleted only by the retention purge, which names in a transaction-local
-- setting the instant before which rows may go (graphium.audit_purge_before).
CREATE FUNCTION graphium_audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  purge_before text := current_setting('graphium.audit_purge_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND purge_before IS NOT NULL AND purge_before <> ''
     AND OLD.occurred_at < purge_before::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION graphium_audit_events_append_only();--> statement-breakpoint
CREATE FUNCTION graphium_audit_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: TRUNCATE refused', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION graphium_audit_refuse_truncate();--> statement-breakpoint
-- A chain's head only moves forward and is never removed, so rows cut from its end are found.
CREATE FUNCTION graphium_audit_chains_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.chain_key = OLD.chain_key AND NEW.head_sequence >= OLD.head_sequence
     AND NEW.checkpoint_sequence >= OLD.checkpoint_sequence THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_chains only moves forward: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_chains_forward_only BEFORE UPDATE OR DELETE ON audit_chains
  FOR EACH ROW EXECUTE FUNCTION graphium_audit_chains_forward_only();--> statement-breakpoint
CREATE TRIGGER audit_chains_no_truncate BEFORE TRUNCATE ON audit_chains
  FOR EACH STATEMENT EXECUTE FUNCTION graphium_audit_refuse_truncate();
