-- Announces changes that a cached public link depends on (docs/decisions/032-link-cache.md), on
-- the channel 'graphium_link_cache': 's:<slug>' when a link is created, changed or deleted (both
-- addresses when it moves); 't:<template id>' when one of the template's versions is published,
-- unpublished or deleted while published, or has its settings changed. The visit count, added to
-- the row once a second by every server, announces nothing.
CREATE FUNCTION graphium_public_link_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (to_jsonb(OLD) - 'visit_count') = (to_jsonb(NEW) - 'visit_count') THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('graphium_link_cache', 's:' || OLD.slug);
    IF NEW.slug <> OLD.slug THEN
      PERFORM pg_notify('graphium_link_cache', 's:' || NEW.slug);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('graphium_link_cache', 's:' || OLD.slug);
  ELSE
    PERFORM pg_notify('graphium_link_cache', 's:' || NEW.slug);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER public_links_link_cache_notify AFTER INSERT OR UPDATE OR DELETE ON public_links
  FOR EACH ROW EXECUTE FUNCTION graphium_public_link_cache_notify();
--> statement-breakpoint
CREATE FUNCTION graphium_template_version_link_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.state = NEW.state AND OLD.settings = NEW.settings AND OLD.template_id = NEW.template_id THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('graphium_link_cache', 't:' || OLD.template_id);
    IF NEW.template_id <> OLD.template_id THEN
      PERFORM pg_notify('graphium_link_cache', 't:' || NEW.template_id);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.state = 'PUBLISHED' THEN
      PERFORM pg_notify('graphium_link_cache', 't:' || OLD.template_id);
    END IF;
  ELSIF NEW.state = 'PUBLISHED' THEN
    PERFORM pg_notify('graphium_link_cache', 't:' || NEW.template_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER template_versions_link_cache_notify
  AFTER INSERT OR UPDATE OF state, settings, template_id OR DELETE ON template_versions
  FOR EACH ROW EXECUTE FUNCTION graphium_template_version_link_cache_notify();
