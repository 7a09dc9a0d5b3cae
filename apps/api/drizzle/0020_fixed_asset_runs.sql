CREATE TABLE "depreciation_runs" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text,
	"kind" text DEFAULT 'Run' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"period" date NOT NULL,
	"asset_class" uuid,
	"detail" text DEFAULT 'Per class and dimensions' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"journal_id" uuid,
	"reversal_journal_id" uuid,
	"assets_count" integer DEFAULT 0 NOT NULL,
	"rows_count" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"issue_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "depreciation_runs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
DROP INDEX "asset_schedule_rows_open_idx";--> statement-breakpoint
ALTER TABLE "depreciation_runs" ADD CONSTRAINT "depreciation_runs_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "depreciation_runs_company_idx" ON "depreciation_runs" USING btree ("tenant_id","company_id","period");--> statement-breakpoint
ALTER TABLE "asset_schedule_rows" ADD CONSTRAINT "asset_schedule_rows_run_fk" FOREIGN KEY ("tenant_id","run") REFERENCES "public"."depreciation_runs"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_schedule_rows_unposted_idx" ON "asset_schedule_rows" USING btree ("tenant_id","company_id","period") WHERE "asset_schedule_rows"."run" is null;--> statement-breakpoint
CREATE INDEX "asset_schedule_rows_run_idx" ON "asset_schedule_rows" USING btree ("tenant_id","run") WHERE "asset_schedule_rows"."run" is not null;--> statement-breakpoint
ALTER TABLE "asset_schedule_rows" DROP COLUMN "journal_id";