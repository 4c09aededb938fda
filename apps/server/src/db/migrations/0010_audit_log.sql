CREATE TABLE "audit_chains" (
	"chain_key" text PRIMARY KEY NOT NULL,
	"head_sequence" bigint NOT NULL,
	"head_hash" text NOT NULL,
	"checkpoint_sequence" bigint NOT NULL,
	"checkpoint_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_key" text NOT NULL,
	"sequence" bigint NOT NULL,
	"workspace_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_account_id" uuid,
	"actor_api_key_id" uuid,
	"actor_label" text NOT NULL,
	"address" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text,
	"details" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_sequence_idx" ON "audit_events" USING btree ("chain_key","sequence");--> statement-breakpoint
CREATE INDEX "audit_events_workspace_occurred_idx" ON "audit_events" USING btree ("workspace_id","occurred_at");