CREATE TABLE "public_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"closes_at" timestamp with time zone,
	"max_completed_responses" integer,
	"one_per_browser" boolean DEFAULT false NOT NULL,
	"one_per_contact" boolean DEFAULT false NOT NULL,
	"hourly_cap" integer,
	"frame_origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"logo_in_qr_code" boolean DEFAULT false NOT NULL,
	"visit_count" bigint DEFAULT 0 NOT NULL,
	"created_by_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "source_link_id" uuid;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "public_links_slug_key" ON "public_links" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "public_links_workspace_id_template_id_idx" ON "public_links" USING btree ("workspace_id","template_id");--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_source_link_id_public_links_id_fk" FOREIGN KEY ("source_link_id") REFERENCES "public"."public_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "surveys_source_link_id_created_at_idx" ON "surveys" USING btree ("source_link_id","created_at") WHERE "surveys"."source_link_id" is not null;--> statement-breakpoint
CREATE INDEX "surveys_source_link_id_state_idx" ON "surveys" USING btree ("source_link_id","state") WHERE "surveys"."source_link_id" is not null;