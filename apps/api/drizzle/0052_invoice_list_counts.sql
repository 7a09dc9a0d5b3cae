CREATE TABLE "invoice_list_counts" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"party_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"documents" bigint NOT NULL,
	CONSTRAINT "invoice_list_counts_tenant_id_company_id_side_kind_status_party_id_currency_pk" PRIMARY KEY("tenant_id","company_id","side","kind","status","party_id","currency")
);
