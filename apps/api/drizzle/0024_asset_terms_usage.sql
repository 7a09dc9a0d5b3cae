CREATE TABLE "asset_usage" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"asset" uuid NOT NULL,
	"period" date NOT NULL,
	"units" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_usage_tenant_id_asset_period_pk" PRIMARY KEY("tenant_id","asset","period")
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "life_months" integer;--> statement-breakpoint
ALTER TABLE "asset_usage" ADD CONSTRAINT "asset_usage_asset_fk" FOREIGN KEY ("tenant_id","asset") REFERENCES "public"."assets"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_usage" ADD CONSTRAINT "asset_usage_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;