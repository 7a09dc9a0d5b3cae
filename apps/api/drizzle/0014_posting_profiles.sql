-- Posting profiles (issue 19, part 2): /posting-profile holds, per module, the accounts its
-- postings use by role; one active module default per module. And a bank's GL account is no
-- longer a control account: fees and interest are journalled to it, and cash management reconciles
-- whatever reaches it (the Bank control type is gone).
CREATE TABLE "posting_profiles" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"module" text NOT NULL,
	"module_default" boolean DEFAULT false NOT NULL,
	"control_account" uuid,
	"revenue_account" uuid,
	"expense_account" uuid,
	"discount_account" uuid,
	"write_off_account" uuid,
	"exchange_gain_account" uuid,
	"exchange_loss_account" uuid,
	"bank_charges_account" uuid,
	"clearing_account" uuid,
	"accumulated_depreciation_account" uuid,
	"depreciation_expense_account" uuid,
	"revaluation_surplus_account" uuid,
	"disposal_gain_account" uuid,
	"disposal_loss_account" uuid,
	"cost_of_sales_account" uuid,
	"stock_adjustment_account" uuid,
	"carry_dimensions" text[],
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "posting_profiles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_control_fk" FOREIGN KEY ("tenant_id","control_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_revenue_fk" FOREIGN KEY ("tenant_id","revenue_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_expense_fk" FOREIGN KEY ("tenant_id","expense_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_discount_fk" FOREIGN KEY ("tenant_id","discount_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_write_off_fk" FOREIGN KEY ("tenant_id","write_off_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_exchange_gain_fk" FOREIGN KEY ("tenant_id","exchange_gain_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_exchange_loss_fk" FOREIGN KEY ("tenant_id","exchange_loss_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_bank_charges_fk" FOREIGN KEY ("tenant_id","bank_charges_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_clearing_fk" FOREIGN KEY ("tenant_id","clearing_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_accumulated_depreciation_fk" FOREIGN KEY ("tenant_id","accumulated_depreciation_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_depreciation_expense_fk" FOREIGN KEY ("tenant_id","depreciation_expense_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_revaluation_surplus_fk" FOREIGN KEY ("tenant_id","revaluation_surplus_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_disposal_gain_fk" FOREIGN KEY ("tenant_id","disposal_gain_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_disposal_loss_fk" FOREIGN KEY ("tenant_id","disposal_loss_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_cost_of_sales_fk" FOREIGN KEY ("tenant_id","cost_of_sales_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_profiles" ADD CONSTRAINT "posting_profiles_stock_adjustment_fk" FOREIGN KEY ("tenant_id","stock_adjustment_account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "posting_profiles_key_uq" ON "posting_profiles" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "posting_profiles_company_idx" ON "posting_profiles" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "posting_profiles_default_uq" ON "posting_profiles" USING btree ("tenant_id","company_id","module") WHERE "posting_profiles"."module_default" and "posting_profiles"."active";--> statement-breakpoint
UPDATE accounts SET control_type = 'None' WHERE control_type = 'Bank';
