ALTER TABLE "expense_payers" ADD COLUMN "group_amount_ore" bigint;--> statement-breakpoint
ALTER TABLE "expense_shares" ADD COLUMN "group_share_ore" bigint;--> statement-breakpoint
ALTER TABLE "ledger_member_sums" ADD COLUMN "converted_paid_ore" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_member_sums" ADD COLUMN "converted_share_ore" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- At rate 1 an amount in the group currency is the amount itself (convertShares leaves it unchanged), so the rows of
-- those expenses are converted here. That changes no balance, so the ledger triggers are off for it: no version moves
-- and no sum is touched. The rows of expenses at another rate stay null: their conversion is domain code, run once at
-- startup (decision 078).
ALTER TABLE expense_payers DISABLE TRIGGER expense_payers_ledger_update;
--> statement-breakpoint
ALTER TABLE expense_payers DISABLE TRIGGER expense_payers_sums_update;
--> statement-breakpoint
ALTER TABLE expense_shares DISABLE TRIGGER expense_shares_ledger_update;
--> statement-breakpoint
ALTER TABLE expense_shares DISABLE TRIGGER expense_shares_sums_update;
--> statement-breakpoint
UPDATE expense_payers p SET group_amount_ore = p.amount_ore
FROM expenses e WHERE e.id = p.expense_id AND e.rate_micros = 1000000;
--> statement-breakpoint
UPDATE expense_shares s SET group_share_ore = s.share_ore
FROM expenses e WHERE e.id = s.expense_id AND e.rate_micros = 1000000;
--> statement-breakpoint
ALTER TABLE expense_payers ENABLE TRIGGER expense_payers_ledger_update;
--> statement-breakpoint
ALTER TABLE expense_payers ENABLE TRIGGER expense_payers_sums_update;
--> statement-breakpoint
ALTER TABLE expense_shares ENABLE TRIGGER expense_shares_ledger_update;
--> statement-breakpoint
ALTER TABLE expense_shares ENABLE TRIGGER expense_shares_sums_update;
--> statement-breakpoint
CREATE INDEX "expense_payers_unconverted_idx" ON "expense_payers" USING btree ("expense_id") WHERE "expense_payers"."group_amount_ore" is null;--> statement-breakpoint
CREATE INDEX "expense_shares_unconverted_idx" ON "expense_shares" USING btree ("expense_id") WHERE "expense_shares"."group_share_ore" is null;--> statement-breakpoint
-- Running sums with expenses at another rate (decision 078). Rule: paid_ore and share_ore hold the sums of the payer
-- and share rows of the group's expenses at rate 1, as before (decision 068); converted_paid_ore and
-- converted_share_ore the sums of the converted amounts of the rows of its expenses at another rate, rows not yet
-- converted (null) left out. A row counts by the rate its expense has when the row changes; a change of rate moves
-- the expense's rows.
CREATE OR REPLACE FUNCTION kvitt_sums_shares() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO ledger_member_sums (group_id, member_id, share_ore, converted_share_ore)
    SELECT e.group_id, r.member_id,
      -coalesce(sum(r.share_ore) FILTER (WHERE e.rate_micros = 1000000), 0),
      -coalesce(sum(r.group_share_ore) FILTER (WHERE e.rate_micros <> 1000000), 0)
    FROM removed r JOIN expenses e ON e.id = r.expense_id
    WHERE e.rate_micros = 1000000 OR r.group_share_ore IS NOT NULL
    GROUP BY e.group_id, r.member_id
    ON CONFLICT (group_id, member_id) DO UPDATE SET
      share_ore = ledger_member_sums.share_ore + EXCLUDED.share_ore,
      converted_share_ore = ledger_member_sums.converted_share_ore + EXCLUDED.converted_share_ore;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ledger_member_sums (group_id, member_id, share_ore, converted_share_ore)
    SELECT e.group_id, a.member_id,
      coalesce(sum(a.share_ore) FILTER (WHERE e.rate_micros = 1000000), 0),
      coalesce(sum(a.group_share_ore) FILTER (WHERE e.rate_micros <> 1000000), 0)
    FROM added a JOIN expenses e ON e.id = a.expense_id
    WHERE e.rate_micros = 1000000 OR a.group_share_ore IS NOT NULL
    GROUP BY e.group_id, a.member_id
    ON CONFLICT (group_id, member_id) DO UPDATE SET
      share_ore = ledger_member_sums.share_ore + EXCLUDED.share_ore,
      converted_share_ore = ledger_member_sums.converted_share_ore + EXCLUDED.converted_share_ore;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kvitt_sums_payers() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO ledger_member_sums (group_id, member_id, paid_ore, converted_paid_ore)
    SELECT e.group_id, r.member_id,
      -coalesce(sum(r.amount_ore) FILTER (WHERE e.rate_micros = 1000000), 0),
      -coalesce(sum(r.group_amount_ore) FILTER (WHERE e.rate_micros <> 1000000), 0)
    FROM removed r JOIN expenses e ON e.id = r.expense_id
    WHERE e.rate_micros = 1000000 OR r.group_amount_ore IS NOT NULL
    GROUP BY e.group_id, r.member_id
    ON CONFLICT (group_id, member_id) DO UPDATE SET
      paid_ore = ledger_member_sums.paid_ore + EXCLUDED.paid_ore,
      converted_paid_ore = ledger_member_sums.converted_paid_ore + EXCLUDED.converted_paid_ore;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ledger_member_sums (group_id, member_id, paid_ore, converted_paid_ore)
    SELECT e.group_id, a.member_id,
      coalesce(sum(a.amount_ore) FILTER (WHERE e.rate_micros = 1000000), 0),
      coalesce(sum(a.group_amount_ore) FILTER (WHERE e.rate_micros <> 1000000), 0)
    FROM added a JOIN expenses e ON e.id = a.expense_id
    WHERE e.rate_micros = 1000000 OR a.group_amount_ore IS NOT NULL
    GROUP BY e.group_id, a.member_id
    ON CONFLICT (group_id, member_id) DO UPDATE SET
      paid_ore = ledger_member_sums.paid_ore + EXCLUDED.paid_ore,
      converted_paid_ore = ledger_member_sums.converted_paid_ore + EXCLUDED.converted_paid_ore;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER expenses_sums_rate ON expenses;
