CREATE TABLE "receipt_uploads" (
	"image_id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"uploaded_by_user_id" text NOT NULL,
	"image_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipt_uploads" ADD CONSTRAINT "receipt_uploads_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_uploads" ADD CONSTRAINT "receipt_uploads_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_uploads_group_idx" ON "receipt_uploads" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "receipt_uploads_uploaded_by_idx" ON "receipt_uploads" USING btree ("uploaded_by_user_id");--> statement-breakpoint
CREATE INDEX "receipt_uploads_created_at_idx" ON "receipt_uploads" USING btree ("created_at");