CREATE TABLE "recurring_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"created_by_member_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_index" integer DEFAULT 1 NOT NULL,
	"next_date" date,
	"template" jsonb NOT NULL,
	"end_reason" text,
	"ended_at" timestamp with time zone,
	"ended_by_member_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_expenses_frequency_check" CHECK ("recurring_expenses"."frequency" in ('weekly', 'monthly', 'yearly')),
	CONSTRAINT "recurring_expenses_end_after_start" CHECK ("recurring_expenses"."end_date" is null or "recurring_expenses"."end_date" >= "recurring_expenses"."start_date")
);
--> statement-breakpoint
CREATE TABLE "recurring_occurrences" (
	"series_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"expense_id" uuid,
	"outcome" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_occurrences_series_id_occurrence_date_pk" PRIMARY KEY("series_id","occurrence_date")
);
--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_created_by_member_id_group_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."group_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_ended_by_member_id_group_members_id_fk" FOREIGN KEY ("ended_by_member_id") REFERENCES "public"."group_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_series_id_recurring_expenses_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."recurring_expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_expenses_group_idx" ON "recurring_expenses" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "recurring_expenses_due_idx" ON "recurring_expenses" USING btree ("next_date") WHERE "recurring_expenses"."next_date" is not null;--> statement-breakpoint
CREATE INDEX "recurring_expenses_created_by_idx" ON "recurring_expenses" USING btree ("created_by_member_id");--> statement-breakpoint
CREATE INDEX "recurring_occurrences_expense_idx" ON "recurring_occurrences" USING btree ("expense_id");--> statement-breakpoint
-- A series started, changed or ended is announced like the other changes, so open group pages show it at once.
CREATE TRIGGER recurring_expenses_notify AFTER INSERT OR UPDATE OR DELETE ON recurring_expenses
  FOR EACH ROW EXECUTE FUNCTION kvitt_notify_change();
