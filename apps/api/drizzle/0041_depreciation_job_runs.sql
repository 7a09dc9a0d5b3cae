CREATE TABLE "depreciation_job_runs" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"period" date NOT NULL,
	"run" uuid NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "depreciation_job_runs_tenant_id_company_id_period_pk" PRIMARY KEY("tenant_id","company_id","period")
);
--> statement-breakpoint
ALTER TABLE "depreciation_job_runs" ADD CONSTRAINT "depreciation_job_runs_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;