CREATE TABLE "asset_stocks" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"asset_class" uuid NOT NULL,
	"quantity" numeric(14, 4) DEFAULT '0' NOT NULL,
	"unit_cost" numeric(18, 4) DEFAULT '0' NOT NULL,
	"location" text,
	"acquisition_date" date NOT NULL,
	"reference" text,
	CONSTRAINT "asset_stocks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "asset_stocks_quantity_ck" CHECK ("asset_stocks"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "insurance_companies" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"contact" text,
	"mail" text,
	"phone" text,
	"address" text,
	"status" text DEFAULT 'Active' NOT NULL,
	CONSTRAINT "insurance_companies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "asset_split_parts" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"split" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"share" numeric(14, 4) NOT NULL,
	"description" text,
	"location" text,
	"new_asset" uuid,
	"quantity" numeric(14, 4),
	"cost_minor" bigint,
	"accumulated_minor" bigint,
	"residual_minor" bigint,
	CONSTRAINT "asset_split_parts_tenant_id_split_line_no_pk" PRIMARY KEY("tenant_id","split","line_no")
);
--> statement-breakpoint
CREATE TABLE "asset_splits" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text,
	"kind" text DEFAULT 'Split' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"asset" uuid NOT NULL,
	"split_date" date NOT NULL,
	"basis" text DEFAULT 'Quantity' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"accumulated_minor" bigint DEFAULT 0 NOT NULL,
	"residual_minor" bigint DEFAULT 0 NOT NULL,
	"asset_status_before" text,
	"journal_id" uuid,
	"reversal_journal_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_splits_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "asset_stocks" ADD CONSTRAINT "asset_stocks_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_stocks" ADD CONSTRAINT "asset_stocks_class_fk" FOREIGN KEY ("tenant_id","asset_class") REFERENCES "public"."asset_classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_companies" ADD CONSTRAINT "insurance_companies_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_split_parts" ADD CONSTRAINT "asset_split_parts_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_split_parts" ADD CONSTRAINT "asset_split_parts_split_fk" FOREIGN KEY ("tenant_id","split") REFERENCES "public"."asset_splits"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_split_parts" ADD CONSTRAINT "asset_split_parts_asset_fk" FOREIGN KEY ("tenant_id","new_asset") REFERENCES "public"."assets"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_splits" ADD CONSTRAINT "asset_splits_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_splits" ADD CONSTRAINT "asset_splits_asset_fk" FOREIGN KEY ("tenant_id","asset") REFERENCES "public"."assets"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_stocks_key_uq" ON "asset_stocks" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "asset_stocks_company_idx" ON "asset_stocks" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_companies_key_uq" ON "insurance_companies" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "insurance_companies_company_idx" ON "insurance_companies" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE INDEX "asset_splits_company_idx" ON "asset_splits" USING btree ("tenant_id","company_id","split_date");