CREATE TABLE "addresses" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"street1" text NOT NULL,
	"street2" text,
	"street3" text,
	"city" text NOT NULL,
	"postal_code" text,
	"region" text,
	"country" text NOT NULL,
	"kind" text DEFAULT 'Billing' NOT NULL,
	CONSTRAINT "addresses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"control_account" uuid NOT NULL,
	"posting_profile" uuid,
	"payment_term" uuid,
	"currency" uuid,
	"tax" uuid,
	"dimensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "customer_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "customer_payment_terms" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"basis" text DEFAULT 'Net days' NOT NULL,
	"days" integer,
	"day_of_month" integer,
	"instalments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_percent" numeric(7, 4),
	"discount_days" integer,
	"discount_base" text DEFAULT 'Including tax' NOT NULL,
	CONSTRAINT "customer_payment_terms_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"party_group" uuid NOT NULL,
	"tax_number" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"billing_address" uuid,
	"shipping_address" uuid,
	"remittance_address" uuid,
	"currency" uuid,
	"payment_term" uuid,
	"posting_profile" uuid,
	"iban" text,
	"bic" text,
	"on_hold" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"credit_limit" numeric(18, 4),
	"mandate_reference" text,
	"mandate_signed_on" date,
	"mandate_sequence" text,
	CONSTRAINT "customers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "vendor_groups" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"control_account" uuid NOT NULL,
	"posting_profile" uuid,
	"payment_term" uuid,
	"currency" uuid,
	"tax" uuid,
	"dimensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "vendor_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "vendor_payment_terms" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"basis" text DEFAULT 'Net days' NOT NULL,
	"days" integer,
	"day_of_month" integer,
	"instalments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_percent" numeric(7, 4),
	"discount_days" integer,
	"discount_base" text DEFAULT 'Including tax' NOT NULL,
	CONSTRAINT "vendor_payment_terms_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"party_group" uuid NOT NULL,
	"tax_number" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"billing_address" uuid,
	"shipping_address" uuid,
	"remittance_address" uuid,
	"currency" uuid,
	"payment_term" uuid,
	"posting_profile" uuid,
	"iban" text,
	"bic" text,
	"on_hold" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	CONSTRAINT "vendors_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "credit_limit_policy" text DEFAULT 'Refuse' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "sepa_creditor_id" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_control_fk" FOREIGN KEY ("tenant_id","control_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_profile_fk" FOREIGN KEY ("tenant_id","posting_profile") REFERENCES "public"."posting_profiles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_term_fk" FOREIGN KEY ("tenant_id","payment_term") REFERENCES "public"."customer_payment_terms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_currency_fk" FOREIGN KEY ("tenant_id","currency") REFERENCES "public"."currencies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_tax_fk" FOREIGN KEY ("tenant_id","tax") REFERENCES "public"."taxes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_payment_terms" ADD CONSTRAINT "customer_payment_terms_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_group_fk" FOREIGN KEY ("tenant_id","party_group") REFERENCES "public"."customer_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_billing_fk" FOREIGN KEY ("tenant_id","billing_address") REFERENCES "public"."addresses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_shipping_fk" FOREIGN KEY ("tenant_id","shipping_address") REFERENCES "public"."addresses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_remittance_fk" FOREIGN KEY ("tenant_id","remittance_address") REFERENCES "public"."addresses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_currency_fk" FOREIGN KEY ("tenant_id","currency") REFERENCES "public"."currencies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_term_fk" FOREIGN KEY ("tenant_id","payment_term") REFERENCES "public"."customer_payment_terms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_profile_fk" FOREIGN KEY ("tenant_id","posting_profile") REFERENCES "public"."posting_profiles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_groups" ADD CONSTRAINT "vendor_groups_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_groups" ADD CONSTRAINT "vendor_groups_control_fk" FOREIGN KEY ("tenant_id","control_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_groups" ADD CONSTRAINT "vendor_groups_profile_fk" FOREIGN KEY ("tenant_id","posting_profile") REFERENCES "public"."posting_profiles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_groups" ADD CONSTRAINT "vendor_groups_term_fk" FOREIGN KEY ("tenant_id","payment_term") REFERENCES "public"."vendor_payment_terms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_groups" ADD CONSTRAINT "vendor_groups_currency_fk" FOREIGN KEY ("tenant_id","currency") REFERENCES "public"."currencies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_groups" ADD CONSTRAINT "vendor_groups_tax_fk" FOREIGN KEY ("tenant_id","tax") REFERENCES "public"."taxes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_payment_terms" ADD CONSTRAINT "vendor_payment_terms_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_group_fk" FOREIGN KEY ("tenant_id","party_group") REFERENCES "public"."vendor_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_billing_fk" FOREIGN KEY ("tenant_id","billing_address") REFERENCES "public"."addresses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_shipping_fk" FOREIGN KEY ("tenant_id","shipping_address") REFERENCES "public"."addresses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_remittance_fk" FOREIGN KEY ("tenant_id","remittance_address") REFERENCES "public"."addresses"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_currency_fk" FOREIGN KEY ("tenant_id","currency") REFERENCES "public"."currencies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_term_fk" FOREIGN KEY ("tenant_id","payment_term") REFERENCES "public"."vendor_payment_terms"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_profile_fk" FOREIGN KEY ("tenant_id","posting_profile") REFERENCES "public"."posting_profiles"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_key_uq" ON "addresses" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "addresses_company_idx" ON "addresses" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_groups_key_uq" ON "customer_groups" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "customer_groups_company_idx" ON "customer_groups" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_payment_terms_key_uq" ON "customer_payment_terms" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "customer_payment_terms_company_idx" ON "customer_payment_terms" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_key_uq" ON "customers" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "customers_company_idx" ON "customers" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_groups_key_uq" ON "vendor_groups" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "vendor_groups_company_idx" ON "vendor_groups" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_payment_terms_key_uq" ON "vendor_payment_terms" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "vendor_payment_terms_company_idx" ON "vendor_payment_terms" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_key_uq" ON "vendors" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "vendors_company_idx" ON "vendors" USING btree ("tenant_id","company_id");