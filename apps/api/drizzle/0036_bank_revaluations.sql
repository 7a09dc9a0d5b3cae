CREATE TABLE "bank_revaluation_lines" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"revaluation_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"bank_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" bigint NOT NULL,
	"carrying_base_minor" bigint NOT NULL,
	"rate" numeric(21, 10) NOT NULL,
	"revalued_base_minor" bigint NOT NULL,
	"difference_minor" bigint NOT NULL,
	CONSTRAINT "bank_revaluation_lines_tenant_id_revaluation_id_line_no_pk" PRIMARY KEY("tenant_id","revaluation_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "bank_revaluations" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"revaluation_date" date NOT NULL,
	"reversal_date" date NOT NULL,
	"currency" text,
	"base_currency" text NOT NULL,
	"gain_minor" bigint NOT NULL,
	"loss_minor" bigint NOT NULL,
	"journal_id" uuid,
	"reversal_journal_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_revaluations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "bank_revaluation_lines" ADD CONSTRAINT "bank_revaluation_lines_tenant_id_revaluation_id_bank_revaluations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","revaluation_id") REFERENCES "public"."bank_revaluations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_revaluation_lines" ADD CONSTRAINT "bank_revaluation_lines_tenant_id_bank_id_banks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","bank_id") REFERENCES "public"."banks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_revaluations" ADD CONSTRAINT "bank_revaluations_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_revaluations" ADD CONSTRAINT "bank_revaluations_tenant_id_journal_id_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_revaluations" ADD CONSTRAINT "bank_revaluations_tenant_id_reversal_journal_id_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","reversal_journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_revaluations_day_uq" ON "bank_revaluations" USING btree ("tenant_id","company_id","revaluation_date");