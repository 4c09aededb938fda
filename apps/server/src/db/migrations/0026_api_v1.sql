CREATE TABLE "idempotency_keys" (
	"api_key_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_content_type" text,
	"response_body" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_api_key_id_key_pk" PRIMARY KEY("api_key_id","key")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
-- hand-written: existing keys keep what they had (docs/decisions/037-public-api-v1.md): read is
-- every area's read scope, read-write every scope. The generated DROP COLUMN "scope" moved here,
-- after the copy; when regenerating, delete the generated one and re-append this part.
UPDATE "api_keys" SET "scopes" = CASE "scope"
  WHEN 'read-write' THEN ARRAY['responses:read','responses:write','templates:read','templates:write','contacts:read','contacts:write','sends:read','sends:write']::text[]
  ELSE ARRAY['responses:read','templates:read','contacts:read','sends:read']::text[]
END;--> statement-breakpoint
ALTER TABLE "api_keys" DROP COLUMN "scope";
