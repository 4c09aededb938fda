ALTER TABLE "surveys" ADD COLUMN "respondent_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Announces changes to what the respondent page shows (docs/decisions/048-respondent-cache.md) on
-- the channel 'graphium_respondent_cache': 's:<survey id>[,<survey id>…]' when a survey's answers,
-- state, expiry, properties or version change or it is deleted ('*' when a statement deletes more
-- than 100); 't:<template id>' when a template's name or a version's settings or definition
-- change; 'w:<workspace id>' when a workspace's deletion is requested or undone; '*' when a logo
-- or a list changes. A respondent's save moves `respondent_revision` and
-- announces itself once it has committed, in batches, so saves do not take the notification
-- queue's lock in their commits; every other change, whoever makes it, is announced here.
-- One function announces for every table: a row trigger passes the payload's prefix and the
-- column that names what changed; a statement trigger announces '*'.
CREATE FUNCTION graphium_respondent_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('graphium_respondent_cache', '*');
  ELSE
    PERFORM pg_notify('graphium_respondent_cache', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER surveys_respondent_cache_notify AFTER UPDATE ON surveys FOR EACH ROW
  WHEN (
    OLD.respondent_revision = NEW.respondent_revision
    AND (OLD.state, OLD.responses, OLD.expires_at, OLD.properties, OLD.template_version_id, OLD.template_id, OLD.workspace_id)
      IS DISTINCT FROM (NEW.state, NEW.responses, NEW.expires_at, NEW.properties, NEW.template_version_id, NEW.template_id, NEW.workspace_id)
  )
  EXECUTE FUNCTION graphium_respondent_cache_notify('s', 'id');
--> statement-breakpoint
CREATE FUNCTION graphium_surveys_deleted_respondent_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deleted bigint;
BEGIN
  SELECT count(*) INTO deleted FROM deleted_surveys;
  IF deleted > 100 THEN
    PERFORM pg_notify('graphium_respondent_cache', '*');
  ELSIF deleted > 0 THEN
    PERFORM pg_notify('graphium_respondent_cache', 's:' || string_agg(id::text, ',')) FROM deleted_surveys;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER surveys_deleted_respondent_cache_notify AFTER DELETE ON surveys
  REFERENCING OLD TABLE AS deleted_surveys
  FOR EACH STATEMENT EXECUTE FUNCTION graphium_surveys_deleted_respondent_cache_notify();
--> statement-breakpoint
CREATE TRIGGER templates_respondent_cache_notify AFTER UPDATE OF name ON templates FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION graphium_respondent_cache_notify('t', 'id');
--> statement-breakpoint
-- Drafts have no surveys: an author's edits announce nothing.
CREATE TRIGGER template_versions_respondent_cache_notify AFTER UPDATE ON template_versions FOR EACH ROW
  WHEN (OLD.state <> 'DRAFT' AND (OLD.settings, OLD.definition) IS DISTINCT FROM (NEW.settings, NEW.definition))
  EXECUTE FUNCTION graphium_respondent_cache_notify('t', 'template_id');
--> statement-breakpoint
CREATE TRIGGER logos_respondent_cache_notify AFTER INSERT OR UPDATE OR DELETE ON logos
  FOR EACH STATEMENT EXECUTE FUNCTION graphium_respondent_cache_notify();
--> statement-breakpoint
CREATE TRIGGER lists_respondent_cache_notify AFTER INSERT OR UPDATE OR DELETE ON lists
  FOR EACH STATEMENT EXECUTE FUNCTION graphium_respondent_cache_notify();
--> statement-breakpoint
CREATE TRIGGER list_properties_respondent_cache_notify AFTER INSERT OR UPDATE OR DELETE ON list_properties
  FOR EACH STATEMENT EXECUTE FUNCTION graphium_respondent_cache_notify();
--> statement-breakpoint
CREATE TRIGGER list_items_respondent_cache_notify AFTER INSERT OR UPDATE OR DELETE ON list_items
  FOR EACH STATEMENT EXECUTE FUNCTION graphium_respondent_cache_notify();
--> statement-breakpoint
-- A workspace waiting to be deleted answers nobody (decision 044), and one restored answers again.
CREATE TRIGGER workspaces_respondent_cache_notify AFTER UPDATE OF deletion_due_at ON workspaces FOR EACH ROW
  WHEN (OLD.deletion_due_at IS DISTINCT FROM NEW.deletion_due_at)
  EXECUTE FUNCTION graphium_respondent_cache_notify('w', 'id');
