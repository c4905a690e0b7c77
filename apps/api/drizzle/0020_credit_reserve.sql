-- Admission reserves (issue 24, decision 031): one chat's estimated cost is taken atomically against
-- the member's, the group's and the tenant's remaining credit of the period, across every instance.
-- A tenant's admissions run one at a time on its monthly usage row (the charge statement moves the
-- same row, so used credits and reservations are read consistently). A chat is admitted while every
-- budget has something left (used + reserved < budget): an admitted chat may overshoot by at most
-- its own estimate. Returns the reservation's id, or the budget that refused it (member | group |
-- tenant) with what each has left. Reservations older than p_ttl are swept (a crashed instance's).
CREATE OR REPLACE FUNCTION credit_reserve(
  p_tenant integer, p_member integer, p_group integer, p_period date, p_units bigint,
  p_member_budget bigint, p_group_pool bigint, p_tenant_pool bigint, p_ttl interval
) RETURNS TABLE (reservation_id bigint, refused text, member_left bigint, group_left bigint, tenant_left bigint)
LANGUAGE plpgsql AS $$
DECLARE
  t_used bigint;
  m_used bigint;
  g_used bigint;
  m_res bigint;
  g_res bigint;
  t_res bigint;
  new_id bigint;
BEGIN
  INSERT INTO tenant_credit_usage (tenant_id, period_start) VALUES (p_tenant, p_period) ON CONFLICT DO NOTHING;
  SELECT used_units INTO t_used FROM tenant_credit_usage WHERE tenant_id = p_tenant AND period_start = p_period FOR UPDATE;
  DELETE FROM credit_reservations WHERE tenant_id = p_tenant AND created_at < now() - p_ttl;
  SELECT coalesce(sum(units) FILTER (WHERE member_id = p_member), 0),
         coalesce(sum(units) FILTER (WHERE p_group IS NOT NULL AND member_group_id = p_group), 0),
         coalesce(sum(units), 0)
    INTO m_res, g_res, t_res
    FROM credit_reservations WHERE tenant_id = p_tenant AND period_start = p_period;
  SELECT coalesce((SELECT used_units FROM member_credit_usage WHERE tenant_id = p_tenant AND member_id = p_member AND period_start = p_period), 0) INTO m_used;
  SELECT coalesce((SELECT used_units FROM group_credit_usage WHERE tenant_id = p_tenant AND member_group_id = p_group AND period_start = p_period), 0) INTO g_used;
  member_left := p_member_budget - m_used - m_res;
  group_left := CASE WHEN p_group_pool IS NULL THEN NULL ELSE p_group_pool - g_used - g_res END;
  tenant_left := CASE WHEN p_tenant_pool IS NULL THEN NULL ELSE p_tenant_pool - t_used - t_res END;
  IF tenant_left IS NOT NULL AND tenant_left <= 0 THEN
    refused := 'tenant';
  ELSIF group_left IS NOT NULL AND group_left <= 0 THEN
    refused := 'group';
  ELSIF member_left <= 0 THEN
    refused := 'member';
  ELSE
    INSERT INTO credit_reservations (tenant_id, member_id, member_group_id, period_start, units)
      VALUES (p_tenant, p_member, p_group, p_period, p_units) RETURNING id INTO new_id;
    reservation_id := new_id;
  END IF;
  RETURN NEXT;
END $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION credit_reserve(integer, integer, integer, date, bigint, bigint, bigint, bigint, interval) TO chat_app;
--> statement-breakpoint
-- A member's budget includes their grants: every instance's cached figures must drop on a change.
CREATE TRIGGER credit_grants_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON credit_grants
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
