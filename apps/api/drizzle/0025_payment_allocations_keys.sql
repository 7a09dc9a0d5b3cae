ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_tenant_id_company_id_companies_tenant_id_company_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_tenant_id_journal_id_journals_tenant_id_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_tenant_id_undone_journal_id_journals_tenant_id_id_fk";
