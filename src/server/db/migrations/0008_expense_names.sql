-- One name for one thing (decision 042): what a member paid and how it is split is an expense, so its tables,
-- columns, keys, indexes and triggers are renamed from receipt to expense. Renames keep every row, index and
-- constraint in place; receipt_uploads keeps its name, since it holds photos of paper receipts.
ALTER TABLE "receipts" RENAME TO "expenses";
--> statement-breakpoint
ALTER TABLE "receipt_shares" RENAME TO "expense_shares";
--> statement-breakpoint
ALTER TABLE "expenses" RENAME COLUMN "receipt_date" TO "expense_date";
--> statement-breakpoint
ALTER TABLE "expense_shares" RENAME COLUMN "receipt_id" TO "expense_id";
--> statement-breakpoint
ALTER TABLE "expenses" RENAME CONSTRAINT "receipts_pkey" TO "expenses_pkey";
--> statement-breakpoint
ALTER TABLE "expenses" RENAME CONSTRAINT "receipts_group_id_groups_id_fk" TO "expenses_group_id_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "expenses" RENAME CONSTRAINT "receipts_payer_member_id_group_members_id_fk" TO "expenses_payer_member_id_group_members_id_fk";
--> statement-breakpoint
ALTER TABLE "expenses" RENAME CONSTRAINT "receipts_created_by_member_id_group_members_id_fk" TO "expenses_created_by_member_id_group_members_id_fk";
--> statement-breakpoint
ALTER TABLE "expenses" RENAME CONSTRAINT "receipts_total_positive" TO "expenses_total_positive";
--> statement-breakpoint
ALTER TABLE "expenses" RENAME CONSTRAINT "receipts_rate_positive" TO "expenses_rate_positive";
--> statement-breakpoint
ALTER TABLE "expenses" RENAME CONSTRAINT "receipts_split_method_check" TO "expenses_split_method_check";
--> statement-breakpoint
ALTER TABLE "expense_shares" RENAME CONSTRAINT "receipt_shares_receipt_id_member_id_pk" TO "expense_shares_expense_id_member_id_pk";
--> statement-breakpoint
ALTER TABLE "expense_shares" RENAME CONSTRAINT "receipt_shares_receipt_id_receipts_id_fk" TO "expense_shares_expense_id_expenses_id_fk";
--> statement-breakpoint
ALTER TABLE "expense_shares" RENAME CONSTRAINT "receipt_shares_member_id_group_members_id_fk" TO "expense_shares_member_id_group_members_id_fk";
--> statement-breakpoint
ALTER TABLE "expense_shares" RENAME CONSTRAINT "receipt_shares_non_negative" TO "expense_shares_non_negative";
--> statement-breakpoint
-- PostgreSQL 18 (PGlite) also names each NOT NULL constraint after its table and column; older servers have none.
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
    WHERE conrelid IN ('expenses'::regclass, 'expense_shares'::regclass) AND conname LIKE '%receipt%'
  LOOP
    EXECUTE format('ALTER TABLE %s RENAME CONSTRAINT %I TO %I', c.tbl, c.conname,
      regexp_replace(c.conname, 'receipt', 'expense', 'g'));
  END LOOP;
END $$;
--> statement-breakpoint
ALTER INDEX "receipts_group_date_idx" RENAME TO "expenses_group_date_idx";
--> statement-breakpoint
ALTER INDEX "receipts_group_category_idx" RENAME TO "expenses_group_category_idx";
--> statement-breakpoint
ALTER INDEX "receipts_payer_idx" RENAME TO "expenses_payer_idx";
--> statement-breakpoint
ALTER INDEX "receipts_created_by_idx" RENAME TO "expenses_created_by_idx";
--> statement-breakpoint
ALTER INDEX "receipt_shares_member_idx" RENAME TO "expense_shares_member_idx";
--> statement-breakpoint
ALTER TRIGGER "receipts_notify" ON "expenses" RENAME TO "expenses_notify";
--> statement-breakpoint
ALTER TRIGGER "receipts_ledger_insert" ON "expenses" RENAME TO "expenses_ledger_insert";
--> statement-breakpoint
ALTER TRIGGER "receipts_ledger_update" ON "expenses" RENAME TO "expenses_ledger_update";
--> statement-breakpoint
ALTER TRIGGER "receipts_ledger_delete" ON "expenses" RENAME TO "expenses_ledger_delete";
--> statement-breakpoint
-- The shares' ledger triggers looked up the group through the old table and column by name, which a rename does not
-- follow inside a function body: they now call a function that names the new ones.
CREATE OR REPLACE FUNCTION kvitt_bump_ledger_by_expense() RETURNS trigger AS $$
BEGIN
  INSERT INTO ledger_versions (group_id, version)
  SELECT g.id, 1 FROM groups g
  WHERE g.id IN (SELECT e.group_id FROM expenses e WHERE e.id IN (SELECT expense_id FROM changed))
  ON CONFLICT (group_id) DO UPDATE SET version = ledger_versions.version + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER "receipt_shares_ledger_insert" ON "expense_shares";
--> statement-breakpoint
DROP TRIGGER "receipt_shares_ledger_update" ON "expense_shares";
--> statement-breakpoint
DROP TRIGGER "receipt_shares_ledger_delete" ON "expense_shares";
--> statement-breakpoint
DROP FUNCTION kvitt_bump_ledger_by_receipt();
--> statement-breakpoint
CREATE TRIGGER expense_shares_ledger_insert AFTER INSERT ON expense_shares REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_expense();
--> statement-breakpoint
CREATE TRIGGER expense_shares_ledger_update AFTER UPDATE ON expense_shares REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_expense();
--> statement-breakpoint
CREATE TRIGGER expense_shares_ledger_delete AFTER DELETE ON expense_shares REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_expense();
--> statement-breakpoint
-- Audit entries written before the rename name the same thing by its old type and date field.
UPDATE "audit_log" SET "entity_type" = 'expense' WHERE "entity_type" = 'receipt';
--> statement-breakpoint
UPDATE "audit_log"
SET "diff_json" = ("diff_json" - 'receiptDate') || jsonb_build_object('expenseDate', "diff_json" -> 'receiptDate')
WHERE "diff_json" ? 'receiptDate';
