-- The chat context caches chatbots by (tenant_id, id) and reads `id` from the row: the trigger
-- lists every column the chat reads (modules/chat/chat-cache-coverage.test.ts holds the two lists
-- together), the key included.
DROP TRIGGER IF EXISTS chatbots_cache_invalidation ON chatbots;
--> statement-breakpoint
CREATE TRIGGER chatbots_cache_invalidation
  AFTER UPDATE OF tenant_id, id, hash_id, creator_id, llm_model_id, ko_name, en_name, system_instructions, temperature, top_p, is_public, is_default, deleted_at
  OR DELETE ON chatbots
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
