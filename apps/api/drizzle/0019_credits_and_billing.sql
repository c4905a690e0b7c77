CREATE TABLE "credit_grants" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "credit_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"units" bigint NOT NULL,
	"ko_name" text NOT NULL,
	"en_name" text NOT NULL,
	"usage_start_date" date NOT NULL,
	"usage_end_date" date NOT NULL,
	"transaction_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_grants_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "credit_reservations" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "credit_reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"member_group_id" integer,
	"period_start" date NOT NULL,
	"units" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_reservations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "credit_usage_daily" (
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	"llm_model_id" integer DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"used_units" bigint DEFAULT 0 NOT NULL,
	"input_units" bigint DEFAULT 0 NOT NULL,
	"output_units" bigint DEFAULT 0 NOT NULL,
	"web_search_count" integer DEFAULT 0 NOT NULL,
	"web_search_units" bigint DEFAULT 0 NOT NULL,
	"image_count" integer DEFAULT 0 NOT NULL,
	"image_units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_usage_daily_tenant_id_day_llm_model_id_pk" PRIMARY KEY("tenant_id","day","llm_model_id")
);
--> statement-breakpoint
CREATE TABLE "group_credit_usage" (
	"tenant_id" integer NOT NULL,
	"member_group_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"used_units" bigint DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "group_credit_usage_tenant_id_member_group_id_period_start_pk" PRIMARY KEY("tenant_id","member_group_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "credit_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"order_id" integer,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'KRW' NOT NULL,
	"receipt_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_transactions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_billing_plans" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "member_billing_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ko_name" text NOT NULL,
	"en_name" text NOT NULL,
	"krw_month_price" integer NOT NULL,
	"credit_units" bigint NOT NULL,
	"is_low_llm_free" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_billing_plans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"next_plan_id" integer,
	"payment_method_id" integer,
	"provider" text NOT NULL,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'KRW' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"current_period_start" date NOT NULL,
	"next_payment_date" date NOT NULL,
	"failed_renewals" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"card_name" text DEFAULT '' NOT NULL,
	"masked_card_number" text NOT NULL,
	"billing_key_encrypted" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "payment_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_ref" text NOT NULL,
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"plan_id" integer,
	"credit_units" bigint,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'KRW' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "billing_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "plan_kind" text DEFAULT 'team' NOT NULL;--> statement-breakpoint
ALTER TABLE "llm_models" ADD COLUMN "web_search_cost_e_4" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "llm_models" ADD COLUMN "image_cost_e_4" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "input_units" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "output_units" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "web_search_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "web_search_units" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "image_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "image_units" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "masking_units" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "credit_grant_id" integer;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_tenant_id_member_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_usage_daily" ADD CONSTRAINT "credit_usage_daily_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_credit_usage" ADD CONSTRAINT "group_credit_usage_tenant_id_member_group_id_member_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_group_id") REFERENCES "public"."member_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_billing_plans" ADD CONSTRAINT "member_billing_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_tenant_id_member_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_tenant_id_member_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_grants_member_idx" ON "credit_grants" USING btree ("tenant_id","member_id","usage_end_date");--> statement-breakpoint
CREATE INDEX "credit_reservations_member_idx" ON "credit_reservations" USING btree ("tenant_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_ref_uq" ON "credit_transactions" USING btree ("tenant_id","provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_member_uq" ON "memberships" USING btree ("tenant_id","member_id");--> statement-breakpoint
CREATE INDEX "memberships_due_idx" ON "memberships" USING btree ("status","next_payment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_ref_uq" ON "payment_orders" USING btree ("tenant_id","order_ref");--> statement-breakpoint
-- Credits and billing (issue 24, decision 031): tenant data behind row-level security.
SELECT enable_tenant_isolation('group_credit_usage');
--> statement-breakpoint
SELECT enable_tenant_isolation('credit_reservations');
--> statement-breakpoint
SELECT enable_tenant_isolation('credit_usage_daily');
--> statement-breakpoint
SELECT enable_tenant_isolation('credit_grants');
--> statement-breakpoint
SELECT enable_tenant_isolation('member_billing_plans');
--> statement-breakpoint
SELECT enable_tenant_isolation('payment_methods');
--> statement-breakpoint
SELECT enable_tenant_isolation('memberships');
--> statement-breakpoint
SELECT enable_tenant_isolation('payment_orders');
--> statement-breakpoint
SELECT enable_tenant_isolation('credit_transactions');
--> statement-breakpoint
-- The roll-ups start from the ledger as it stands.
INSERT INTO group_credit_usage (tenant_id, member_group_id, period_start, used_units, message_count)
SELECT l.tenant_id, l.member_group_id, l.period_start, -sum(l.amount_units), count(*)::int
FROM credit_ledger l JOIN member_groups g ON g.tenant_id = l.tenant_id AND g.id = l.member_group_id
WHERE l.kind = 'usage' GROUP BY l.tenant_id, l.member_group_id, l.period_start;
--> statement-breakpoint
INSERT INTO credit_usage_daily (tenant_id, day, llm_model_id, message_count, input_tokens, output_tokens, used_units)
SELECT tenant_id, (created_at AT TIME ZONE 'UTC')::date, coalesce(llm_model_id, 0), count(*)::int, sum(input_tokens), sum(output_tokens), -sum(amount_units)
FROM credit_ledger WHERE kind = 'usage' GROUP BY 1, 2, 3;
