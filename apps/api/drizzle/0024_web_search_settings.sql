CREATE TABLE "web_search_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"provider" text,
	"url" text,
	"api_key_sealed" text,
	"max_results" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "web_search_settings" ADD CONSTRAINT "web_search_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Web search settings (issue 27 §1): tenant data behind row-level security; the chat reads them
-- through a per-process cache that this trigger invalidates (decision 009).
SELECT enable_tenant_isolation('web_search_settings');
--> statement-breakpoint
CREATE TRIGGER web_search_settings_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON web_search_settings
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
