CREATE INDEX "refresh_tokens_revoked_idx" ON "refresh_tokens" USING btree ("tenant_id","revoked_at") WHERE "refresh_tokens"."revoked_at" is not null;--> statement-breakpoint
-- A session that ends (sign-out, a reused refresh token, deactivation) drops its tenant's cached
-- rows in every process, the set of ended sessions among them: its access tokens are refused at
-- the next request on every instance, not when they expire (decision 047). Only the change from
-- live to revoked notifies: rotations (used_at) do not.
CREATE TRIGGER refresh_tokens_cache_invalidation AFTER UPDATE OF revoked_at ON refresh_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
