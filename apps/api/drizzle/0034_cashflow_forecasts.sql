CREATE TABLE "cashflow_forecasts" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"scope" text DEFAULT 'All banks' NOT NULL,
	"bank_group" uuid,
	"bank" uuid,
	"granularity" text DEFAULT 'Week' NOT NULL,
	"periods" integer DEFAULT 13 NOT NULL,
	"start_date" date,
	"shift_by_lateness" boolean DEFAULT true NOT NULL,
	"description" text,
	"adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "cashflow_forecasts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "cashflow_forecasts" ADD CONSTRAINT "cashflow_forecasts_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashflow_forecasts" ADD CONSTRAINT "cashflow_forecasts_group_fk" FOREIGN KEY ("tenant_id","bank_group") REFERENCES "public"."bank_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashflow_forecasts" ADD CONSTRAINT "cashflow_forecasts_bank_fk" FOREIGN KEY ("tenant_id","bank") REFERENCES "public"."banks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cashflow_forecasts_key_uq" ON "cashflow_forecasts" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "cashflow_forecasts_company_idx" ON "cashflow_forecasts" USING btree ("tenant_id","company_id");