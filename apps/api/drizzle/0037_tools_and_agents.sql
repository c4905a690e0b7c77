CREATE TABLE "tool_group_access" (
	"tenant_id" integer NOT NULL,
	"tool" text NOT NULL,
	"member_group_id" integer NOT NULL,
	"is_available" boolean NOT NULL,
	CONSTRAINT "tool_group_access_tenant_id_tool_member_group_id_pk" PRIMARY KEY("tenant_id","tool","member_group_id")
);
--> statement-breakpoint
ALTER TABLE "chatbot_releases" ADD COLUMN "tools" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_releases" ADD COLUMN "max_tool_steps" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "tools" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "max_tool_steps" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "tool_calls" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "tool_group_access" ADD CONSTRAINT "tool_group_access_tenant_id_member_group_id_member_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_group_id") REFERENCES "public"."member_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT enable_tenant_isolation('tool_group_access');
--> statement-breakpoint
-- An admin's switch of a tool for a group is audited like model access (migration 0015's trigger);
-- a chatbot's tool settings are columns of chatbots, whose trigger diffs every column.
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON tool_group_access FOR EACH ROW EXECUTE FUNCTION audit_row('tool', 'member_group_id');
--> statement-breakpoint
-- The chat reads a tenant's tool access from a per-process cache (decision 009).
CREATE TRIGGER tool_group_access_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON tool_group_access
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
--> statement-breakpoint
-- The chat reads a chatbot's tool settings from its cached row: their change must reach the cache.
DROP TRIGGER IF EXISTS chatbots_cache_invalidation ON chatbots;
--> statement-breakpoint
CREATE TRIGGER chatbots_cache_invalidation
  AFTER UPDATE OF tenant_id, id, hash_id, creator_id, llm_model_id, ko_name, en_name, system_instructions, temperature, top_p, tools, max_tool_steps, is_public, is_default, deleted_at
  OR DELETE ON chatbots
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
