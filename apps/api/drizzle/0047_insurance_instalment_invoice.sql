ALTER TABLE "insurance_premium_instalments" ADD COLUMN "invoice" uuid;--> statement-breakpoint
ALTER TABLE "insurance_schedules" ADD COLUMN "vendor" uuid;