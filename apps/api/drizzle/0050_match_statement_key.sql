ALTER TABLE "bank_matches" DROP CONSTRAINT "bank_matches_tenant_id_company_id_companies_tenant_id_company_id_fk";
--> statement-breakpoint
ALTER TABLE "bank_matches" DROP CONSTRAINT "bank_matches_statement_fk";
--> statement-breakpoint
ALTER TABLE "bank_matches" DROP CONSTRAINT "bank_matches_bank_fk";
--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_statement_key_fk" FOREIGN KEY ("tenant_id","statement_id","company_id","bank_id") REFERENCES "public"."bank_statements"("tenant_id","id","company_id","bank_id") ON DELETE no action ON UPDATE no action;