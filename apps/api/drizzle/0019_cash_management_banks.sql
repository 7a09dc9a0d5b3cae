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
ALTER TABLE "bank_groups" ADD CONSTRAINT "bank_groups_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_group_fk" FOREIGN KEY ("tenant_id","bank_group") REFERENCES "public"."bank_groups"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_account_fk" FOREIGN KEY ("tenant_id","account") REFERENCES "public"."accounts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_currency_fk" FOREIGN KEY ("tenant_id","currency") REFERENCES "public"."currencies"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_groups_key_uq" ON "bank_groups" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "bank_groups_company_idx" ON "bank_groups" USING btree ("tenant_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_key_uq" ON "banks" USING btree ("tenant_id","company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "banks_company_idx" ON "banks" USING btree ("tenant_id","company_id");