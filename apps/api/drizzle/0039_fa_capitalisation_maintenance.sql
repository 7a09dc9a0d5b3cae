CREATE TABLE "asset_capitalisations" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"asset" uuid NOT NULL,
	"capitalisation_date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"vendor_invoice" uuid,
	"invoice_line_no" integer,
	"cost_before" numeric(18, 4) NOT NULL,
	"cost_after" numeric(18, 4) NOT NULL,
	"from_period" date,
	"replaced_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"written_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_before" text NOT NULL,
	"journal_id" uuid,
	"reversal_journal_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_capitalisations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "capitalised_invoice_lines" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"vendor_invoice" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"capitalised_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "capitalised_invoice_lines_tenant_id_vendor_invoice_line_no_pk" PRIMARY KEY("tenant_id","vendor_invoice","line_no")
);
--> statement-breakpoint
CREATE TABLE "maintenance_completions" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"schedule" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"completed_date" date NOT NULL,
	"actual_cost_minor" bigint NOT NULL,
	"treatment" text NOT NULL,
	"vendor_invoice" uuid,
	"invoice_line_no" integer,
	"capitalisation" uuid,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_completions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_schedules" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"asset" uuid NOT NULL,
	"description" text NOT NULL,
	"vendor" uuid,
	"estimated_cost" numeric(18, 4),
	"next_date" date NOT NULL,
	"interval_months" integer,
	"reminder_days" integer DEFAULT 7 NOT NULL,
	"remind_to" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"reminded_for" date,
	CONSTRAINT "maintenance_schedules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "asset_capitalisations" ADD CONSTRAINT "asset_capitalisations_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_capitalisations" ADD CONSTRAINT "asset_capitalisations_asset_fk" FOREIGN KEY ("tenant_id","asset") REFERENCES "public"."assets"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_capitalisations" ADD CONSTRAINT "asset_capitalisations_invoice_fk" FOREIGN KEY ("tenant_id","vendor_invoice") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capitalised_invoice_lines" ADD CONSTRAINT "capitalised_invoice_lines_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capitalised_invoice_lines" ADD CONSTRAINT "capitalised_invoice_lines_invoice_fk" FOREIGN KEY ("tenant_id","vendor_invoice") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_completions" ADD CONSTRAINT "maintenance_completions_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_completions" ADD CONSTRAINT "maintenance_completions_schedule_fk" FOREIGN KEY ("tenant_id","schedule") REFERENCES "public"."maintenance_schedules"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_completions" ADD CONSTRAINT "maintenance_completions_invoice_fk" FOREIGN KEY ("tenant_id","vendor_invoice") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_completions" ADD CONSTRAINT "maintenance_completions_cap_fk" FOREIGN KEY ("tenant_id","capitalisation") REFERENCES "public"."asset_capitalisations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_schedules" ADD CONSTRAINT "maintenance_schedules_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_schedules" ADD CONSTRAINT "maintenance_schedules_asset_fk" FOREIGN KEY ("tenant_id","asset") REFERENCES "public"."assets"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_schedules" ADD CONSTRAINT "maintenance_schedules_vendor_fk" FOREIGN KEY ("tenant_id","vendor") REFERENCES "public"."vendors"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_capitalisations_asset_idx" ON "asset_capitalisations" USING btree ("tenant_id","asset","created_at");--> statement-breakpoint
CREATE INDEX "asset_capitalisations_invoice_idx" ON "asset_capitalisations" USING btree ("tenant_id","vendor_invoice") WHERE "asset_capitalisations"."vendor_invoice" is not null;--> statement-breakpoint
CREATE INDEX "maintenance_completions_schedule_idx" ON "maintenance_completions" USING btree ("tenant_id","schedule","occurrence_date");--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_schedules_key_uq" ON "maintenance_schedules" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "maintenance_schedules_company_idx" ON "maintenance_schedules" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE INDEX "maintenance_schedules_due_idx" ON "maintenance_schedules" USING btree ("tenant_id","next_date") WHERE "maintenance_schedules"."status" = 'Active';