CREATE TABLE "payment_run_lines" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"open_item_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"excluded" boolean DEFAULT false NOT NULL,
	"payment_id" uuid,
	"mandate_sequence" text,
	CONSTRAINT "payment_run_lines_tenant_id_run_id_line_no_pk" PRIMARY KEY("tenant_id","run_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "payment_runs" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"side" text NOT NULL,
	"number" text,
	"status" text DEFAULT 'Draft' NOT NULL,
	"bank_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"payment_date" date NOT NULL,
	"basis" text NOT NULL,
	"up_to" date NOT NULL,
	"party_group_id" uuid,
	"description" text NOT NULL,
	"base_currency" text NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"posted_by" uuid,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_runs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "payment_run_lines" ADD CONSTRAINT "payment_run_lines_tenant_id_run_id_payment_runs_tenant_id_id_fk" FOREIGN KEY ("tenant_id","run_id") REFERENCES "public"."payment_runs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_lines" ADD CONSTRAINT "payment_run_lines_tenant_id_open_item_id_open_items_tenant_id_id_fk" FOREIGN KEY ("tenant_id","open_item_id") REFERENCES "public"."open_items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_lines" ADD CONSTRAINT "payment_run_lines_tenant_id_payment_id_payments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_tenant_id_bank_id_banks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","bank_id") REFERENCES "public"."banks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_run_lines_payment_idx" ON "payment_run_lines" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_runs_number_uq" ON "payment_runs" USING btree ("tenant_id","company_id","side","number") WHERE "payment_runs"."number" is not null;--> statement-breakpoint
CREATE INDEX "payment_runs_list_idx" ON "payment_runs" USING btree ("tenant_id","company_id","side","payment_date","id");