CREATE TABLE "asset_classes" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"method" text DEFAULT 'Straight line' NOT NULL,
	"life_months" integer NOT NULL,
	"residual_kind" text DEFAULT 'Percent' NOT NULL,
	"residual_value" numeric(18, 4),
	"convention" text DEFAULT 'Full month' NOT NULL,
	"rate" numeric(5, 4),
	"factor" numeric(4, 2),
	"posting_profile" uuid,
	"number_sequence" uuid,
	"dimensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "asset_classes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "asset_schedule_rows" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"asset" uuid NOT NULL,
	"period" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"accumulated_minor" bigint NOT NULL,
	"nbv_minor" bigint NOT NULL,
	"basis" jsonb NOT NULL,
	"run" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_schedule_rows_tenant_id_asset_period_pk" PRIMARY KEY("tenant_id","asset","period")
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"asset_class" uuid NOT NULL,
	"acquisition_date" date NOT NULL,
	"cost" numeric(18, 4) NOT NULL,
	"in_service_date" date,
	"residual_value" numeric(18, 4),
	"quantity" numeric(14, 4) DEFAULT '1' NOT NULL,
	"location" text,
	"custodian" text,
	"serial_number" text,
	"tag_number" text,
	"units_total" integer,
	"opening_accumulated" numeric(18, 4),
	"opening_as_of" date,
	"status" text DEFAULT 'Draft' NOT NULL,
	CONSTRAINT "assets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
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
ALTER TABLE "asset_classes" ADD CONSTRAINT "asset_classes_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_classes" ADD CONSTRAINT "asset_classes_profile_fk" FOREIGN KEY ("tenant_id","posting_profile") REFERENCES "public"."posting_profiles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_classes" ADD CONSTRAINT "asset_classes_sequence_fk" FOREIGN KEY ("tenant_id","number_sequence") REFERENCES "public"."number_sequences"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_schedule_rows" ADD CONSTRAINT "asset_schedule_rows_asset_fk" FOREIGN KEY ("tenant_id","asset") REFERENCES "public"."assets"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_schedule_rows" ADD CONSTRAINT "asset_schedule_rows_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_schedule_rows" ADD CONSTRAINT "asset_schedule_rows_run_fk" FOREIGN KEY ("tenant_id","run") REFERENCES "public"."depreciation_runs"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_class_fk" FOREIGN KEY ("tenant_id","asset_class") REFERENCES "public"."asset_classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depreciation_runs" ADD CONSTRAINT "depreciation_runs_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_classes_key_uq" ON "asset_classes" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "asset_classes_company_idx" ON "asset_classes" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE INDEX "asset_schedule_rows_unposted_idx" ON "asset_schedule_rows" USING btree ("tenant_id","company_id","period") WHERE "asset_schedule_rows"."run" is null;--> statement-breakpoint
CREATE INDEX "asset_schedule_rows_run_idx" ON "asset_schedule_rows" USING btree ("tenant_id","run") WHERE "asset_schedule_rows"."run" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "assets_key_uq" ON "assets" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "assets_company_idx" ON "assets" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE INDEX "assets_class_status_idx" ON "assets" USING btree ("tenant_id","company_id","status","asset_class");--> statement-breakpoint
CREATE INDEX "depreciation_runs_company_idx" ON "depreciation_runs" USING btree ("tenant_id","company_id","period");