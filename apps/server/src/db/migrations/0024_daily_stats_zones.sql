CREATE TABLE "response_daily_stats_zones" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "response_daily_stats_zones" ADD CONSTRAINT "response_daily_stats_zones_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written:
-- Decision 035: the daily aggregate's rows are in UTC days until a workspace's first read in
-- another zone rebuilds them. Every workspace has its zone row, so that writers can lock it: the
-- existing ones here, each new one from the trigger.
INSERT INTO "response_daily_stats_zones" ("workspace_id", "time_zone")
SELECT "id", 'UTC' FROM "workspaces" ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION graphium_add_daily_stats_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO response_daily_stats_zones (workspace_id, time_zone) VALUES (NEW.id, 'UTC')
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER workspaces_daily_stats_zone AFTER INSERT ON workspaces
  FOR EACH ROW EXECUTE FUNCTION graphium_add_daily_stats_zone();
