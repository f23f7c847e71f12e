CREATE TABLE "ledger_currency_counts" (
	"group_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"expenses" bigint DEFAULT 0 NOT NULL,
	"unrated" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_currency_counts_group_id_currency_pk" PRIMARY KEY("group_id","currency")
);
--> statement-breakpoint
CREATE TABLE "ledger_member_sums" (
	"group_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"paid_ore" bigint DEFAULT 0 NOT NULL,
	"share_ore" bigint DEFAULT 0 NOT NULL,
	"payments_ore" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_member_sums_group_id_member_id_pk" PRIMARY KEY("group_id","member_id")
);
--> statement-breakpoint
-- Running sums for balances (decision 068), kept in the transaction of every change, so a balance read costs the
-- same whatever the group's history. Rule: paid_ore and share_ore hold the sums of the payer and share rows of the
-- group's expenses at rate 1 (1 000 000 micros), payments_ore the payments made minus received. Amounts are added
-- only while the group exists: in a cascading group delete the rows go with the group instead.
CREATE FUNCTION kvitt_sums_shares() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO ledger_member_sums (group_id, member_id, share_ore)
    SELECT e.group_id, r.member_id, -sum(r.share_ore)
    FROM removed r JOIN expenses e ON e.id = r.expense_id
    WHERE e.rate_micros = 1000000
    GROUP BY e.group_id, r.member_id
    ON CONFLICT (group_id, member_id) DO UPDATE SET share_ore = ledger_member_sums.share_ore + EXCLUDED.share_ore;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ledger_member_sums (group_id, member_id, share_ore)
    SELECT e.group_id, a.member_id, sum(a.share_ore)
    FROM added a JOIN expenses e ON e.id = a.expense_id
    WHERE e.rate_micros = 1000000
    GROUP BY e.group_id, a.member_id
    ON CONFLICT (group_id, member_id) DO UPDATE SET share_ore = ledger_member_sums.share_ore + EXCLUDED.share_ore;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION kvitt_sums_payers() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO ledger_member_sums (group_id, member_id, paid_ore)
    SELECT e.group_id, r.member_id, -sum(r.amount_ore)
    FROM removed r JOIN expenses e ON e.id = r.expense_id
    WHERE e.rate_micros = 1000000
    GROUP BY e.group_id, r.member_id
    ON CONFLICT (group_id, member_id) DO UPDATE SET paid_ore = ledger_member_sums.paid_ore + EXCLUDED.paid_ore;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ledger_member_sums (group_id, member_id, paid_ore)
    SELECT e.group_id, a.member_id, sum(a.amount_ore)
    FROM added a JOIN expenses e ON e.id = a.expense_id
    WHERE e.rate_micros = 1000000
    GROUP BY e.group_id, a.member_id
    ON CONFLICT (group_id, member_id) DO UPDATE SET paid_ore = ledger_member_sums.paid_ore + EXCLUDED.paid_ore;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An expense's payer and share rows, added (sign 1) or taken away (sign -1): on a change of its rate between 1 and
-- another, and before it is deleted, while its rows can still be read (the cascade deletes them after the expense).
CREATE FUNCTION kvitt_sums_of_expense(expense uuid, grp uuid, sign integer) RETURNS void AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM groups WHERE id = grp) THEN
    RETURN;
  END IF;
  INSERT INTO ledger_member_sums (group_id, member_id, paid_ore, share_ore)
  SELECT grp, parts.member_id, sign * sum(parts.paid), sign * sum(parts.share)
  FROM (
    SELECT member_id, amount_ore AS paid, 0::bigint AS share FROM expense_payers WHERE expense_id = expense
    UNION ALL
    SELECT member_id, 0::bigint, share_ore FROM expense_shares WHERE expense_id = expense
  ) parts
  GROUP BY parts.member_id
  ON CONFLICT (group_id, member_id) DO UPDATE SET
    paid_ore = ledger_member_sums.paid_ore + EXCLUDED.paid_ore,
    share_ore = ledger_member_sums.share_ore + EXCLUDED.share_ore;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION kvitt_sums_expense_deleted() RETURNS trigger AS $$
BEGIN
  IF OLD.rate_micros = 1000000 THEN
    PERFORM kvitt_sums_of_expense(OLD.id, OLD.group_id, -1);
  END IF;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION kvitt_sums_expense_rate_changed() RETURNS trigger AS $$
