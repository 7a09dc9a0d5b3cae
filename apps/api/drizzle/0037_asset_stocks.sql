CREATE TABLE "asset_stocks" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"asset_class" uuid NOT NULL,
	"quantity" numeric(14, 4) DEFAULT '0' NOT NULL,
	"unit_cost" numeric(18, 4) DEFAULT '0' NOT NULL,
	"location" text,
	"acquisition_date" date NOT NULL,
	"reference" text,
	CONSTRAINT "asset_stocks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "asset_stocks_quantity_ck" CHECK ("asset_stocks"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "asset_stocks" ADD CONSTRAINT "asset_stocks_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_stocks" ADD CONSTRAINT "asset_stocks_class_fk" FOREIGN KEY ("tenant_id","asset_class") REFERENCES "public"."asset_classes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_stocks_key_uq" ON "asset_stocks" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "asset_stocks_company_idx" ON "asset_stocks" USING btree ("tenant_id","company_id");