ALTER TABLE "members" ADD COLUMN "group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "members_group_ids_idx" ON "members" USING gin ("group_ids");--> statement-breakpoint
-- members.group_ids = the default group plus every additional group, whoever writes them (the
-- API, the tenant CLI, an operator's SQL): the console's group filter reads one GIN index.
CREATE OR REPLACE FUNCTION member_group_ids(p_tenant integer, p_member integer, p_default integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(g ORDER BY g), '{}'::integer[]) FROM (
    SELECT p_default AS g WHERE p_default IS NOT NULL
    UNION
    SELECT member_group_id FROM member_group_memberships WHERE tenant_id = p_tenant AND member_id = p_member
  ) s
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION members_set_group_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.group_ids := member_group_ids(NEW.tenant_id, NEW.id, NEW.default_member_group_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER members_group_ids BEFORE INSERT OR UPDATE OF default_member_group_id ON members
  FOR EACH ROW EXECUTE FUNCTION members_set_group_ids();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION memberships_sync_group_ids() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r member_group_memberships%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  UPDATE members SET group_ids = member_group_ids(tenant_id, id, default_member_group_id)
    WHERE tenant_id = r.tenant_id AND id = r.member_id;
  IF TG_OP = 'UPDATE' AND (OLD.tenant_id, OLD.member_id) IS DISTINCT FROM (NEW.tenant_id, NEW.member_id) THEN
    UPDATE members SET group_ids = member_group_ids(tenant_id, id, default_member_group_id)
      WHERE tenant_id = OLD.tenant_id AND id = OLD.member_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER member_group_memberships_group_ids AFTER INSERT OR UPDATE OR DELETE ON member_group_memberships
  FOR EACH ROW EXECUTE FUNCTION memberships_sync_group_ids();
--> statement-breakpoint
UPDATE members SET group_ids = member_group_ids(tenant_id, id, default_member_group_id);
