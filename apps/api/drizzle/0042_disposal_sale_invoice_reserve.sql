ALTER TABLE "invoices" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD COLUMN "customer" uuid;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD COLUMN "tax" uuid;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD COLUMN "invoice" uuid;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD COLUMN "invoice_reversal" uuid;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD COLUMN "reserve_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_split_parts" ADD COLUMN "reserve_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_split_parts" ADD COLUMN "deficit_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD CONSTRAINT "asset_disposals_customer_fk" FOREIGN KEY ("tenant_id","customer") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD CONSTRAINT "asset_disposals_tax_fk" FOREIGN KEY ("tenant_id","tax") REFERENCES "public"."taxes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD CONSTRAINT "asset_disposals_invoice_fk" FOREIGN KEY ("tenant_id","invoice") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD CONSTRAINT "asset_disposals_invoice_reversal_fk" FOREIGN KEY ("tenant_id","invoice_reversal") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;