ALTER TABLE "customers" ADD COLUMN "bank_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "bank_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL;