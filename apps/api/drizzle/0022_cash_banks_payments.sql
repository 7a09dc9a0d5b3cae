CREATE TABLE "payment_allocations" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"open_item_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"write_off_minor" bigint DEFAULT 0 NOT NULL,
	"control_base_minor" bigint,
	"status" text DEFAULT 'Draft' NOT NULL,
	"journal_id" uuid,
	"undone_journal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_tenant_id_payment_id_line_no_pk" PRIMARY KEY("tenant_id","payment_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"side" text NOT NULL,
	"kind" text DEFAULT 'Payment' NOT NULL,
	"number" text,
	"status" text DEFAULT 'Draft' NOT NULL,
	"party_id" uuid NOT NULL,
	"bank_id" uuid NOT NULL,
	"method" text DEFAULT 'Transfer' NOT NULL,
	"bank_number" text,
	"document_date" date NOT NULL,
	"posting_date" date NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(21, 10),
	"amount_minor" bigint NOT NULL,
	"unallocated_minor" bigint DEFAULT 0 NOT NULL,
	"reference" text,
	"description" text NOT NULL,
	"base_currency" text NOT NULL,
	"total_base_minor" bigint DEFAULT 0 NOT NULL,
	"journal_id" uuid,
	"created_by" uuid,
	"posted_by" uuid,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_groups" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "bank_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"bank_group" uuid NOT NULL,
	"account" uuid NOT NULL,
	"currency" uuid NOT NULL,
	"account_number" text NOT NULL,
	"bic" text,
	"next_cheque_number" integer DEFAULT 1 NOT NULL,
	"next_transfer_number" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	CONSTRAINT "banks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_tenant_id_payment_id_payments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."payments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_tenant_id_open_item_id_open_items_tenant_id_id_fk" FOREIGN KEY ("tenant_id","open_item_id") REFERENCES "public"."open_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_tenant_id_journal_id_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_tenant_id_undone_journal_id_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","undone_journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_bank_id_banks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","bank_id") REFERENCES "public"."banks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_journal_id_journals_tenant_id_id_fk" FOREIGN KEY ("tenant_id","journal_id") REFERENCES "public"."journals"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_groups" ADD CONSTRAINT "bank_groups_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_group_fk" FOREIGN KEY ("tenant_id","bank_group") REFERENCES "public"."bank_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_account_fk" FOREIGN KEY ("tenant_id","account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_currency_fk" FOREIGN KEY ("tenant_id","currency") REFERENCES "public"."currencies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_allocations_item_idx" ON "payment_allocations" USING btree ("tenant_id","open_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_number_uq" ON "payments" USING btree ("tenant_id","company_id","side","number") WHERE "payments"."number" is not null;--> statement-breakpoint
CREATE INDEX "payments_list_idx" ON "payments" USING btree ("tenant_id","company_id","side","document_date","id");--> statement-breakpoint
CREATE INDEX "payments_party_idx" ON "payments" USING btree ("tenant_id","company_id","side","party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_groups_key_uq" ON "bank_groups" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "bank_groups_company_idx" ON "bank_groups" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_key_uq" ON "banks" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "banks_company_idx" ON "banks" USING btree ("tenant_id","company_id");