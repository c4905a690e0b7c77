-- members.group_ids kept per statement instead of per row (migration 0009's row trigger ran one
-- UPDATE of members per membership: seeding 5,700 memberships took 14 s). One UPDATE per
-- statement, over the members its rows touched (transition tables).
DROP TRIGGER IF EXISTS member_group_memberships_group_ids ON member_group_memberships;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION memberships_sync_group_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE members m SET group_ids = member_group_ids(m.tenant_id, m.id, m.default_member_group_id)
    FROM (SELECT DISTINCT tenant_id, member_id FROM changed_memberships) c
    WHERE m.tenant_id = c.tenant_id AND m.id = c.member_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION memberships_sync_group_ids_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE members m SET group_ids = member_group_ids(m.tenant_id, m.id, m.default_member_group_id)
    FROM (SELECT tenant_id, member_id FROM old_memberships UNION SELECT tenant_id, member_id FROM new_memberships) c
    WHERE m.tenant_id = c.tenant_id AND m.id = c.member_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER member_group_memberships_group_ids_insert AFTER INSERT ON member_group_memberships
  REFERENCING NEW TABLE AS changed_memberships FOR EACH STATEMENT EXECUTE FUNCTION memberships_sync_group_ids();
--> statement-breakpoint
CREATE TRIGGER member_group_memberships_group_ids_delete AFTER DELETE ON member_group_memberships
  REFERENCING OLD TABLE AS changed_memberships FOR EACH STATEMENT EXECUTE FUNCTION memberships_sync_group_ids();
--> statement-breakpoint
CREATE TRIGGER member_group_memberships_group_ids_update AFTER UPDATE ON member_group_memberships
  REFERENCING OLD TABLE AS old_memberships NEW TABLE AS new_memberships FOR EACH STATEMENT EXECUTE FUNCTION memberships_sync_group_ids_update();
