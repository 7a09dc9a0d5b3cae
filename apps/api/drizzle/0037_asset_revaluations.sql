CREATE TABLE "asset_revaluation_lines" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"revaluation" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"asset" uuid NOT NULL,
	"fair_value" numeric(18, 4) NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"previous_cost" numeric(18, 4),
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"eliminated_minor" bigint DEFAULT 0 NOT NULL,
	"change_minor" bigint DEFAULT 0 NOT NULL,
	"reserve_minor" bigint DEFAULT 0 NOT NULL,
	"pnl_minor" bigint DEFAULT 0 NOT NULL,
	"surplus_before_minor" bigint DEFAULT 0 NOT NULL,
	"deficit_before_minor" bigint DEFAULT 0 NOT NULL,
	"period" date NOT NULL,
	CONSTRAINT "asset_revaluation_lines_tenant_id_revaluation_line_no_pk" PRIMARY KEY("tenant_id","revaluation","line_no")
);
--> statement-breakpoint
CREATE TABLE "asset_revaluations" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text,
	"kind" text DEFAULT 'Revaluation' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"revaluation_date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"change_minor" bigint DEFAULT 0 NOT NULL,
	"journal_id" uuid,
	"reversal_journal_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_revaluations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD COLUMN "revaluation_loss_account" uuid;--> statement-breakpoint
ALTER TABLE "asset_revaluation_lines" ADD CONSTRAINT "asset_revaluation_lines_doc_fk" FOREIGN KEY ("tenant_id","revaluation") REFERENCES "public"."asset_revaluations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_revaluation_lines" ADD CONSTRAINT "asset_revaluation_lines_asset_fk" FOREIGN KEY ("tenant_id","asset") REFERENCES "public"."assets"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_revaluation_lines" ADD CONSTRAINT "asset_revaluation_lines_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_revaluations" ADD CONSTRAINT "asset_revaluations_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_revaluation_lines_asset_idx" ON "asset_revaluation_lines" USING btree ("tenant_id","asset","status");--> statement-breakpoint
CREATE INDEX "asset_revaluations_company_idx" ON "asset_revaluations" USING btree ("tenant_id","company_id","revaluation_date");--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_revaluation_loss_fk" FOREIGN KEY ("tenant_id","revaluation_loss_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;