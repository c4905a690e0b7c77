ALTER TABLE "payment_orders" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "processed_by" integer;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_orders_status_idx" ON "payment_orders" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_open_request_uq" ON "payment_orders" USING btree ("tenant_id","member_id","kind") WHERE status = 'requested';--> statement-breakpoint
-- Decision 048: an administrator's approval or rejection of a member's purchase request (an order
-- without a provider) is audited like the other console decisions (migration 0015's trigger).
CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON payment_orders FOR EACH ROW EXECUTE FUNCTION audit_row('id');
