-- Rows that the API keeps in per-process caches (members, their groups, chatbots, models, model
-- access, groups, tenants) announce every change on the `cache_invalidation` channel, whatever
-- wrote it (the API, another instance, the tenant CLI, an operator's SQL). The payload is
-- `<table>:<tenant id>`; each process drops that tenant's cached rows (docs/decisions/009).
CREATE OR REPLACE FUNCTION notify_cache_invalidation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
BEGIN
  -- TG_ARGV[0] names the tenant column (`id` for tenants, `tenant_id` elsewhere).
  IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
  PERFORM pg_notify('cache_invalidation', TG_TABLE_NAME || ':' || (r ->> TG_ARGV[0]));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tenants_cache_invalidation AFTER UPDATE OR DELETE ON tenants
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('id');
--> statement-breakpoint
CREATE TRIGGER members_cache_invalidation AFTER UPDATE OR DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
--> statement-breakpoint
CREATE TRIGGER member_group_memberships_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON member_group_memberships
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
--> statement-breakpoint
CREATE TRIGGER member_groups_cache_invalidation AFTER UPDATE OR DELETE ON member_groups
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
--> statement-breakpoint
CREATE TRIGGER llm_models_cache_invalidation AFTER UPDATE OR DELETE ON llm_models
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
--> statement-breakpoint
CREATE TRIGGER llm_model_group_access_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON llm_model_group_access
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
--> statement-breakpoint
-- Every chat moves message_count and last_chat_at: those columns do not invalidate.
CREATE TRIGGER chatbots_cache_invalidation
  AFTER UPDATE OF hash_id, creator_id, llm_model_id, ko_name, en_name, system_instructions, temperature, top_p, is_public, is_default, deleted_at
  OR DELETE ON chatbots
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
