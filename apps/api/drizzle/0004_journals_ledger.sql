CREATE TABLE "account_balances" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"dimension_set_id" uuid NOT NULL,
	"debit_minor" bigint NOT NULL,
	"credit_minor" bigint NOT NULL,
	"base_debit_minor" bigint NOT NULL,
	"base_credit_minor" bigint NOT NULL,
	CONSTRAINT "account_balances_tenant_id_company_id_account_id_period_id_currency_dimension_set_id_pk" PRIMARY KEY("tenant_id","company_id","account_id","period_id","currency","dimension_set_id")
);
--> statement-breakpoint
CREATE TABLE "dimension_sets" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"set_key" text NOT NULL,
	"dimensions" jsonb NOT NULL,
	CONSTRAINT "dimension_sets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"tenant_id" uuid NOT NULL,
	"journal_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"description" text,
	"currency" text NOT NULL,
	"rate" numeric(21, 10),
	"debit_minor" bigint NOT NULL,
	"credit_minor" bigint NOT NULL,
	"dimensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tax_id" uuid,
	CONSTRAINT "journal_lines_tenant_id_journal_id_line_no_pk" PRIMARY KEY("tenant_id","journal_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "journals" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text,
	"kind" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"journal_date" date NOT NULL,
	"period_id" uuid,
	"description" text NOT NULL,
	"reference" text,
	"source_module" text DEFAULT 'General Ledger' NOT NULL,
	"source_id" text,
	"reversal_of" uuid,
	"reversed_by" uuid,
	"intercompany_id" uuid,
	"recurring_id" uuid,
	"base_currency" text NOT NULL,
	"total_base_minor" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"posted_by" uuid,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"journal_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"entry_date" date NOT NULL,
	"period_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(21, 10) NOT NULL,
	"debit_minor" bigint NOT NULL,
	"credit_minor" bigint NOT NULL,
	"base_debit_minor" bigint NOT NULL,
	"base_credit_minor" bigint NOT NULL,
	"dimension_set_id" uuid NOT NULL,
	"description" text,
	"tax_id" uuid,
	"generated" text,
	CONSTRAINT "ledger_entries_tenant_id_journal_id_line_no_pk" PRIMARY KEY("tenant_id","journal_id","line_no"),
	CONSTRAINT "ledger_entries_sides" CHECK ("ledger_entries"."debit_minor" >= 0 and "ledger_entries"."credit_minor" >= 0 and "ledger_entries"."base_debit_minor" >= 0 and "ledger_entries"."base_credit_minor" >= 0 and ("ledger_entries"."debit_minor" = 0 or "ledger_entries"."credit_minor" = 0) and ("ledger_entries"."base_debit_minor" = 0 or "ledger_entries"."base_credit_minor" = 0))
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "exchange_account" uuid;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_tenant_id_journal_id_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_tenant_id_account_id_accounts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tenant_id_journal_id_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tenant_id_account_id_accounts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dimension_sets_key_uq" ON "dimension_sets" USING btree ("tenant_id","company_id","set_key");--> statement-breakpoint
CREATE UNIQUE INDEX "journals_number_uq" ON "journals" USING btree ("tenant_id","company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "journals_reversal_uq" ON "journals" USING btree ("tenant_id","reversal_of");--> statement-breakpoint
CREATE INDEX "journals_list_idx" ON "journals" USING btree ("tenant_id","company_id","journal_date","id");--> statement-breakpoint
CREATE INDEX "journals_recurring_idx" ON "journals" USING btree ("tenant_id","recurring_id","journal_date");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("tenant_id","company_id","account_id","entry_date","journal_id","line_no");--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_exchange_fk" FOREIGN KEY ("tenant_id","exchange_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;