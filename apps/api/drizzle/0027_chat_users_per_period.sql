CREATE TABLE "tenant_chat_users" (
	"tenant_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tenant_chat_users_tenant_id_period_start_pk" PRIMARY KEY("tenant_id","period_start")
);
--> statement-breakpoint
ALTER TABLE "tenant_chat_users" ADD CONSTRAINT "tenant_chat_users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT enable_tenant_isolation('tenant_chat_users');
--> statement-breakpoint
-- Decision 033: a member's period row counts them as a chat user once, when it first holds a
-- message (the charge statement inserts or updates it); the WHEN clauses keep other updates free.
CREATE OR REPLACE FUNCTION count_chat_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenant_chat_users (tenant_id, period_start, members) VALUES (NEW.tenant_id, NEW.period_start, 1)
    ON CONFLICT (tenant_id, period_start) DO UPDATE SET members = tenant_chat_users.members + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_credit_usage_chat_user_insert AFTER INSERT ON member_credit_usage
  FOR EACH ROW WHEN (NEW.message_count > 0) EXECUTE FUNCTION count_chat_user();
--> statement-breakpoint
CREATE TRIGGER member_credit_usage_chat_user_update AFTER UPDATE OF message_count ON member_credit_usage
  FOR EACH ROW WHEN (OLD.message_count = 0 AND NEW.message_count > 0) EXECUTE FUNCTION count_chat_user();
--> statement-breakpoint
INSERT INTO tenant_chat_users (tenant_id, period_start, members)
  SELECT tenant_id, period_start, count(*) FROM member_credit_usage WHERE message_count > 0 GROUP BY 1, 2
  ON CONFLICT (tenant_id, period_start) DO NOTHING;
