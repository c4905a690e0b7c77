CREATE INDEX "member_group_memberships_group_idx" ON "member_group_memberships" USING btree ("tenant_id","member_group_id","member_id");--> statement-breakpoint
CREATE INDEX "members_created_idx" ON "members" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "members_name_idx" ON "members" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "members_group_idx" ON "members" USING btree ("tenant_id","default_member_group_id","name");