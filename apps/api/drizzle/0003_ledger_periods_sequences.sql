CREATE TABLE "accounting_periods" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"fiscal_year" uuid NOT NULL,
	"period_no" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_periods_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"retained_earnings_account" uuid,
	"rounding_account" uuid,
	"realised_fx_gain_account" uuid,
	"realised_fx_loss_account" uuid,
	"unrealised_fx_account" uuid,
	"suspense_account" uuid,
	"journal_sequence" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_tenant_id_company_id_pk" PRIMARY KEY("tenant_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "fiscal_years" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	CONSTRAINT "fiscal_years_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "module_configs" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"module" text NOT NULL,
	"setting" text NOT NULL,
	"account" uuid,
	"number_sequence" uuid,
	"value" text,
	CONSTRAINT "module_configs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "number_counters" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"number_sequence" uuid NOT NULL,
	"bucket" text NOT NULL,
	"last_value" bigint NOT NULL,
	CONSTRAINT "number_counters_tenant_id_number_sequence_bucket_pk" PRIMARY KEY("tenant_id","number_sequence","bucket")
);
--> statement-breakpoint
CREATE TABLE "number_segments" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number_sequence" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"value" text,
	"width" integer,
	CONSTRAINT "number_segments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "number_sequences" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"reset_every" text DEFAULT 'Year' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "number_sequences_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_tenant_id_fiscal_year_fiscal_years_tenant_id_id_fk" FOREIGN KEY ("tenant_id","fiscal_year") REFERENCES "public"."fiscal_years"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_re_fk" FOREIGN KEY ("tenant_id","retained_earnings_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_rounding_fk" FOREIGN KEY ("tenant_id","rounding_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_fxg_fk" FOREIGN KEY ("tenant_id","realised_fx_gain_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_fxl_fk" FOREIGN KEY ("tenant_id","realised_fx_loss_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_fxu_fk" FOREIGN KEY ("tenant_id","unrealised_fx_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_suspense_fk" FOREIGN KEY ("tenant_id","suspense_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_sequence_fk" FOREIGN KEY ("tenant_id","journal_sequence") REFERENCES "public"."number_sequences"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_years" ADD CONSTRAINT "fiscal_years_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_configs" ADD CONSTRAINT "module_configs_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_configs" ADD CONSTRAINT "module_configs_account_fk" FOREIGN KEY ("tenant_id","account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_configs" ADD CONSTRAINT "module_configs_sequence_fk" FOREIGN KEY ("tenant_id","number_sequence") REFERENCES "public"."number_sequences"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_counters" ADD CONSTRAINT "number_counters_tenant_id_number_sequence_number_sequences_tenant_id_id_fk" FOREIGN KEY ("tenant_id","number_sequence") REFERENCES "public"."number_sequences"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_segments" ADD CONSTRAINT "number_segments_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_segments" ADD CONSTRAINT "number_segments_sequence_fk" FOREIGN KEY ("tenant_id","number_sequence") REFERENCES "public"."number_sequences"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_sequences" ADD CONSTRAINT "number_sequences_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_periods_no_uq" ON "accounting_periods" USING btree ("tenant_id","fiscal_year","period_no");--> statement-breakpoint
CREATE INDEX "accounting_periods_dates_idx" ON "accounting_periods" USING btree ("tenant_id","company_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_years_key_uq" ON "fiscal_years" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "fiscal_years_company_idx" ON "fiscal_years" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "module_configs_key_uq" ON "module_configs" USING btree ("tenant_id","company_id","module",lower("setting"));--> statement-breakpoint
CREATE INDEX "module_configs_company_idx" ON "module_configs" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "number_segments_key_uq" ON "number_segments" USING btree ("tenant_id","company_id","number_sequence","position");--> statement-breakpoint
CREATE INDEX "number_segments_company_idx" ON "number_segments" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "number_sequences_key_uq" ON "number_sequences" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "number_sequences_company_idx" ON "number_sequences" USING btree ("tenant_id","company_id");