CREATE TABLE "governance_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"restricted_words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"block_personal_info" boolean DEFAULT false NOT NULL,
	"mask_personal_info" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "governance_settings" ADD CONSTRAINT "governance_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The chat screens every message with the tenant's compiled words and mode, cached per process.
CREATE TRIGGER governance_settings_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON governance_settings
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
