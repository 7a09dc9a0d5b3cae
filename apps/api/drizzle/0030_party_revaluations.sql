CREATE TABLE "party_revaluation_lines" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"revaluation_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"party_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" bigint NOT NULL,
	"carrying_base_minor" bigint NOT NULL,
	"rate" numeric(21, 10) NOT NULL,
	"revalued_base_minor" bigint NOT NULL,
	"difference_minor" bigint NOT NULL,
	CONSTRAINT "party_revaluation_lines_tenant_id_revaluation_id_line_no_pk" PRIMARY KEY("tenant_id","revaluation_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "party_revaluations" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"side" text NOT NULL,
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
	CONSTRAINT "party_revaluations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "party_revaluation_lines" ADD CONSTRAINT "party_revaluation_lines_tenant_id_revaluation_id_party_revaluations_tenant_id_id_fk" FOREIGN KEY ("tenant_id","revaluation_id") REFERENCES "public"."party_revaluations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_revaluations" ADD CONSTRAINT "party_revaluations_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_revaluations" ADD CONSTRAINT "party_revaluations_tenant_id_journal_id_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_revaluations" ADD CONSTRAINT "party_revaluations_tenant_id_reversal_journal_id_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","reversal_journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "party_revaluations_day_uq" ON "party_revaluations" USING btree ("tenant_id","company_id","side","revaluation_date");