-- Files and knowledge retrieval (issue 25, decision 034). Trigram indexes need pg_trgm (also made by 0010).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "document_chunks" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "document_chunks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chatbot_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"ord" integer NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, heading || ' ' || body)) STORED NOT NULL,
	CONSTRAINT "document_chunks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "file_page_usage" (
	"tenant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "file_page_usage_tenant_id_member_id_day_pk" PRIMARY KEY("tenant_id","member_id","day")
);
--> statement-breakpoint
CREATE TABLE "file_texts" (
	"tenant_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "file_texts_tenant_id_file_id_pk" PRIMARY KEY("tenant_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"purpose" text DEFAULT 'attachment' NOT NULL,
	"chatbot_id" integer,
	"session_id" text,
	"attached_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"kind" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"access_level" text DEFAULT 'public' NOT NULL,
	"should_expire" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'queued' NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"parsed_pages" integer DEFAULT 0 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "chatbot_documents" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_documents" ADD COLUMN "file_id" integer;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_tenant_id_file_id_files_tenant_id_id_fk" FOREIGN KEY ("tenant_id","file_id") REFERENCES "public"."files"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_tenant_id_chatbot_id_chatbots_tenant_id_id_fk" FOREIGN KEY ("tenant_id","chatbot_id") REFERENCES "public"."chatbots"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_page_usage" ADD CONSTRAINT "file_page_usage_tenant_id_member_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_texts" ADD CONSTRAINT "file_texts_tenant_id_file_id_files_tenant_id_id_fk" FOREIGN KEY ("tenant_id","file_id") REFERENCES "public"."files"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_tenant_id_member_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_chunks_chatbot_idx" ON "document_chunks" USING btree ("tenant_id","chatbot_id");--> statement-breakpoint
CREATE INDEX "document_chunks_file_idx" ON "document_chunks" USING btree ("tenant_id","file_id");--> statement-breakpoint
CREATE INDEX "document_chunks_search_idx" ON "document_chunks" USING gin ("search");--> statement-breakpoint
CREATE INDEX "document_chunks_trgm_idx" ON "document_chunks" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_member_idx" ON "files" USING btree ("tenant_id","member_id");--> statement-breakpoint
CREATE INDEX "files_expiry_idx" ON "files" USING btree ("expires_at") WHERE should_expire;--> statement-breakpoint
CREATE INDEX "files_pending_idx" ON "files" USING btree ("status") WHERE status in ('queued', 'parsing');--> statement-breakpoint
-- A knowledge document is its uploaded file: deleting the file (or its expiry) takes the document row with it.
ALTER TABLE "chatbot_documents" ADD CONSTRAINT "chatbot_documents_tenant_id_file_id_files_tenant_id_id_fk" FOREIGN KEY ("tenant_id","file_id") REFERENCES "public"."files"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
SELECT enable_tenant_isolation('files');
--> statement-breakpoint
SELECT enable_tenant_isolation('file_texts');
--> statement-breakpoint
SELECT enable_tenant_isolation('document_chunks');
--> statement-breakpoint
SELECT enable_tenant_isolation('file_page_usage');
