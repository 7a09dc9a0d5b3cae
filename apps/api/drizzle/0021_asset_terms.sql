ALTER TABLE "assets" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "life_months" integer;