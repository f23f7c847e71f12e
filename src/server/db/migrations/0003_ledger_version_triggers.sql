-- Bumps ledger_versions for every group whose receipts, shares or settlements a statement changed, so cached
-- balances are recomputed exactly when their inputs change. Statement-level with transition tables: a receipt
-- saved with twenty shares bumps its group once per statement, not twenty times. Groups that no longer exist (a
-- cascading group delete) are skipped, and their counter is removed with them.
CREATE OR REPLACE FUNCTION kvitt_bump_ledger_by_group() RETURNS trigger AS $$
BEGIN
  INSERT INTO ledger_versions (group_id, version)
  SELECT g.id, 1 FROM groups g WHERE g.id IN (SELECT group_id FROM changed)
  ON CONFLICT (group_id) DO UPDATE SET version = ledger_versions.version + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kvitt_bump_ledger_by_receipt() RETURNS trigger AS $$
BEGIN
  INSERT INTO ledger_versions (group_id, version)
  SELECT g.id, 1 FROM groups g
  WHERE g.id IN (SELECT r.group_id FROM receipts r WHERE r.id IN (SELECT receipt_id FROM changed))
  ON CONFLICT (group_id) DO UPDATE SET version = ledger_versions.version + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kvitt_forget_ledger() RETURNS trigger AS $$
BEGIN
  DELETE FROM ledger_versions WHERE group_id = OLD.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER receipts_ledger_insert AFTER INSERT ON receipts REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_group();
--> statement-breakpoint
CREATE TRIGGER receipts_ledger_update AFTER UPDATE ON receipts REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_group();
--> statement-breakpoint
CREATE TRIGGER receipts_ledger_delete AFTER DELETE ON receipts REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_group();
--> statement-breakpoint
CREATE TRIGGER settlements_ledger_insert AFTER INSERT ON settlements REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_group();
--> statement-breakpoint
CREATE TRIGGER settlements_ledger_update AFTER UPDATE ON settlements REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_group();
--> statement-breakpoint
CREATE TRIGGER settlements_ledger_delete AFTER DELETE ON settlements REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_group();
--> statement-breakpoint
CREATE TRIGGER receipt_shares_ledger_insert AFTER INSERT ON receipt_shares REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_receipt();
--> statement-breakpoint
CREATE TRIGGER receipt_shares_ledger_update AFTER UPDATE ON receipt_shares REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_receipt();
--> statement-breakpoint
CREATE TRIGGER receipt_shares_ledger_delete AFTER DELETE ON receipt_shares REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_receipt();
--> statement-breakpoint
CREATE TRIGGER groups_ledger_forget AFTER DELETE ON groups
  FOR EACH ROW EXECUTE FUNCTION kvitt_forget_ledger();
