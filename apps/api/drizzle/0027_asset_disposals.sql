CREATE TABLE "asset_disposals" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text,
	"kind" text DEFAULT 'Disposal' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"asset" uuid NOT NULL,
	"disposal_date" date NOT NULL,
	"disposal_type" text DEFAULT 'Sale' NOT NULL,
	"proceeds" numeric(18, 4) DEFAULT '0' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"accumulated_minor" bigint DEFAULT 0 NOT NULL,
	"depreciation_minor" bigint DEFAULT 0 NOT NULL,
	"gain_loss_minor" bigint DEFAULT 0 NOT NULL,
	"depreciation_run" uuid,
	"journal_id" uuid,
	"reversal_journal_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_disposals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "depreciation_runs" ADD COLUMN "asset" uuid;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD CONSTRAINT "asset_disposals_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD CONSTRAINT "asset_disposals_asset_fk" FOREIGN KEY ("tenant_id","asset") REFERENCES "public"."assets"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD CONSTRAINT "asset_disposals_run_fk" FOREIGN KEY ("tenant_id","depreciation_run") REFERENCES "public"."depreciation_runs"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_disposals_company_idx" ON "asset_disposals" USING btree ("tenant_id","company_id","disposal_date");