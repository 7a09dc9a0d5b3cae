CREATE TABLE "account_classes" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"balance_side" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_classes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "account_groups" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"account_class" uuid NOT NULL,
	"parent_group" uuid,
	CONSTRAINT "account_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"account_group" uuid NOT NULL,
	"parent_account" uuid,
	"kind" text DEFAULT 'Posting' NOT NULL,
	"control_type" text DEFAULT 'None' NOT NULL,
	"allowed_currencies" text[],
	"required_dimensions" text[],
	"active" boolean DEFAULT true NOT NULL,
	"description" text,
	CONSTRAINT "accounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dimension_groups" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "dimension_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "dimensions" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"dimension_group" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "dimensions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_currency" uuid NOT NULL,
	"to_currency" uuid NOT NULL,
	"rate_type" text NOT NULL,
	"effective_date" date NOT NULL,
	"rate" numeric(20, 8) NOT NULL,
	CONSTRAINT "exchange_rates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "ledger_headers" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"statement" text NOT NULL,
	"parent_header" uuid,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"reverse_sign" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ledger_headers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "operations" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"module" text NOT NULL,
	"debit_account" uuid NOT NULL,
	"credit_account" uuid NOT NULL,
	"description" text,
	CONSTRAINT "operations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "subsidiaries" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"module" text NOT NULL,
	"control_account" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "subsidiaries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"rate" numeric(7, 4) NOT NULL,
	"kind" text NOT NULL,
	"input_account" uuid,
	"output_account" uuid,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "taxes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "currencies" DROP CONSTRAINT "currencies_tenant_id_code_pk";--> statement-breakpoint
-- drizzle-kit emitted the primary key before its column; the column must come first.
ALTER TABLE "currencies" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "account_classes" ADD CONSTRAINT "account_classes_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_groups" ADD CONSTRAINT "account_groups_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_groups" ADD CONSTRAINT "account_groups_class_fk" FOREIGN KEY ("tenant_id","account_class") REFERENCES "public"."account_classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_groups" ADD CONSTRAINT "account_groups_parent_fk" FOREIGN KEY ("tenant_id","parent_group") REFERENCES "public"."account_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_group_fk" FOREIGN KEY ("tenant_id","account_group") REFERENCES "public"."account_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_fk" FOREIGN KEY ("tenant_id","parent_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_groups" ADD CONSTRAINT "dimension_groups_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimensions" ADD CONSTRAINT "dimensions_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimensions" ADD CONSTRAINT "dimensions_group_fk" FOREIGN KEY ("tenant_id","dimension_group") REFERENCES "public"."dimension_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_from_fk" FOREIGN KEY ("tenant_id","from_currency") REFERENCES "public"."currencies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_to_fk" FOREIGN KEY ("tenant_id","to_currency") REFERENCES "public"."currencies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_headers" ADD CONSTRAINT "ledger_headers_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_headers" ADD CONSTRAINT "ledger_headers_parent_fk" FOREIGN KEY ("tenant_id","parent_header") REFERENCES "public"."ledger_headers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_debit_fk" FOREIGN KEY ("tenant_id","debit_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_credit_fk" FOREIGN KEY ("tenant_id","credit_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsidiaries" ADD CONSTRAINT "subsidiaries_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsidiaries" ADD CONSTRAINT "subsidiaries_account_fk" FOREIGN KEY ("tenant_id","control_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_input_fk" FOREIGN KEY ("tenant_id","input_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_output_fk" FOREIGN KEY ("tenant_id","output_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_classes_key_uq" ON "account_classes" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "account_classes_company_idx" ON "account_classes" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_groups_key_uq" ON "account_groups" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "account_groups_company_idx" ON "account_groups" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_key_uq" ON "accounts" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "accounts_company_idx" ON "accounts" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dimension_groups_key_uq" ON "dimension_groups" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "dimension_groups_company_idx" ON "dimension_groups" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dimensions_key_uq" ON "dimensions" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "dimensions_company_idx" ON "dimensions" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_key_uq" ON "exchange_rates" USING btree ("tenant_id","from_currency","to_currency","rate_type","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_headers_key_uq" ON "ledger_headers" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "ledger_headers_company_idx" ON "ledger_headers" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operations_key_uq" ON "operations" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "operations_company_idx" ON "operations" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subsidiaries_key_uq" ON "subsidiaries" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "subsidiaries_company_idx" ON "subsidiaries" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "taxes_key_uq" ON "taxes" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "taxes_company_idx" ON "taxes" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_key_uq" ON "currencies" USING btree ("tenant_id","code");