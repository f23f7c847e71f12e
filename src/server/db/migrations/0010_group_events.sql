CREATE TABLE "group_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "group_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" uuid NOT NULL,
	"actor_member_id" uuid,
	"kind" text NOT NULL,
	"subject_member_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_events_kind_not_blank" CHECK (length("group_events"."kind") > 0)
);
--> statement-breakpoint
ALTER TABLE "group_events" ADD CONSTRAINT "group_events_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_events" ADD CONSTRAINT "group_events_actor_member_id_group_members_id_fk" FOREIGN KEY ("actor_member_id") REFERENCES "public"."group_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_events" ADD CONSTRAINT "group_events_subject_member_id_group_members_id_fk" FOREIGN KEY ("subject_member_id") REFERENCES "public"."group_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_events_group_newest_idx" ON "group_events" USING btree ("group_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "group_events_actor_idx" ON "group_events" USING btree ("actor_member_id");--> statement-breakpoint
CREATE INDEX "group_events_subject_idx" ON "group_events" USING btree ("subject_member_id");