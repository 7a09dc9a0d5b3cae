CREATE TABLE "failed_payments" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"side" text NOT NULL,
	"status" text DEFAULT 'Failed' NOT NULL,
	"payment_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"failed_date" date NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"fee_invoice_id" uuid,
	"fee_journal_id" uuid,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"retry_of_id" uuid,
	"retry_payment_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "failed_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "recurring_payment_runs" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"recurring_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_payment_runs_tenant_id_recurring_id_occurrence_date_pk" PRIMARY KEY("tenant_id","recurring_id","occurrence_date")
);
--> statement-breakpoint
CREATE TABLE "recurring_payments" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"side" text NOT NULL,
	"kind" text DEFAULT 'Schedule' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"party_id" uuid NOT NULL,
	"bank_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"method" text NOT NULL,
	"allocation" text NOT NULL,
	"reference" text,
	"frequency" text NOT NULL,
	"interval_count" integer DEFAULT 1 NOT NULL,
	"start_date" date NOT NULL,
	"next_date" date,
	"end_date" date,
	"max_occurrences" integer,
	"mode" text DEFAULT 'Draft' NOT NULL,
	"occurrences_generated" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_occurrence_date" date,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"authorised_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "recurring_payments_valid" CHECK ("recurring_payments"."amount_minor" > 0 and "recurring_payments"."interval_count" >= 1 and ("recurring_payments"."max_occurrences" is null or "recurring_payments"."max_occurrences" >= 1)
      and "recurring_payments"."occurrences_generated" >= 0 and ("recurring_payments"."end_date" is null or "recurring_payments"."end_date" >= "recurring_payments"."start_date"))
);
--> statement-breakpoint
ALTER TABLE "failed_payments" ADD CONSTRAINT "failed_payments_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_payments" ADD CONSTRAINT "failed_payments_tenant_id_payment_id_payments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_payments" ADD CONSTRAINT "failed_payments_tenant_id_retry_payment_id_payments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","retry_payment_id") REFERENCES "public"."payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_payments" ADD CONSTRAINT "failed_payments_tenant_id_fee_invoice_id_invoices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","fee_invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_payments" ADD CONSTRAINT "failed_payments_tenant_id_fee_journal_id_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","fee_journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_payments" ADD CONSTRAINT "failed_payments_tenant_id_retry_of_id_failed_payments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","retry_of_id") REFERENCES "public"."failed_payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payment_runs" ADD CONSTRAINT "recurring_payment_runs_tenant_id_recurring_id_recurring_payments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","recurring_id") REFERENCES "public"."recurring_payments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payment_runs" ADD CONSTRAINT "recurring_payment_runs_tenant_id_payment_id_payments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."payments"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_tenant_id_bank_id_banks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","bank_id") REFERENCES "public"."banks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "failed_payments_payment_uq" ON "failed_payments" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "failed_payments_retry_uq" ON "failed_payments" USING btree ("tenant_id","retry_payment_id") WHERE "failed_payments"."retry_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "failed_payments_list_idx" ON "failed_payments" USING btree ("tenant_id","company_id","failed_date");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_payments_code_uq" ON "recurring_payments" USING btree ("tenant_id","company_id","side",lower("code"));--> statement-breakpoint
CREATE INDEX "recurring_payments_due_idx" ON "recurring_payments" USING btree ("tenant_id","next_date") WHERE "recurring_payments"."status" = 'Active' and "recurring_payments"."next_date" is not null;