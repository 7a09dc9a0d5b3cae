CREATE TABLE "insurance_premium_instalments" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"schedule" uuid NOT NULL,
	"instalment_no" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"paid_date" date,
	"reference" text,
	"reminded_for" date,
	CONSTRAINT "insurance_premium_instalments_tenant_id_schedule_instalment_no_pk" PRIMARY KEY("tenant_id","schedule","instalment_no"),
	CONSTRAINT "insurance_premium_instalments_amount_ck" CHECK ("insurance_premium_instalments"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "insurance_schedule_assets" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"schedule" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"asset" uuid NOT NULL,
	"insured_value_minor" bigint NOT NULL,
	CONSTRAINT "insurance_schedule_assets_tenant_id_schedule_line_no_pk" PRIMARY KEY("tenant_id","schedule","line_no")
);
--> statement-breakpoint
CREATE TABLE "insurance_schedules" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'Policy' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"insurer" uuid NOT NULL,
	"policy_number" text NOT NULL,
	"cover_type" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"currency" text NOT NULL,
	"premium_minor" bigint NOT NULL,
	"premium_frequency" text NOT NULL,
	"reminder_days" integer DEFAULT 30 NOT NULL,
	"remind_to" text DEFAULT '' NOT NULL,
	"reminded_for" date,
	"renewal_of" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_schedules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "insurance_premium_instalments" ADD CONSTRAINT "insurance_premium_instalments_doc_fk" FOREIGN KEY ("tenant_id","schedule") REFERENCES "public"."insurance_schedules"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_premium_instalments" ADD CONSTRAINT "insurance_premium_instalments_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_schedule_assets" ADD CONSTRAINT "insurance_schedule_assets_doc_fk" FOREIGN KEY ("tenant_id","schedule") REFERENCES "public"."insurance_schedules"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_schedule_assets" ADD CONSTRAINT "insurance_schedule_assets_asset_fk" FOREIGN KEY ("tenant_id","asset") REFERENCES "public"."assets"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_schedule_assets" ADD CONSTRAINT "insurance_schedule_assets_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_schedules" ADD CONSTRAINT "insurance_schedules_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_schedules" ADD CONSTRAINT "insurance_schedules_insurer_fk" FOREIGN KEY ("tenant_id","insurer") REFERENCES "public"."insurance_companies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_schedules" ADD CONSTRAINT "insurance_schedules_renewal_fk" FOREIGN KEY ("tenant_id","renewal_of") REFERENCES "public"."insurance_schedules"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_premium_instalments_due_idx" ON "insurance_premium_instalments" USING btree ("tenant_id","due_date") WHERE "insurance_premium_instalments"."paid_date" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_schedule_assets_uq" ON "insurance_schedule_assets" USING btree ("tenant_id","schedule","asset");--> statement-breakpoint
CREATE INDEX "insurance_schedule_assets_asset_idx" ON "insurance_schedule_assets" USING btree ("tenant_id","asset");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_schedules_policy_uq" ON "insurance_schedules" USING btree ("tenant_id","company_id","insurer",lower("policy_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_schedules_renewal_uq" ON "insurance_schedules" USING btree ("tenant_id","renewal_of") WHERE "insurance_schedules"."status" <> 'Cancelled';--> statement-breakpoint
CREATE INDEX "insurance_schedules_company_idx" ON "insurance_schedules" USING btree ("tenant_id","company_id","expiry_date");--> statement-breakpoint
CREATE INDEX "insurance_schedules_due_idx" ON "insurance_schedules" USING btree ("tenant_id","expiry_date") WHERE "insurance_schedules"."status" = 'Active';