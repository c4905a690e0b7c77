-- Row-level security, the second wall (docs/decisions/028). The app's connections take the
-- non-owner role chat_app; every table with a tenant_id column gets a policy that shows and
-- accepts only the rows of the transaction's app.tenant_id setting (db/tenant-scope.ts).
-- Roles belong to the whole server: several databases of one server (tests) share this one.
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'chat_app') THEN
    CREATE ROLE chat_app NOLOGIN NOSUPERUSER NOINHERIT NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- The connecting user switches to it (SET ROLE): it must be a member (superusers always are).
DO $$ BEGIN
  EXECUTE format('GRANT chat_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO chat_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO chat_app;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO chat_app;
--> statement-breakpoint
-- Tables and sequences of later migrations (created by the same owner) get the same grants.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO chat_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO chat_app;
--> statement-breakpoint
-- A later migration that adds a tenant table calls this for it (a test checks every one has it).
CREATE OR REPLACE FUNCTION enable_tenant_isolation(t regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', t);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', t);
  -- The setting is read once per statement (an init plan), not once per row.
  EXECUTE format($p$CREATE POLICY tenant_isolation ON %s TO chat_app
    USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::integer))
    WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::integer))$p$, t);
END $$;
--> statement-breakpoint
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.oid::regclass AS t
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
  LOOP
    PERFORM enable_tenant_isolation(r.t);
  END LOOP;
END $$;
