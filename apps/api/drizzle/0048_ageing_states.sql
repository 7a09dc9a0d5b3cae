CREATE TABLE "ageing_states" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"side" text NOT NULL,
	"line_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"line_kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"document_date" date NOT NULL,
	"due_date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"remaining_minor" bigint NOT NULL,
	"base_minor" bigint NOT NULL,
	CONSTRAINT "ageing_states_tenant_id_line_id_from_date_pk" PRIMARY KEY("tenant_id","line_id","from_date")
);
--> statement-breakpoint
CREATE TABLE "ageing_sums" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"side" text NOT NULL,
	"day" date NOT NULL,
	"party_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"due_date" date NOT NULL,
	"document_date" date NOT NULL,
	"remaining_minor" bigint NOT NULL,
	"base_minor" bigint NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "ageing_sums_tenant_id_company_id_side_day_party_id_currency_due_date_document_date_pk" PRIMARY KEY("tenant_id","company_id","side","day","party_id","currency","due_date","document_date")
);
--> statement-breakpoint
CREATE INDEX "ageing_states_party_idx" ON "ageing_states" USING btree ("tenant_id","company_id","side","party_id","due_date","document_date","line_id");