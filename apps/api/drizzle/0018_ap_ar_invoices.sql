CREATE TABLE "invoice_credits" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_credits_tenant_id_credit_note_id_invoice_id_pk" PRIMARY KEY("tenant_id","credit_note_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"tenant_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"account_id" uuid,
	"description" text,
	"quantity" numeric(18, 6) NOT NULL,
	"unit_price" numeric(19, 4) NOT NULL,
	"discount_percent" numeric(7, 4) DEFAULT '0' NOT NULL,
	"tax_id" uuid,
	"tax_inclusive" boolean DEFAULT false NOT NULL,
	"dimensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"net_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"gross_minor" bigint NOT NULL,
	CONSTRAINT "invoice_lines_tenant_id_invoice_id_line_no_pk" PRIMARY KEY("tenant_id","invoice_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"number" text,
	"status" text DEFAULT 'Draft' NOT NULL,
	"party_id" uuid NOT NULL,
	"invoice_id" uuid,
	"document_date" date NOT NULL,
	"posting_date" date NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(21, 10),
	"party_document_number" text,
	"reference" text,
	"description" text NOT NULL,
	"dimensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"instalments" jsonb,
	"total_net_minor" bigint DEFAULT 0 NOT NULL,
	"total_tax_minor" bigint DEFAULT 0 NOT NULL,
	"total_gross_minor" bigint DEFAULT 0 NOT NULL,
	"base_currency" text NOT NULL,
	"total_base_minor" bigint DEFAULT 0 NOT NULL,
	"journal_id" uuid,
	"created_by" uuid,
	"posted_by" uuid,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "open_items" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"side" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"party_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"due_date" date NOT NULL,
	"discount_date" date,
	"amount_minor" bigint NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"remaining_minor" bigint NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "invoice_credits" ADD CONSTRAINT "invoice_credits_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_credits" ADD CONSTRAINT "invoice_credits_tenant_id_credit_note_id_invoices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","credit_note_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_credits" ADD CONSTRAINT "invoice_credits_tenant_id_invoice_id_invoices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tenant_id_invoice_id_invoices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tenant_id_account_id_accounts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tenant_id_tax_id_taxes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","tax_id") REFERENCES "public"."taxes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_invoice_id_invoices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_journal_id_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_items" ADD CONSTRAINT "open_items_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_items" ADD CONSTRAINT "open_items_tenant_id_invoice_id_invoices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_credits_invoice_idx" ON "invoice_credits" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("tenant_id","company_id","side",("kind" = 'Invoice'),"number") WHERE "invoices"."number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_vendor_number_uq" ON "invoices" USING btree ("tenant_id","company_id","party_id",lower("party_document_number")) WHERE "invoices"."side" = 'payables' and "invoices"."kind" = 'Invoice' and "invoices"."status" <> 'Reversed' and "invoices"."party_document_number" is not null;--> statement-breakpoint
CREATE INDEX "invoices_list_idx" ON "invoices" USING btree ("tenant_id","company_id","side","document_date","id");--> statement-breakpoint
CREATE INDEX "invoices_party_idx" ON "invoices" USING btree ("tenant_id","company_id","side","party_id");--> statement-breakpoint
CREATE INDEX "invoices_invoice_idx" ON "invoices" USING btree ("tenant_id","invoice_id") WHERE "invoices"."invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "open_items_line_uq" ON "open_items" USING btree ("tenant_id","invoice_id","line");--> statement-breakpoint
CREATE INDEX "open_items_party_idx" ON "open_items" USING btree ("tenant_id","company_id","side","party_id","due_date") WHERE "open_items"."status" = 'Open';