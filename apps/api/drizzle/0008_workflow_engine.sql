CREATE TABLE "workflow_escalation_rules" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"step_id" uuid,
	"action" text NOT NULL,
	"target_user_id" uuid,
	"target_tag_id" uuid,
	"after_hours" integer DEFAULT 0 NOT NULL,
	"repeat_every_hours" integer,
	"max_times" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_escalation_rules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_escalation_runs" (
	"tenant_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"run_no" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "workflow_escalation_runs_tenant_id_task_id_rule_id_run_no_pk" PRIMARY KEY("tenant_id","task_id","rule_id","run_no")
);
--> statement-breakpoint
CREATE TABLE "workflow_message_settings" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"event" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"mail" boolean DEFAULT true NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_message_settings_tenant_id_company_id_event_pk" PRIMARY KEY("tenant_id","company_id","event")
);
--> statement-breakpoint
CREATE TABLE "workflow_actors" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"delegate_user_id" uuid,
	"delegate_from" date,
	"delegate_to" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_actors_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id"),
	CONSTRAINT "workflow_actors_not_self" CHECK ("workflow_actors"."delegate_user_id" is distinct from "workflow_actors"."user_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_history" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "workflow_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instance_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" uuid,
	"on_behalf_of_user_id" uuid,
	"target_user_id" uuid,
	"step_no" integer,
	"operation" text,
	"comment" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "workflow_history_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_instance_steps" (
	"tenant_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"step_no" integer NOT NULL,
	"step_id" uuid,
	"name" text NOT NULL,
	"operation" text,
	"rule" text NOT NULL,
	"deadline_hours" integer,
	"status" text DEFAULT 'Waiting' NOT NULL,
	"opened_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "workflow_instance_steps_tenant_id_instance_id_step_no_pk" PRIMARY KEY("tenant_id","instance_id","step_no")
);
--> statement-breakpoint
CREATE TABLE "workflow_instances" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"approval_type" text NOT NULL,
	"document_id" uuid NOT NULL,
	"document_number" text,
	"description" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_scale" smallint NOT NULL,
	"workflow_id" uuid,
	"workflow_name" text,
	"allow_self_approval" boolean DEFAULT false NOT NULL,
	"owner_user_id" uuid,
	"submitted_by" uuid NOT NULL,
	"status" text DEFAULT 'Running' NOT NULL,
	"current_step" integer,
	"performed" text[] DEFAULT '{}'::text[] NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "workflow_instances_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workflow_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_step_assignees" (
	"tenant_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_id" uuid,
	"tag_id" uuid,
	CONSTRAINT "workflow_step_assignees_tenant_id_step_id_position_pk" PRIMARY KEY("tenant_id","step_id","position"),
	CONSTRAINT "workflow_step_assignees_one" CHECK (("workflow_step_assignees"."user_id" is null) <> ("workflow_step_assignees"."tag_id" is null))
);
--> statement-breakpoint
CREATE TABLE "workflow_steps" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"step_no" integer NOT NULL,
	"name" text NOT NULL,
	"operation" text,
	"rule" text DEFAULT 'Any' NOT NULL,
	"min_amount_minor" bigint,
	"max_amount_minor" bigint,
	"deadline_hours" integer,
	CONSTRAINT "workflow_steps_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_tag_members" (
	"tenant_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "workflow_tag_members_tenant_id_tag_id_user_id_pk" PRIMARY KEY("tenant_id","tag_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_tags" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_tags_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_tasks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"step_no" integer NOT NULL,
	"slot_id" uuid NOT NULL,
	"assignee_user_id" uuid NOT NULL,
	"delegate_user_id" uuid,
	"origin" text DEFAULT 'Assigned' NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"acted_by" uuid,
	"acted_at" timestamp with time zone,
	"comment" text,
	CONSTRAINT "workflow_tasks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"approval_type" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"allow_self_approval" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflows_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "workflow_escalation_rules" ADD CONSTRAINT "workflow_escalation_rules_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_escalation_rules" ADD CONSTRAINT "workflow_escalation_rules_tenant_id_workflow_id_workflows_tenant_id_id_fk" FOREIGN KEY ("tenant_id","workflow_id") REFERENCES "public"."workflows"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_escalation_rules" ADD CONSTRAINT "workflow_escalation_rules_step_fk" FOREIGN KEY ("tenant_id","step_id") REFERENCES "public"."workflow_steps"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_escalation_rules" ADD CONSTRAINT "workflow_escalation_rules_user_fk" FOREIGN KEY ("tenant_id","target_user_id") REFERENCES "public"."users"("tenant_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_escalation_rules" ADD CONSTRAINT "workflow_escalation_rules_tag_fk" FOREIGN KEY ("tenant_id","target_tag_id") REFERENCES "public"."workflow_tags"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_escalation_runs" ADD CONSTRAINT "workflow_escalation_runs_tenant_id_task_id_workflow_tasks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."workflow_tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_escalation_runs" ADD CONSTRAINT "workflow_escalation_runs_tenant_id_rule_id_workflow_escalation_rules_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rule_id") REFERENCES "public"."workflow_escalation_rules"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_message_settings" ADD CONSTRAINT "workflow_message_settings_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_actors" ADD CONSTRAINT "workflow_actors_tenant_id_user_id_users_tenant_id_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_actors" ADD CONSTRAINT "workflow_actors_delegate_fk" FOREIGN KEY ("tenant_id","delegate_user_id") REFERENCES "public"."users"("tenant_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_tenant_id_instance_id_workflow_instances_tenant_id_id_fk" FOREIGN KEY ("tenant_id","instance_id") REFERENCES "public"."workflow_instances"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instance_steps" ADD CONSTRAINT "workflow_instance_steps_tenant_id_instance_id_workflow_instances_tenant_id_id_fk" FOREIGN KEY ("tenant_id","instance_id") REFERENCES "public"."workflow_instances"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD CONSTRAINT "workflow_instances_tenant_id_submitted_by_users_tenant_id_user_id_fk" FOREIGN KEY ("tenant_id","submitted_by") REFERENCES "public"."users"("tenant_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_messages" ADD CONSTRAINT "workflow_messages_tenant_id_user_id_users_tenant_id_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_step_assignees" ADD CONSTRAINT "workflow_step_assignees_tenant_id_step_id_workflow_steps_tenant_id_id_fk" FOREIGN KEY ("tenant_id","step_id") REFERENCES "public"."workflow_steps"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_step_assignees" ADD CONSTRAINT "workflow_step_assignees_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_step_assignees" ADD CONSTRAINT "workflow_step_assignees_tag_fk" FOREIGN KEY ("tenant_id","tag_id") REFERENCES "public"."workflow_tags"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_tenant_id_workflow_id_workflows_tenant_id_id_fk" FOREIGN KEY ("tenant_id","workflow_id") REFERENCES "public"."workflows"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tag_members" ADD CONSTRAINT "workflow_tag_members_tenant_id_tag_id_workflow_tags_tenant_id_id_fk" FOREIGN KEY ("tenant_id","tag_id") REFERENCES "public"."workflow_tags"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tag_members" ADD CONSTRAINT "workflow_tag_members_tenant_id_user_id_users_tenant_id_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_tenant_id_instance_id_step_no_workflow_instance_steps_tenant_id_instance_id_step_no_fk" FOREIGN KEY ("tenant_id","instance_id","step_no") REFERENCES "public"."workflow_instance_steps"("tenant_id","instance_id","step_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_tenant_id_assignee_user_id_users_tenant_id_user_id_fk" FOREIGN KEY ("tenant_id","assignee_user_id") REFERENCES "public"."users"("tenant_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_tenant_id_company_id_companies_tenant_id_company_id_fk" FOREIGN KEY ("tenant_id","company_id") REFERENCES "public"."companies"("tenant_id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_escalation_rules_workflow_idx" ON "workflow_escalation_rules" USING btree ("tenant_id","workflow_id");--> statement-breakpoint
CREATE INDEX "workflow_actors_delegate_idx" ON "workflow_actors" USING btree ("tenant_id","delegate_user_id");--> statement-breakpoint
CREATE INDEX "workflow_history_instance_idx" ON "workflow_history" USING btree ("tenant_id","instance_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_instances_running_uq" ON "workflow_instances" USING btree ("tenant_id","approval_type","document_id") WHERE "workflow_instances"."status" = 'Running';--> statement-breakpoint
CREATE INDEX "workflow_instances_document_idx" ON "workflow_instances" USING btree ("tenant_id","approval_type","document_id","submitted_at");--> statement-breakpoint
CREATE INDEX "workflow_instances_workflow_idx" ON "workflow_instances" USING btree ("tenant_id","workflow_id","status");--> statement-breakpoint
CREATE INDEX "workflow_messages_user_idx" ON "workflow_messages" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_step_assignees_tag_idx" ON "workflow_step_assignees" USING btree ("tenant_id","tag_id");--> statement-breakpoint
CREATE INDEX "workflow_steps_workflow_idx" ON "workflow_steps" USING btree ("tenant_id","workflow_id","step_no");--> statement-breakpoint
CREATE INDEX "workflow_tag_members_user_idx" ON "workflow_tag_members" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_tags_code_uq" ON "workflow_tags" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE INDEX "workflow_tasks_assignee_idx" ON "workflow_tasks" USING btree ("tenant_id","assignee_user_id","status");--> statement-breakpoint
CREATE INDEX "workflow_tasks_delegate_idx" ON "workflow_tasks" USING btree ("tenant_id","delegate_user_id","status");--> statement-breakpoint
CREATE INDEX "workflow_tasks_due_idx" ON "workflow_tasks" USING btree ("tenant_id","status","due_at");--> statement-breakpoint
CREATE INDEX "workflow_tasks_instance_idx" ON "workflow_tasks" USING btree ("tenant_id","instance_id","step_no");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_active_type_uq" ON "workflows" USING btree ("tenant_id","company_id","approval_type") WHERE "workflows"."active";--> statement-breakpoint
CREATE INDEX "workflows_company_idx" ON "workflows" USING btree ("tenant_id","company_id","approval_type");