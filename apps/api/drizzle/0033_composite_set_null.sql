-- A composite foreign key's plain ON DELETE SET NULL nulls every referencing column, tenant_id
-- included, which the NOT NULL tenant_id refuses: deleting a member who created a chatbot or sent
-- an invitation failed. Each names the one column it clears (PostgreSQL 15+).
ALTER TABLE "chatbots" DROP CONSTRAINT "chatbots_tenant_id_creator_id_members_tenant_id_id_fk";--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_tenant_id_creator_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","creator_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE SET NULL ("creator_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_tenant_id_invited_by_members_tenant_id_id_fk";--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_tenant_id_invited_by_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","invited_by") REFERENCES "public"."members"("tenant_id","id") ON DELETE SET NULL ("invited_by") ON UPDATE no action;
