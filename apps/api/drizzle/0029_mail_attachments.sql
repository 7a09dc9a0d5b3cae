CREATE TABLE "mail_attachments" (
	"tenant_id" uuid NOT NULL,
	"mail_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "mail_attachments_tenant_id_mail_id_n_pk" PRIMARY KEY("tenant_id","mail_id","n")
);
--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_tenant_id_mail_id_mail_outbox_tenant_id_mail_id_fk" FOREIGN KEY ("tenant_id","mail_id") REFERENCES "public"."mail_outbox"("tenant_id","mail_id") ON DELETE cascade ON UPDATE no action;