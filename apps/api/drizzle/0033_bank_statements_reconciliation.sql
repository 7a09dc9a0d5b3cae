CREATE TABLE "bank_match_ledger_lines" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"match_id" uuid NOT NULL,
	"journal_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	CONSTRAINT "bank_match_ledger_lines_tenant_id_match_id_journal_id_line_no_pk" PRIMARY KEY("tenant_id","match_id","journal_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "bank_match_statement_lines" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"match_id" uuid NOT NULL,
	"statement_line_id" uuid NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	CONSTRAINT "bank_match_statement_lines_tenant_id_match_id_statement_line_id_pk" PRIMARY KEY("tenant_id","match_id","statement_line_id")
);
--> statement-breakpoint
CREATE TABLE "bank_matches" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bank_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"status" text NOT NULL,
	"origin" text NOT NULL,
	"rule_kind" text,
	"rule_id" uuid,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settlement" jsonb,
	"total_minor" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "bank_matches_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_reconciliation_events" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"book_balance_minor" bigint,
	"bank_balance_minor" bigint,
	"by_user" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_reconciliation_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_reconciliation_rules" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bank" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"date_window_days" integer DEFAULT 3 NOT NULL,
	"max_group_size" integer DEFAULT 50 NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "bank_reconciliation_rules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"bank_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"booking_date" date NOT NULL,
	"value_date" date,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"foreign_currency" text,
	"foreign_amount" numeric(21, 6),
	"counterparty_name" text,
	"counterparty_account" text,
	"reference" text,
	"bank_reference" text,
	"transaction_code" text,
	"description" text,
	"reversal" boolean DEFAULT false NOT NULL,
	"dedupe_key" text NOT NULL,
	"state" text DEFAULT 'Unreconciled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bank_statement_mappings" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"bank_id" uuid NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_mappings_tenant_id_bank_id_pk" PRIMARY KEY("tenant_id","bank_id")
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bank_id" uuid NOT NULL,
	"statement_ref" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"sequence" text,
	"account" text,
	"from_date" date,
	"to_date" date,
	"currency" text NOT NULL,
	"opening_minor" bigint NOT NULL,
	"closing_minor" bigint NOT NULL,
	"line_count" integer NOT NULL,
	"imported_line_count" integer NOT NULL,
	"credit_count" integer NOT NULL,
	"credit_minor" bigint NOT NULL,
	"debit_count" integer NOT NULL,
	"debit_minor" bigint NOT NULL,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imported_anyway" boolean DEFAULT false NOT NULL,
	"override_by" uuid,
	"override_reason" text,
	"status" text DEFAULT 'Open' NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD COLUMN "bank_interest_account" uuid;--> statement-breakpoint
ALTER TABLE "bank_match_ledger_lines" ADD CONSTRAINT "bank_match_ledger_lines_match_fk" FOREIGN KEY ("tenant_id","match_id") REFERENCES "public"."bank_matches"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_match_statement_lines" ADD CONSTRAINT "bank_match_statement_lines_match_fk" FOREIGN KEY ("tenant_id","match_id") REFERENCES "public"."bank_matches"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_match_statement_lines" ADD CONSTRAINT "bank_match_statement_lines_line_fk" FOREIGN KEY ("tenant_id","statement_line_id") REFERENCES "public"."bank_statement_lines"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_statement_fk" FOREIGN KEY ("tenant_id","statement_id") REFERENCES "public"."bank_statements"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_bank_fk" FOREIGN KEY ("tenant_id","bank_id") REFERENCES "public"."banks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_events" ADD CONSTRAINT "bank_reconciliation_events_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_events" ADD CONSTRAINT "bank_reconciliation_events_statement_fk" FOREIGN KEY ("tenant_id","statement_id") REFERENCES "public"."bank_statements"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_rules" ADD CONSTRAINT "bank_reconciliation_rules_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_rules" ADD CONSTRAINT "bank_reconciliation_rules_bank_fk" FOREIGN KEY ("tenant_id","bank") REFERENCES "public"."banks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_fk" FOREIGN KEY ("tenant_id","statement_id") REFERENCES "public"."bank_statements"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_bank_fk" FOREIGN KEY ("tenant_id","bank_id") REFERENCES "public"."banks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_mappings" ADD CONSTRAINT "bank_statement_mappings_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_mappings" ADD CONSTRAINT "bank_statement_mappings_bank_fk" FOREIGN KEY ("tenant_id","bank_id") REFERENCES "public"."banks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_bank_fk" FOREIGN KEY ("tenant_id","bank_id") REFERENCES "public"."banks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_match_ledger_lines_held_uq" ON "bank_match_ledger_lines" USING btree ("tenant_id","journal_id","line_no") WHERE "bank_match_ledger_lines"."held";--> statement-breakpoint
CREATE UNIQUE INDEX "bank_match_statement_lines_held_uq" ON "bank_match_statement_lines" USING btree ("tenant_id","statement_line_id") WHERE "bank_match_statement_lines"."held";--> statement-breakpoint
CREATE INDEX "bank_matches_statement_idx" ON "bank_matches" USING btree ("tenant_id","statement_id","status");--> statement-breakpoint
CREATE INDEX "bank_reconciliation_events_statement_idx" ON "bank_reconciliation_events" USING btree ("tenant_id","statement_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_reconciliation_rules_key_uq" ON "bank_reconciliation_rules" USING btree ("tenant_id","company_id","bank","sequence");--> statement-breakpoint
CREATE INDEX "bank_reconciliation_rules_company_idx" ON "bank_reconciliation_rules" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_dedupe_uq" ON "bank_statement_lines" USING btree ("tenant_id","bank_id","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_line_uq" ON "bank_statement_lines" USING btree ("tenant_id","statement_id","line_no");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_state_idx" ON "bank_statement_lines" USING btree ("tenant_id","bank_id","state","booking_date");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_amount_idx" ON "bank_statement_lines" USING btree ("tenant_id","bank_id","amount_minor");--> statement-breakpoint
CREATE INDEX "bank_statements_list_idx" ON "bank_statements" USING btree ("tenant_id","company_id","to_date","id");--> statement-breakpoint
CREATE INDEX "bank_statements_bank_idx" ON "bank_statements" USING btree ("tenant_id","bank_id","to_date","imported_at");--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_bank_interest_fk" FOREIGN KEY ("tenant_id","bank_interest_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;