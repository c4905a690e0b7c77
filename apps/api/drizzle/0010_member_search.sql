-- The console's member search (name, email, searchable custom fields) through a trigram index:
-- members.search_text holds those values lower-cased, kept by triggers whoever writes members or
-- changes which custom fields are searchable.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_search_text(p_tenant integer, p_name text, p_email text, p_fields jsonb) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(E'\n', p_name, p_email, (
    SELECT string_agg(p_fields ->> f.id::text, E'\n' ORDER BY f.id)
    FROM custom_fields f WHERE f.tenant_id = p_tenant AND f.is_searchable AND p_fields ? f.id::text
  )))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION members_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := member_search_text(NEW.tenant_id, NEW.name, NEW.email, NEW.custom_fields);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER members_search_text BEFORE INSERT OR UPDATE OF name, email, custom_fields ON members
  FOR EACH ROW EXECUTE FUNCTION members_set_search_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION custom_fields_sync_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r custom_fields%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  UPDATE members SET search_text = member_search_text(tenant_id, name, email, custom_fields)
    WHERE tenant_id = r.tenant_id AND custom_fields ? r.id::text;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER custom_fields_search_text AFTER UPDATE OF is_searchable OR DELETE ON custom_fields
  FOR EACH ROW EXECUTE FUNCTION custom_fields_sync_search_text();
--> statement-breakpoint
UPDATE members SET search_text = member_search_text(tenant_id, name, email, custom_fields);
--> statement-breakpoint
CREATE INDEX "members_search_idx" ON "members" USING gin ("search_text" gin_trgm_ops);
