CREATE TABLE "intercompany_accounts" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"partner_company_id" uuid NOT NULL,
	"due_from_account" uuid NOT NULL,
	"due_to_account" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intercompany_accounts_tenant_id_company_id_partner_company_id_pk" PRIMARY KEY("tenant_id","company_id","partner_company_id"),
	CONSTRAINT "intercompany_accounts_pair" CHECK ("intercompany_accounts"."company_id" <> "intercompany_accounts"."partner_company_id")
);
--> statement-breakpoint
CREATE TABLE "intercompany_journal_lines" (
	"tenant_id" uuid NOT NULL,
	"intercompany_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"company_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"description" text,
	"currency" text NOT NULL,
	"rate" numeric(21, 10),
	"debit_minor" bigint NOT NULL,
	"credit_minor" bigint NOT NULL,
	"dimensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "intercompany_journal_lines_tenant_id_intercompany_id_line_no_pk" PRIMARY KEY("tenant_id","intercompany_id","line_no"),
	CONSTRAINT "intercompany_journal_lines_sides" CHECK ("intercompany_journal_lines"."debit_minor" >= 0 and "intercompany_journal_lines"."credit_minor" >= 0 and ("intercompany_journal_lines"."debit_minor" = 0) <> ("intercompany_journal_lines"."credit_minor" = 0))
);
--> statement-breakpoint
CREATE TABLE "intercompany_journals" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"partner_company_id" uuid NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"journal_date" date NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"template_id" uuid,
	"journal_id" uuid,
	"partner_journal_id" uuid,
	"reversal_id" uuid,
	"partner_reversal_id" uuid,
	"created_by" uuid,
	"posted_by" uuid,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intercompany_journals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "intercompany_journals_pair" CHECK ("intercompany_journals"."company_id" <> "intercompany_journals"."partner_company_id")
);
--> statement-breakpoint
CREATE TABLE "intercompany_template_lines" (
	"tenant_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"company_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"description" text,
	"currency" text NOT NULL,
	"debit_minor" bigint,
	"credit_minor" bigint,
	"dimensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "intercompany_template_lines_tenant_id_template_id_line_no_pk" PRIMARY KEY("tenant_id","template_id","line_no"),
	CONSTRAINT "intercompany_template_lines_sides" CHECK (coalesce("intercompany_template_lines"."debit_minor", 0) >= 0 and coalesce("intercompany_template_lines"."credit_minor", 0) >= 0 and ("intercompany_template_lines"."debit_minor" is null or "intercompany_template_lines"."credit_minor" is null))
);
--> statement-breakpoint
CREATE TABLE "intercompany_templates" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"partner_company_id" uuid NOT NULL,
	"description" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intercompany_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "intercompany_accounts" ADD CONSTRAINT "intercompany_accounts_company_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercompany_accounts" ADD CONSTRAINT "intercompany_accounts_partner_fk" FOREIGN KEY ("tenant_id","partner_company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercompany_accounts" ADD CONSTRAINT "intercompany_accounts_due_from_fk" FOREIGN KEY ("tenant_id","due_from_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercompany_accounts" ADD CONSTRAINT "intercompany_accounts_due_to_fk" FOREIGN KEY ("tenant_id","due_to_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercompany_journal_lines" ADD CONSTRAINT "intercompany_journal_lines_journal_fk" FOREIGN KEY ("tenant_id","intercompany_id") REFERENCES "public"."intercompany_journals"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercompany_journal_lines" ADD CONSTRAINT "intercompany_journal_lines_account_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercompany_journals" ADD CONSTRAINT "intercompany_journals_company_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercompany_journals" ADD CONSTRAINT "intercompany_journals_partner_fk" FOREIGN KEY ("tenant_id","partner_company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercompany_journals" ADD CONSTRAINT "intercompany_journals_journal_fk" FOREIGN KEY ("tenant_id","journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercompany_journals" ADD CONSTRAINT "intercompany_journals_partner_journal_fk" FOREIGN KEY ("tenant_id","partner_journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercompany_template_lines" ADD CONSTRAINT "intercompany_template_lines_template_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."intercompany_templates"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercompany_template_lines" ADD CONSTRAINT "intercompany_template_lines_account_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercompany_templates" ADD CONSTRAINT "intercompany_templates_company_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercompany_templates" ADD CONSTRAINT "intercompany_templates_partner_fk" FOREIGN KEY ("tenant_id","partner_company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intercompany_journals_list_idx" ON "intercompany_journals" USING btree ("tenant_id","company_id","journal_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "intercompany_templates_code_uq" ON "intercompany_templates" USING btree ("tenant_id","company_id",lower("code"));