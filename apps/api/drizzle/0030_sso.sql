CREATE TABLE "sso_logins" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "sso_logins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform_id" integer NOT NULL,
	"handle_hash" text NOT NULL,
	"nonce" text,
	"code_verifier" text,
	"redirect_url" text,
	"auth_token_hash" text,
	"sso_id" text,
	"email" text,
	"name" text,
	"phone" text,
	"code_hash" text,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_logins_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sso_member_whitelist" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "sso_member_whitelist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_member_whitelist_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sso_platforms" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "sso_platforms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"requires_whitelist" boolean DEFAULT false NOT NULL,
	"issuer_url" text,
	"client_id" text,
	"client_secret_sealed" text,
	"scopes" text DEFAULT 'openid email profile' NOT NULL,
	"id_claim" text DEFAULT 'sub' NOT NULL,
	"directory_url" text,
	"bind_dn_template" text,
	"base_dn" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"verification_method" text DEFAULT 'email' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_platforms_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "sso_platform_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "sso_id" text;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_tenant_id_platform_id_sso_platforms_tenant_id_id_fk" FOREIGN KEY ("tenant_id","platform_id") REFERENCES "public"."sso_platforms"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_member_whitelist" ADD CONSTRAINT "sso_member_whitelist_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_platforms" ADD CONSTRAINT "sso_platforms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_logins_handle_uq" ON "sso_logins" USING btree ("tenant_id","handle_hash");--> statement-breakpoint
CREATE INDEX "sso_logins_expires_idx" ON "sso_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_member_whitelist_email_uq" ON "sso_member_whitelist" USING btree ("tenant_id","email");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_tenant_id_sso_platform_id_sso_platforms_tenant_id_id_fk" FOREIGN KEY ("tenant_id","sso_platform_id") REFERENCES "public"."sso_platforms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_sso_id_uq" ON "members" USING btree ("tenant_id","sso_platform_id","sso_id");--> statement-breakpoint
-- Single sign-on (issue 29, decision 039): tenant data behind row-level security like every tenant table.
SELECT enable_tenant_isolation('sso_platforms');
--> statement-breakpoint
SELECT enable_tenant_isolation('sso_member_whitelist');
--> statement-breakpoint
SELECT enable_tenant_isolation('sso_logins');