BEGIN
  IF OLD.rate_micros = 1000000 THEN
    PERFORM kvitt_sums_of_expense(OLD.id, OLD.group_id, -1);
  END IF;
  IF NEW.rate_micros = 1000000 THEN
    PERFORM kvitt_sums_of_expense(NEW.id, NEW.group_id, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Expenses per group and currency, and those at a fallback rate.
CREATE FUNCTION kvitt_counts_expenses() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO ledger_currency_counts (group_id, currency, expenses, unrated)
    SELECT o.group_id, o.currency, -count(*), -count(*) FILTER (WHERE o.rate_source = 'fallback')
    FROM removed o WHERE EXISTS (SELECT 1 FROM groups g WHERE g.id = o.group_id)
    GROUP BY o.group_id, o.currency
    ON CONFLICT (group_id, currency) DO UPDATE SET
      expenses = ledger_currency_counts.expenses + EXCLUDED.expenses,
      unrated = ledger_currency_counts.unrated + EXCLUDED.unrated;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ledger_currency_counts (group_id, currency, expenses, unrated)
    SELECT n.group_id, n.currency, count(*), count(*) FILTER (WHERE n.rate_source = 'fallback')
    FROM added n WHERE EXISTS (SELECT 1 FROM groups g WHERE g.id = n.group_id)
    GROUP BY n.group_id, n.currency
    ON CONFLICT (group_id, currency) DO UPDATE SET
      expenses = ledger_currency_counts.expenses + EXCLUDED.expenses,
      unrated = ledger_currency_counts.unrated + EXCLUDED.unrated;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A payment counts for its payer and against its recipient.
CREATE FUNCTION kvitt_sums_payments() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO ledger_member_sums (group_id, member_id, payments_ore)
    SELECT s.group_id, s.member_id, -sum(s.amount)
    FROM (SELECT group_id, from_member_id AS member_id, amount_ore AS amount FROM removed
          UNION ALL SELECT group_id, to_member_id, -amount_ore FROM removed) s
    WHERE EXISTS (SELECT 1 FROM groups g WHERE g.id = s.group_id)
    GROUP BY s.group_id, s.member_id
    ON CONFLICT (group_id, member_id) DO UPDATE SET payments_ore = ledger_member_sums.payments_ore + EXCLUDED.payments_ore;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ledger_member_sums (group_id, member_id, payments_ore)
    SELECT s.group_id, s.member_id, sum(s.amount)
    FROM (SELECT group_id, from_member_id AS member_id, amount_ore AS amount FROM added
          UNION ALL SELECT group_id, to_member_id, -amount_ore FROM added) s
    WHERE EXISTS (SELECT 1 FROM groups g WHERE g.id = s.group_id)
    GROUP BY s.group_id, s.member_id
    ON CONFLICT (group_id, member_id) DO UPDATE SET payments_ore = ledger_member_sums.payments_ore + EXCLUDED.payments_ore;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION kvitt_forget_ledger_sums() RETURNS trigger AS $$
BEGIN
  DELETE FROM ledger_member_sums WHERE group_id = OLD.id;
  DELETE FROM ledger_currency_counts WHERE group_id = OLD.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER expense_shares_sums_insert AFTER INSERT ON expense_shares REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_sums_shares();
--> statement-breakpoint
CREATE TRIGGER expense_shares_sums_update AFTER UPDATE ON expense_shares REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_sums_shares();
--> statement-breakpoint
CREATE TRIGGER expense_shares_sums_delete AFTER DELETE ON expense_shares REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_sums_shares();
--> statement-breakpoint
CREATE TRIGGER expense_payers_sums_insert AFTER INSERT ON expense_payers REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_sums_payers();
--> statement-breakpoint
CREATE TRIGGER expense_payers_sums_update AFTER UPDATE ON expense_payers REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_sums_payers();
--> statement-breakpoint
CREATE TRIGGER expense_payers_sums_delete AFTER DELETE ON expense_payers REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_sums_payers();
--> statement-breakpoint
CREATE TRIGGER expenses_sums_delete BEFORE DELETE ON expenses
  FOR EACH ROW EXECUTE FUNCTION kvitt_sums_expense_deleted();
--> statement-breakpoint
CREATE TRIGGER expenses_sums_rate AFTER UPDATE OF rate_micros ON expenses
  FOR EACH ROW WHEN ((OLD.rate_micros = 1000000) IS DISTINCT FROM (NEW.rate_micros = 1000000))
  EXECUTE FUNCTION kvitt_sums_expense_rate_changed();
--> statement-breakpoint
CREATE TRIGGER expenses_counts_insert AFTER INSERT ON expenses REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_counts_expenses();
--> statement-breakpoint
CREATE TRIGGER expenses_counts_update AFTER UPDATE ON expenses REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_counts_expenses();
--> statement-breakpoint
CREATE TRIGGER expenses_counts_delete AFTER DELETE ON expenses REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_counts_expenses();
--> statement-breakpoint
CREATE TRIGGER settlements_sums_insert AFTER INSERT ON settlements REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_sums_payments();
--> statement-breakpoint
CREATE TRIGGER settlements_sums_update AFTER UPDATE ON settlements REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_sums_payments();
--> statement-breakpoint
CREATE TRIGGER settlements_sums_delete AFTER DELETE ON settlements REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_sums_payments();
--> statement-breakpoint
CREATE TRIGGER groups_ledger_sums_forget AFTER DELETE ON groups
  FOR EACH ROW EXECUTE FUNCTION kvitt_forget_ledger_sums();
--> statement-breakpoint
-- The sums of the history so far.
INSERT INTO ledger_member_sums (group_id, member_id, paid_ore, share_ore, payments_ore)
SELECT group_id, member_id, sum(paid), sum(share), sum(payments) FROM (
  SELECT e.group_id, p.member_id, p.amount_ore AS paid, 0::bigint AS share, 0::bigint AS payments
    FROM expense_payers p JOIN expenses e ON e.id = p.expense_id WHERE e.rate_micros = 1000000
  UNION ALL
  SELECT e.group_id, s.member_id, 0, s.share_ore, 0
    FROM expense_shares s JOIN expenses e ON e.id = s.expense_id WHERE e.rate_micros = 1000000
  UNION ALL
  SELECT group_id, from_member_id, 0, 0, amount_ore FROM settlements
  UNION ALL
  SELECT group_id, to_member_id, 0, 0, -amount_ore FROM settlements
) parts GROUP BY group_id, member_id;
--> statement-breakpoint
INSERT INTO ledger_currency_counts (group_id, currency, expenses, unrated)
SELECT group_id, currency, count(*), count(*) FILTER (WHERE rate_source = 'fallback') FROM expenses
GROUP BY group_id, currency;
