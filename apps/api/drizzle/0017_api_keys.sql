CREATE TABLE "api_keys" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"chatbot_ids" jsonb,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"request_count" integer DEFAULT 0 NOT NULL,
	"token_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_tenant_id_member_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_uq" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_member_idx" ON "api_keys" USING btree ("tenant_id","member_id");--> statement-breakpoint
-- Developer API keys (issue 28) are tenant data behind row-level security; `/v1` finds a key by its
-- hash with the owner's connection, then works in the key's tenant scope.
SELECT enable_tenant_isolation('api_keys');
--> statement-breakpoint
-- `/v1` keeps keys in a per-process cache (decision 009): a revoked, renamed, re-scoped or expiring
-- key drops it. The counters (last used, requests, tokens) move on every request and do not.
CREATE TRIGGER api_keys_cache_invalidation
  AFTER UPDATE OF tenant_id, id, member_id, name, secret_hash, chatbot_ids, expires_at OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
