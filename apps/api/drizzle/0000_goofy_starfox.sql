CREATE TABLE "categories" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ko_name" text NOT NULL,
	"en_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_group_memberships" (
	"tenant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"member_group_id" integer NOT NULL,
	CONSTRAINT "member_group_memberships_tenant_id_member_id_member_group_id_pk" PRIMARY KEY("tenant_id","member_id","member_group_id")
);
--> statement-breakpoint
CREATE TABLE "member_groups" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "member_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ko_name" text NOT NULL,
	"en_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"member_credit_quota_units" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'ko' NOT NULL,
	"member_status" text DEFAULT 'active' NOT NULL,
	"default_member_group_id" integer,
	"custom_credit_limit_units" bigint,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subdomain" text NOT NULL,
	"ko_name" text NOT NULL,
	"en_name" text NOT NULL,
	"logo_url" text,
	"credit_quota_units" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_subdomain_unique" UNIQUE("subdomain")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"speaker_type" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"reasoning" text,
	"status" text NOT NULL,
	"llm_model_id" integer,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"credit_units" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "chat_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hash_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"chatbot_id" integer NOT NULL,
	"title" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"last_chat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_sessions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "chatbot_categories" (
	"tenant_id" integer NOT NULL,
	"chatbot_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "chatbot_categories_tenant_id_chatbot_id_category_id_pk" PRIMARY KEY("tenant_id","chatbot_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "chatbots" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "chatbots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hash_id" text NOT NULL,
	"creator_id" integer,
	"llm_model_id" integer NOT NULL,
	"ko_name" text NOT NULL,
	"en_name" text NOT NULL,
	"profile_image_url" text,
	"ko_key_features" text DEFAULT '' NOT NULL,
	"en_key_features" text DEFAULT '' NOT NULL,
	"system_instructions" text DEFAULT '' NOT NULL,
	"temperature" double precision DEFAULT 1 NOT NULL,
	"top_p" double precision DEFAULT 1 NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"waiting_publish" boolean DEFAULT false NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_chat_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbots_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"member_id" integer,
	"member_group_id" integer,
	"llm_model_id" integer,
	"session_id" integer,
	"message_id" integer,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"amount_units" bigint NOT NULL,
	"period_start" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "llm_model_group_access" (
	"tenant_id" integer NOT NULL,
	"llm_model_id" integer NOT NULL,
	"member_group_id" integer NOT NULL,
	"is_available" boolean NOT NULL,
	CONSTRAINT "llm_model_group_access_tenant_id_llm_model_id_member_group_id_pk" PRIMARY KEY("tenant_id","llm_model_id","member_group_id")
);
--> statement-breakpoint
CREATE TABLE "llm_models" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "llm_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"model_name" text NOT NULL,
	"display_name" text NOT NULL,
	"context_limit" integer NOT NULL,
	"input_cost_e_4" bigint NOT NULL,
	"output_cost_e_4" bigint NOT NULL,
	"is_low_llm" boolean DEFAULT false NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"release_date" date,
	"supports_vision" boolean DEFAULT false NOT NULL,
	"supports_thinking" boolean DEFAULT false NOT NULL,
	"supports_web_search" boolean DEFAULT false NOT NULL,
	"supports_image_generation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "llm_models_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_credit_usage" (
	"tenant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"used_units" bigint DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_credit_usage_tenant_id_member_id_period_start_pk" PRIMARY KEY("tenant_id","member_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "tenant_credit_usage" (
	"tenant_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"used_units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tenant_credit_usage_tenant_id_period_start_pk" PRIMARY KEY("tenant_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"content" text NOT NULL,
	"location" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_group_memberships" ADD CONSTRAINT "member_group_memberships_tenant_id_member_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_group_memberships" ADD CONSTRAINT "member_group_memberships_tenant_id_member_group_id_member_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_group_id") REFERENCES "public"."member_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_groups" ADD CONSTRAINT "member_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_tenant_id_default_member_group_id_member_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","default_member_group_id") REFERENCES "public"."member_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_tenant_id_member_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_tenant_id_session_id_chat_sessions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."chat_sessions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_tenant_id_member_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_tenant_id_chatbot_id_chatbots_tenant_id_id_fk" FOREIGN KEY ("tenant_id","chatbot_id") REFERENCES "public"."chatbots"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_categories" ADD CONSTRAINT "chatbot_categories_tenant_id_chatbot_id_chatbots_tenant_id_id_fk" FOREIGN KEY ("tenant_id","chatbot_id") REFERENCES "public"."chatbots"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_tenant_id_llm_model_id_llm_models_tenant_id_id_fk" FOREIGN KEY ("tenant_id","llm_model_id") REFERENCES "public"."llm_models"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_tenant_id_creator_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","creator_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_model_group_access" ADD CONSTRAINT "llm_model_group_access_tenant_id_llm_model_id_llm_models_tenant_id_id_fk" FOREIGN KEY ("tenant_id","llm_model_id") REFERENCES "public"."llm_models"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_model_group_access" ADD CONSTRAINT "llm_model_group_access_tenant_id_member_group_id_member_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_group_id") REFERENCES "public"."member_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_models" ADD CONSTRAINT "llm_models_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_credit_usage" ADD CONSTRAINT "member_credit_usage_tenant_id_member_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_credit_usage" ADD CONSTRAINT "tenant_credit_usage_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_groups_ko_name_uq" ON "member_groups" USING btree ("tenant_id","ko_name");--> statement-breakpoint
CREATE UNIQUE INDEX "member_groups_en_name_uq" ON "member_groups" USING btree ("tenant_id","en_name");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_uq" ON "members" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("tenant_id","family_id");--> statement-breakpoint
CREATE INDEX "chat_messages_session_idx" ON "chat_messages" USING btree ("tenant_id","session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sessions_hash_uq" ON "chat_sessions" USING btree ("hash_id");--> statement-breakpoint
CREATE INDEX "chat_sessions_member_idx" ON "chat_sessions" USING btree ("tenant_id","member_id","last_chat_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chatbots_hash_uq" ON "chatbots" USING btree ("hash_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_member_idx" ON "credit_ledger" USING btree ("tenant_id","member_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "llm_models_name_uq" ON "llm_models" USING btree ("tenant_id","provider","model_name");--> statement-breakpoint
CREATE INDEX "announcements_list_idx" ON "announcements" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_one_active_uq" ON "announcements" USING btree ("tenant_id","location") WHERE "announcements"."is_active";