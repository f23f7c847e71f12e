CREATE TABLE "expense_payers" (
	"expense_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"amount_ore" bigint NOT NULL,
	CONSTRAINT "expense_payers_expense_id_member_id_pk" PRIMARY KEY("expense_id","member_id"),
	CONSTRAINT "expense_payers_amount_positive" CHECK ("expense_payers"."amount_ore" > 0)
);
--> statement-breakpoint
ALTER TABLE "expense_payers" ADD CONSTRAINT "expense_payers_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_payers" ADD CONSTRAINT "expense_payers_member_id_group_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."group_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_payers_member_idx" ON "expense_payers" USING btree ("member_id");--> statement-breakpoint
-- Every expense saved so far had one payer, who paid the whole total (decision 057).
INSERT INTO "expense_payers" ("expense_id", "member_id", "amount_ore")
SELECT "id", "payer_member_id", "total_ore" FROM "expenses";
--> statement-breakpoint
-- Payers move balances as shares do: the same ledger-version triggers keep cached balances exact.
CREATE TRIGGER expense_payers_ledger_insert AFTER INSERT ON expense_payers REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_expense();
--> statement-breakpoint
CREATE TRIGGER expense_payers_ledger_update AFTER UPDATE ON expense_payers REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_expense();
--> statement-breakpoint
CREATE TRIGGER expense_payers_ledger_delete AFTER DELETE ON expense_payers REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_expense();
