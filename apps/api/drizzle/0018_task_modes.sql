CREATE TABLE "task_modes" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "task_modes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ko_name" text NOT NULL,
	"en_name" text NOT NULL,
	"prompt_template" text NOT NULL,
	"llm_model_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_modes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "task_modes" ADD CONSTRAINT "task_modes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_modes" ADD CONSTRAINT "task_modes_tenant_id_llm_model_id_llm_models_tenant_id_id_fk" FOREIGN KEY ("tenant_id","llm_model_id") REFERENCES "public"."llm_models"("tenant_id","id") ON DELETE SET NULL ("llm_model_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_modes_order_idx" ON "task_modes" USING btree ("tenant_id","sort_order");--> statement-breakpoint
-- Task modes (issue 27 §3): tenant data behind row-level security, and an admin's change is audited.
SELECT enable_tenant_isolation('task_modes');
--> statement-breakpoint
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON task_modes FOR EACH ROW EXECUTE FUNCTION audit_row('id');
