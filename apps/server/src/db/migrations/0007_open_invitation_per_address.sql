-- Installations may hold several open invitations of one address to one workspace: keep the
-- newest open, revoke the older ones, then allow one at a time.
UPDATE "workspace_invitations" AS older SET "revoked_at" = now()
WHERE older."accepted_at" IS NULL AND older."revoked_at" IS NULL AND EXISTS (
  SELECT 1 FROM "workspace_invitations" AS newer
  WHERE newer."workspace_id" = older."workspace_id" AND newer."email_address" = older."email_address"
    AND newer."accepted_at" IS NULL AND newer."revoked_at" IS NULL
    AND (newer."created_at", newer."id") > (older."created_at", older."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_open_idx" ON "workspace_invitations" USING btree ("workspace_id","email_address") WHERE "workspace_invitations"."accepted_at" is null and "workspace_invitations"."revoked_at" is null;
