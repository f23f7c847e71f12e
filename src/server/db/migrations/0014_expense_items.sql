-- Lines only decide the shares, which expense_shares holds and its ledger-version triggers already count, and
-- they are written in the same statement group as those shares: no trigger of their own (decision 058).
CREATE TABLE "expense_items" (
	"expense_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"amount_ore" bigint NOT NULL,
	"member_ids" uuid[] NOT NULL,
	CONSTRAINT "expense_items_expense_id_position_pk" PRIMARY KEY("expense_id","position"),
	CONSTRAINT "expense_items_position_non_negative" CHECK ("expense_items"."position" >= 0),
	CONSTRAINT "expense_items_someone" CHECK (cardinality("expense_items"."member_ids") >= 1)
);
--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_split_method_check";--> statement-breakpoint
ALTER TABLE "expense_items" ADD CONSTRAINT "expense_items_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_shares" ADD CONSTRAINT "expense_shares_share_type_check" CHECK ("expense_shares"."share_type" in ('equal', 'weight', 'absolute', 'percent', 'items'));--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_split_method_check" CHECK ("expenses"."split_method" in ('equal', 'weight', 'absolute', 'percent', 'items'));