--> statement-breakpoint
DROP FUNCTION kvitt_sums_expense_rate_changed();
--> statement-breakpoint
DROP TRIGGER expenses_sums_delete ON expenses;
--> statement-breakpoint
DROP FUNCTION kvitt_sums_expense_deleted();
--> statement-breakpoint
DROP FUNCTION kvitt_sums_of_expense(uuid, uuid, integer);
--> statement-breakpoint
-- An expense's payer and share rows as they count at `rate`, added (sign 1) or taken away (sign -1): before it is
-- deleted, while its rows can still be read (the cascade deletes them after the expense), and when its rate moves
-- between 1 and another.
CREATE FUNCTION kvitt_sums_of_expense(expense uuid, grp uuid, rate bigint, sign integer) RETURNS void AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM groups WHERE id = grp) THEN
    RETURN;
  END IF;
  INSERT INTO ledger_member_sums (group_id, member_id, paid_ore, share_ore, converted_paid_ore, converted_share_ore)
  SELECT grp, parts.member_id, sign * sum(parts.paid), sign * sum(parts.share),
    sign * sum(parts.converted_paid), sign * sum(parts.converted_share)
  FROM (
    SELECT member_id,
      CASE WHEN rate = 1000000 THEN amount_ore ELSE 0 END AS paid, 0::bigint AS share,
      CASE WHEN rate = 1000000 THEN 0 ELSE coalesce(group_amount_ore, 0) END AS converted_paid,
      0::bigint AS converted_share
    FROM expense_payers WHERE expense_id = expense
    UNION ALL
    SELECT member_id, 0::bigint, CASE WHEN rate = 1000000 THEN share_ore ELSE 0 END,
      0::bigint, CASE WHEN rate = 1000000 THEN 0 ELSE coalesce(group_share_ore, 0) END
    FROM expense_shares WHERE expense_id = expense
  ) parts
  GROUP BY parts.member_id
  ON CONFLICT (group_id, member_id) DO UPDATE SET
    paid_ore = ledger_member_sums.paid_ore + EXCLUDED.paid_ore,
    share_ore = ledger_member_sums.share_ore + EXCLUDED.share_ore,
    converted_paid_ore = ledger_member_sums.converted_paid_ore + EXCLUDED.converted_paid_ore,
    converted_share_ore = ledger_member_sums.converted_share_ore + EXCLUDED.converted_share_ore;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION kvitt_sums_expense_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM kvitt_sums_of_expense(OLD.id, OLD.group_id, OLD.rate_micros, -1);
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Converted amounts hold for the rate and total they were converted at: when either changes, the rows go back to
-- unconverted (at rate 1: to their own amounts), and the app writes them again with the rows it replaces. So a
-- converted amount in the sums is never one of an older rate, whoever changed the expense.
CREATE FUNCTION kvitt_sums_expense_rate_changed() RETURNS trigger AS $$
BEGIN
  IF (OLD.rate_micros = 1000000) <> (NEW.rate_micros = 1000000) THEN
    PERFORM kvitt_sums_of_expense(NEW.id, NEW.group_id, OLD.rate_micros, -1);
    PERFORM kvitt_sums_of_expense(NEW.id, NEW.group_id, NEW.rate_micros, 1);
  END IF;
  UPDATE expense_payers SET group_amount_ore = CASE WHEN NEW.rate_micros = 1000000 THEN amount_ore END
  WHERE expense_id = NEW.id
    AND group_amount_ore IS DISTINCT FROM CASE WHEN NEW.rate_micros = 1000000 THEN amount_ore END;
  UPDATE expense_shares SET group_share_ore = CASE WHEN NEW.rate_micros = 1000000 THEN share_ore END
  WHERE expense_id = NEW.id
    AND group_share_ore IS DISTINCT FROM CASE WHEN NEW.rate_micros = 1000000 THEN share_ore END;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The converted amounts of an expense's payers (or of its shares) are apportioned together, with a tie-break by
