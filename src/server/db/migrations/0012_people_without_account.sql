-- A person added by name only (decision 056): kind 'placeholder', no user, their name in display_name. Every
-- membership so far is a user's place, kind 'account'.
ALTER TABLE "group_members" ADD COLUMN "kind" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_placeholder_name_idx" ON "group_members" USING btree ("group_id",lower("display_name")) WHERE "group_members"."kind" = 'placeholder' and "group_members"."removed_at" is null;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_kind_check" CHECK ("group_members"."kind" in ('account', 'placeholder'));--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_placeholder_check" CHECK ("group_members"."kind" = 'account' or ("group_members"."user_id" is null and "group_members"."display_name" is not null and "group_members"."role" = 'member'));