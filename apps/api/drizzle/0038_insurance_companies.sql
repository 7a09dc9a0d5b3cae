CREATE TABLE "insurance_companies" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"contact" text,
	"mail" text,
	"phone" text,
	"address" text,
	"status" text DEFAULT 'Active' NOT NULL,
	CONSTRAINT "insurance_companies_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "insurance_companies" ADD CONSTRAINT "insurance_companies_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_companies_key_uq" ON "insurance_companies" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "insurance_companies_company_idx" ON "insurance_companies" USING btree ("tenant_id","company_id");