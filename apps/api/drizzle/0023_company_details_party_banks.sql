ALTER TABLE "customers" ADD COLUMN "bank_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "bank_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "bic" text;