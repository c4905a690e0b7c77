CREATE TABLE "audit_log" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_member_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"operation" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_recent_idx" ON "audit_log" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Tenant isolation like every tenant table (0014); the app may add entries and read them, never
-- change or remove one.
SELECT enable_tenant_isolation('audit_log');
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM chat_app;
--> statement-breakpoint
-- One entry per changed row of an audited table, when the change comes from an admin's request
-- (the request's scope sets app.actor_id and app.action, db/tenant-scope.ts). Updates keep only
-- the columns that changed; secrets and bookkeeping columns are left out. Trigger arguments: the
-- columns of the row's key after tenant_id.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := nullif(current_setting('app.actor_id', true), '');
  skipped text[] := ARRAY['tenant_id', 'updated_at', 'search_text', 'group_ids', 'password_hash', 'temp_password_hash', 'temp_password_expires_at', 'token_version', 'hash_id'];
  old_row jsonb;
  new_row jsonb;
  row_ jsonb;
  before_ jsonb;
  after_ jsonb;
  k text;
  key_ text := '';
  tenant_ integer;
BEGIN
  IF actor IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  row_ := coalesce(new_row, old_row);
  tenant_ := CASE WHEN TG_TABLE_NAME = 'tenants' THEN (row_->>'id')::integer ELSE (row_->>'tenant_id')::integer END;
  FOR i IN 0 .. TG_NARGS - 1 LOOP
    key_ := key_ || CASE WHEN i > 0 THEN ':' ELSE '' END || coalesce(row_->>TG_ARGV[i], '');
  END LOOP;
  IF TG_OP = 'UPDATE' THEN
    before_ := '{}';
    after_ := '{}';
    FOR k IN SELECT jsonb_object_keys(new_row - skipped) LOOP
      IF new_row->k IS DISTINCT FROM old_row->k THEN
        before_ := before_ || jsonb_build_object(k, old_row->k);
        after_ := after_ || jsonb_build_object(k, new_row->k);
      END IF;
    END LOOP;
    IF after_ = '{}' THEN
      RETURN NULL;
    END IF;
  ELSE
    before_ := old_row - skipped;
    after_ := new_row - skipped;
  END IF;
  INSERT INTO audit_log (tenant_id, actor_member_id, action, target_type, operation, target_id, before, after)
  VALUES (tenant_, actor::integer, coalesce(nullif(current_setting('app.action', true), ''), 'unknown'), TG_TABLE_NAME, lower(TG_OP), key_, before_, after_);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('members', 'id'), ('member_groups', 'id'), ('member_group_memberships', 'member_id, member_group_id'),
    ('member_requests', 'id'), ('invitations', 'id'), ('announcements', 'id'), ('custom_fields', 'id'),
    ('policies', 'id'), ('llm_model_group_access', 'llm_model_id, member_group_id'), ('governance_settings', 'tenant_id'),
    ('tenants', 'id'), ('categories', 'id'), ('chatbots', 'id')
  ) AS v(tbl, keys) LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS audit ON %I', t.tbl);
    EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row(%s)', t.tbl,
      (SELECT string_agg(quote_literal(trim(c)), ', ') FROM unnest(string_to_array(t.keys, ',')) AS c));
  END LOOP;
END $$;