-- member: when a row's member or amount changes in place, the row itself is set to its amount at rate 1 and to null
-- otherwise (before it is written, so the sums see it so), and at another rate the rest of its list goes back to null
-- as well (after). At rate 1 each row converts alone, so nothing else is written and no ledger version moves twice.
CREATE FUNCTION kvitt_unconvert_payer() RETURNS trigger AS $$
BEGIN
  NEW.group_amount_ore := CASE
    WHEN (SELECT rate_micros FROM expenses WHERE id = NEW.expense_id) = 1000000 THEN NEW.amount_ore END;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION kvitt_unconvert_payers() RETURNS trigger AS $$
BEGIN
  UPDATE expense_payers p SET group_amount_ore = NULL
  FROM expenses e
  WHERE e.id = p.expense_id AND e.rate_micros <> 1000000
    AND p.expense_id IN (OLD.expense_id, NEW.expense_id) AND p.group_amount_ore IS NOT NULL;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION kvitt_unconvert_share() RETURNS trigger AS $$
BEGIN
  NEW.group_share_ore := CASE
    WHEN (SELECT rate_micros FROM expenses WHERE id = NEW.expense_id) = 1000000 THEN NEW.share_ore END;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION kvitt_unconvert_shares() RETURNS trigger AS $$
BEGIN
  UPDATE expense_shares s SET group_share_ore = NULL
  FROM expenses e
  WHERE e.id = s.expense_id AND e.rate_micros <> 1000000
    AND s.expense_id IN (OLD.expense_id, NEW.expense_id) AND s.group_share_ore IS NOT NULL;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER expenses_sums_delete BEFORE DELETE ON expenses
  FOR EACH ROW EXECUTE FUNCTION kvitt_sums_expense_deleted();
--> statement-breakpoint
CREATE TRIGGER expenses_sums_rate AFTER UPDATE OF rate_micros, total_ore ON expenses
  FOR EACH ROW WHEN (OLD.rate_micros IS DISTINCT FROM NEW.rate_micros OR OLD.total_ore IS DISTINCT FROM NEW.total_ore)
  EXECUTE FUNCTION kvitt_sums_expense_rate_changed();
--> statement-breakpoint
CREATE TRIGGER expense_payers_unconvert_row BEFORE UPDATE OF expense_id, member_id, amount_ore ON expense_payers
  FOR EACH ROW WHEN (OLD.expense_id <> NEW.expense_id OR OLD.member_id <> NEW.member_id OR OLD.amount_ore <> NEW.amount_ore)
  EXECUTE FUNCTION kvitt_unconvert_payer();
--> statement-breakpoint
CREATE TRIGGER expense_payers_unconvert_list AFTER UPDATE OF expense_id, member_id, amount_ore ON expense_payers
  FOR EACH ROW WHEN (OLD.expense_id <> NEW.expense_id OR OLD.member_id <> NEW.member_id OR OLD.amount_ore <> NEW.amount_ore)
  EXECUTE FUNCTION kvitt_unconvert_payers();
--> statement-breakpoint
CREATE TRIGGER expense_shares_unconvert_row BEFORE UPDATE OF expense_id, member_id, share_ore ON expense_shares
  FOR EACH ROW WHEN (OLD.expense_id <> NEW.expense_id OR OLD.member_id <> NEW.member_id OR OLD.share_ore <> NEW.share_ore)
  EXECUTE FUNCTION kvitt_unconvert_share();
--> statement-breakpoint
CREATE TRIGGER expense_shares_unconvert_list AFTER UPDATE OF expense_id, member_id, share_ore ON expense_shares
  FOR EACH ROW WHEN (OLD.expense_id <> NEW.expense_id OR OLD.member_id <> NEW.member_id OR OLD.share_ore <> NEW.share_ore)
  EXECUTE FUNCTION kvitt_unconvert_shares();
