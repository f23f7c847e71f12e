ALTER TABLE "settlements" ADD COLUMN "kind" text DEFAULT 'proposed' NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "paid_on" date DEFAULT (now() at time zone 'Europe/Stockholm')::date NOT NULL;--> statement-breakpoint
-- Payments saved so far were marked paid on the day they were saved, as the day is in Sweden (decision 059).
UPDATE "settlements" SET "paid_on" = ("paid_at" AT TIME ZONE 'Europe/Stockholm')::date;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "recorded_by_member_id" uuid;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "min_transfer_ore" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_recorded_by_member_id_group_members_id_fk" FOREIGN KEY ("recorded_by_member_id") REFERENCES "public"."group_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_kind_check" CHECK ("settlements"."kind" in ('proposed', 'recorded'));--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_method_check" CHECK ("settlements"."method" in ('swish', 'cash', 'bank', 'other'));--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_min_transfer_non_negative" CHECK ("groups"."min_transfer_ore" >= 0);