CREATE TABLE "asset_stock_issues" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"stock" uuid NOT NULL,
	"asset" uuid NOT NULL,
	"issue_date" date NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"cost_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"journal_id" uuid,
	"undo_date" date,
	"undo_journal_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_stock_issues_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "asset_stock_issues_quantity_ck" CHECK ("asset_stock_issues"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "asset_stock_issues" ADD CONSTRAINT "asset_stock_issues_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_stock_issues" ADD CONSTRAINT "asset_stock_issues_stock_fk" FOREIGN KEY ("tenant_id","stock") REFERENCES "public"."asset_stocks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_stock_issues" ADD CONSTRAINT "asset_stock_issues_asset_fk" FOREIGN KEY ("tenant_id","asset") REFERENCES "public"."assets"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_stock_issues_asset_uq" ON "asset_stock_issues" USING btree ("tenant_id","asset");--> statement-breakpoint
CREATE INDEX "asset_stock_issues_stock_idx" ON "asset_stock_issues" USING btree ("tenant_id","stock","created_at");