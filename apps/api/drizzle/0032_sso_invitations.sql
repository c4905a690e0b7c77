ALTER TABLE "invitations" ALTER COLUMN "temp_password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "sso_platform_id" integer;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "sso_id" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_tenant_id_sso_platform_id_sso_platforms_tenant_id_id_fk" FOREIGN KEY ("tenant_id","sso_platform_id") REFERENCES "public"."sso_platforms"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_sso_idx" ON "invitations" USING btree ("tenant_id","sso_platform_id","sso_id");