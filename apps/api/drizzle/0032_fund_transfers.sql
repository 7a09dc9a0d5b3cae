CREATE TABLE "fund_transfer_legs" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"transfer_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"amount_in_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"out_date" date NOT NULL,
	"in_date" date NOT NULL,
	"out_journal_id" uuid,
	"in_journal_id" uuid,
	CONSTRAINT "fund_transfer_legs_tenant_id_transfer_id_line_no_pk" PRIMARY KEY("tenant_id","transfer_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "fund_transfers" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'Transfer' NOT NULL,
	"number" text,
	"status" text DEFAULT 'Draft' NOT NULL,
	"document_date" date NOT NULL,
	"from_bank_id" uuid NOT NULL,
	"to_company_id" uuid NOT NULL,
	"to_bank_id" uuid NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"rate" numeric(21, 10),
	"amount_in_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"fee_bearer" text DEFAULT 'Sender' NOT NULL,
	"out_date" date NOT NULL,
	"in_date" date NOT NULL,
	"reference" text,
	"description" text NOT NULL,
	"base_currency" text NOT NULL,
	"total_base_minor" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"posted_by" uuid,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_transfers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD COLUMN "transit_account" uuid;--> statement-breakpoint
ALTER TABLE "fund_transfer_legs" ADD CONSTRAINT "fund_transfer_legs_tenant_id_transfer_id_fund_transfers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","transfer_id") REFERENCES "public"."fund_transfers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transfer_legs" ADD CONSTRAINT "fund_transfer_legs_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transfer_legs" ADD CONSTRAINT "fund_transfer_legs_tenant_id_out_journal_id_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","out_journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transfer_legs" ADD CONSTRAINT "fund_transfer_legs_tenant_id_in_journal_id_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","in_journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transfers" ADD CONSTRAINT "fund_transfers_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transfers" ADD CONSTRAINT "fund_transfers_tenant_id_to_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","to_company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transfers" ADD CONSTRAINT "fund_transfers_tenant_id_from_bank_id_banks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","from_bank_id") REFERENCES "public"."banks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transfers" ADD CONSTRAINT "fund_transfers_tenant_id_to_bank_id_banks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","to_bank_id") REFERENCES "public"."banks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_transfers_number_uq" ON "fund_transfers" USING btree ("tenant_id","company_id","number") WHERE "fund_transfers"."number" is not null;--> statement-breakpoint
CREATE INDEX "fund_transfers_list_idx" ON "fund_transfers" USING btree ("tenant_id","company_id","document_date","id");--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_transit_fk" FOREIGN KEY ("tenant_id","transit_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;