DROP INDEX "invoices_party_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "remaining_minor" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "open_due_date" date;--> statement-breakpoint
CREATE INDEX "invoices_party_list_idx" ON "invoices" USING btree ("tenant_id","company_id","side","party_id","document_date","id");--> statement-breakpoint
CREATE INDEX "invoices_status_list_idx" ON "invoices" USING btree ("tenant_id","company_id","side","status","document_date","id");--> statement-breakpoint
CREATE INDEX "invoices_open_list_idx" ON "invoices" USING btree ("tenant_id","company_id","side","document_date","id","open_due_date") WHERE "invoices"."open_due_date" is not null;--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("tenant_id","company_id","side","open_due_date") WHERE "invoices"."open_due_date" is not null;