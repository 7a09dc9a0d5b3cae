CREATE TABLE "journal_template_lines" (
	"tenant_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"description" text,
	"currency" text NOT NULL,
	"debit_minor" bigint,
	"credit_minor" bigint,
	"dimensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tax_id" uuid,
	CONSTRAINT "journal_template_lines_tenant_id_template_id_line_no_pk" PRIMARY KEY("tenant_id","template_id","line_no"),
	CONSTRAINT "journal_template_lines_sides" CHECK (coalesce("journal_template_lines"."debit_minor", 0) >= 0 and coalesce("journal_template_lines"."credit_minor", 0) >= 0 and ("journal_template_lines"."debit_minor" is null or "journal_template_lines"."credit_minor" is null))
);
--> statement-breakpoint
CREATE TABLE "journal_templates" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"kind" text DEFAULT 'Standard' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "recurring_journal_runs" (
	"tenant_id" uuid NOT NULL,
	"recurring_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"journal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_journal_runs_tenant_id_recurring_id_occurrence_date_pk" PRIMARY KEY("tenant_id","recurring_id","occurrence_date")
);
--> statement-breakpoint
CREATE TABLE "recurring_journals" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"template_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"interval_count" integer DEFAULT 1 NOT NULL,
	"start_date" date NOT NULL,
	"next_date" date,
	"end_date" date,
	"max_occurrences" integer,
	"mode" text DEFAULT 'Draft' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"occurrences_generated" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_occurrence_date" date,
	"last_journal_id" uuid,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"authorised_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_journals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "recurring_journals_valid" CHECK ("recurring_journals"."frequency" in ('Daily', 'Weekly', 'Monthly', 'Quarterly', 'Yearly') and "recurring_journals"."mode" in ('Draft', 'Post')
      and "recurring_journals"."interval_count" >= 1 and ("recurring_journals"."max_occurrences" is null or "recurring_journals"."max_occurrences" >= 1) and "recurring_journals"."occurrences_generated" >= 0
      and ("recurring_journals"."end_date" is null or "recurring_journals"."end_date" >= "recurring_journals"."start_date"))
);
--> statement-breakpoint
ALTER TABLE "journal_template_lines" ADD CONSTRAINT "journal_template_lines_tenant_id_template_id_journal_templates_tenant_id_id_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."journal_templates"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_template_lines" ADD CONSTRAINT "journal_template_lines_tenant_id_account_id_accounts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_templates" ADD CONSTRAINT "journal_templates_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_journal_runs" ADD CONSTRAINT "recurring_journal_runs_tenant_id_recurring_id_recurring_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","recurring_id") REFERENCES "public"."recurring_journals"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_journals" ADD CONSTRAINT "recurring_journals_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_journals" ADD CONSTRAINT "recurring_journals_tenant_id_template_id_journal_templates_tenant_id_id_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."journal_templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_templates_code_uq" ON "journal_templates" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_journals_code_uq" ON "recurring_journals" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "recurring_journals_due_idx" ON "recurring_journals" USING btree ("tenant_id","next_date") WHERE "recurring_journals"."active" and "recurring_journals"."next_date" is not null;