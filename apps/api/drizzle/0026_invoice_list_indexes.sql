DROP INDEX "invoices_open_due_idx";--> statement-breakpoint
DROP INDEX "invoices_open_list_idx";--> statement-breakpoint
CREATE INDEX "invoices_party_status_list_idx" ON "invoices" USING btree ("tenant_id","company_id","side","party_id","status","document_date","id");--> statement-breakpoint
CREATE INDEX "invoices_due_before_idx" ON "invoices" USING btree ("tenant_id","company_id","side","document_date","id") WHERE "invoices"."open_due_date" < "invoices"."document_date";--> statement-breakpoint
CREATE INDEX "invoices_open_list_idx" ON "invoices" USING btree ("tenant_id","company_id","side","document_date","id","open_due_date","party_id") WHERE "invoices"."open_due_date" is not null;