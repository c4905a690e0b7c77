CREATE TABLE "chatbot_documents" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "chatbot_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chatbot_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_documents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "chatbot_images" (
	"tenant_id" integer NOT NULL,
	"hash_id" text NOT NULL,
	"chatbot_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_images_tenant_id_hash_id_pk" PRIMARY KEY("tenant_id","hash_id")
);
--> statement-breakpoint
CREATE TABLE "chatbot_member_groups" (
	"tenant_id" integer NOT NULL,
	"chatbot_id" integer NOT NULL,
	"member_group_id" integer NOT NULL,
	CONSTRAINT "chatbot_member_groups_tenant_id_chatbot_id_member_group_id_pk" PRIMARY KEY("tenant_id","chatbot_id","member_group_id")
);
--> statement-breakpoint
CREATE TABLE "chatbot_publish_requests" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "chatbot_publish_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chatbot_id" integer NOT NULL,
	"request_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"member_group_ids" jsonb NOT NULL,
	"category_id" integer,
	"requested_by" integer,
	"reviewed_by" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "chatbot_publish_requests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "chatbot_relations" (
	"tenant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"chatbot_id" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_relations_tenant_id_member_id_chatbot_id_pk" PRIMARY KEY("tenant_id","member_id","chatbot_id")
);
--> statement-breakpoint
CREATE TABLE "chatbot_releases" (
	"tenant_id" integer NOT NULL,
	"chatbot_id" integer NOT NULL,
	"llm_model_id" integer NOT NULL,
	"ko_name" text NOT NULL,
	"en_name" text NOT NULL,
	"profile_image_url" text,
	"ko_key_features" text NOT NULL,
	"en_key_features" text NOT NULL,
	"system_instructions" text NOT NULL,
	"temperature" double precision NOT NULL,
	"top_p" double precision NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_releases_tenant_id_chatbot_id_pk" PRIMARY KEY("tenant_id","chatbot_id")
);
--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "publish_rejected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "publish_feedback" text;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "token_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "month_key" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "month_message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "month_token_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "origin" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "share_hash_id" text;--> statement-breakpoint
ALTER TABLE "chatbot_documents" ADD CONSTRAINT "chatbot_documents_tenant_id_chatbot_id_chatbots_tenant_id_id_fk" FOREIGN KEY ("tenant_id","chatbot_id") REFERENCES "public"."chatbots"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_images" ADD CONSTRAINT "chatbot_images_tenant_id_chatbot_id_chatbots_tenant_id_id_fk" FOREIGN KEY ("tenant_id","chatbot_id") REFERENCES "public"."chatbots"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_member_groups" ADD CONSTRAINT "chatbot_member_groups_tenant_id_chatbot_id_chatbots_tenant_id_id_fk" FOREIGN KEY ("tenant_id","chatbot_id") REFERENCES "public"."chatbots"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_member_groups" ADD CONSTRAINT "chatbot_member_groups_tenant_id_member_group_id_member_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_group_id") REFERENCES "public"."member_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_publish_requests" ADD CONSTRAINT "chatbot_publish_requests_tenant_id_chatbot_id_chatbots_tenant_id_id_fk" FOREIGN KEY ("tenant_id","chatbot_id") REFERENCES "public"."chatbots"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_relations" ADD CONSTRAINT "chatbot_relations_tenant_id_chatbot_id_chatbots_tenant_id_id_fk" FOREIGN KEY ("tenant_id","chatbot_id") REFERENCES "public"."chatbots"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_relations" ADD CONSTRAINT "chatbot_relations_tenant_id_member_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_releases" ADD CONSTRAINT "chatbot_releases_tenant_id_chatbot_id_chatbots_tenant_id_id_fk" FOREIGN KEY ("tenant_id","chatbot_id") REFERENCES "public"."chatbots"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_releases" ADD CONSTRAINT "chatbot_releases_tenant_id_llm_model_id_llm_models_tenant_id_id_fk" FOREIGN KEY ("tenant_id","llm_model_id") REFERENCES "public"."llm_models"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbot_documents_chatbot_idx" ON "chatbot_documents" USING btree ("tenant_id","chatbot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chatbot_images_hash_uq" ON "chatbot_images" USING btree ("hash_id");--> statement-breakpoint
CREATE INDEX "chatbot_member_groups_group_idx" ON "chatbot_member_groups" USING btree ("tenant_id","member_group_id");--> statement-breakpoint
CREATE INDEX "chatbot_publish_requests_status_idx" ON "chatbot_publish_requests" USING btree ("tenant_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chatbot_publish_requests_pending_uq" ON "chatbot_publish_requests" USING btree ("tenant_id","chatbot_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "chatbot_relations_recent_idx" ON "chatbot_relations" USING btree ("tenant_id","member_id","used_at");--> statement-breakpoint
CREATE INDEX "chatbots_creator_idx" ON "chatbots" USING btree ("tenant_id","creator_id");--> statement-breakpoint
CREATE INDEX "chatbots_public_idx" ON "chatbots" USING btree ("tenant_id","is_public");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sessions_share_uq" ON "chat_sessions" USING btree ("share_hash_id");--> statement-breakpoint
-- Studio, store and publishing (issue 23): every new table is tenant data behind row-level security.
SELECT enable_tenant_isolation('chatbot_releases');
--> statement-breakpoint
SELECT enable_tenant_isolation('chatbot_member_groups');
--> statement-breakpoint
SELECT enable_tenant_isolation('chatbot_publish_requests');
--> statement-breakpoint
SELECT enable_tenant_isolation('chatbot_relations');
--> statement-breakpoint
SELECT enable_tenant_isolation('chatbot_images');
--> statement-breakpoint
SELECT enable_tenant_isolation('chatbot_documents');
--> statement-breakpoint
-- The chat context caches a chatbot with its approved version and its groups (decision 009):
-- their changes drop the tenant's cached rows like the chatbot's own.
CREATE TRIGGER chatbot_releases_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON chatbot_releases
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
--> statement-breakpoint
CREATE TRIGGER chatbot_member_groups_cache_invalidation AFTER INSERT OR UPDATE OR DELETE ON chatbot_member_groups
  FOR EACH ROW EXECUTE FUNCTION notify_cache_invalidation('tenant_id');
