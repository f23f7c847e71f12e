-- The group's answers are kept per ledger version (decision 075), so the version must also move when what they show
-- of people changes: a membership added, removed, renamed, claimed or left by a deleted account, and a profile's name
-- or phone. Balances cached per version are then recomputed as well, which is rare and costs one read.
CREATE TRIGGER group_members_ledger_insert AFTER INSERT ON group_members REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_group();
--> statement-breakpoint
CREATE TRIGGER group_members_ledger_update AFTER UPDATE ON group_members REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_group();
--> statement-breakpoint
CREATE TRIGGER group_members_ledger_delete AFTER DELETE ON group_members REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION kvitt_bump_ledger_by_group();
--> statement-breakpoint
-- Every group the person has a place in, removed places included: old expenses still show their current name. In
-- the order of the group ids, so two renames sharing groups lock their counters in the same order.
CREATE FUNCTION kvitt_bump_ledger_by_user() RETURNS trigger AS $$
DECLARE
  person text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.name IS NOT DISTINCT FROM NEW.name AND OLD.phone IS NOT DISTINCT FROM NEW.phone THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN person := OLD.user_id; ELSE person := NEW.user_id; END IF;
  INSERT INTO ledger_versions (group_id, version)
  SELECT g.id, 1 FROM groups g
  WHERE g.id IN (SELECT gm.group_id FROM group_members gm WHERE gm.user_id = person)
  ORDER BY g.id
  ON CONFLICT (group_id) DO UPDATE SET version = ledger_versions.version + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER profiles_ledger AFTER INSERT OR DELETE OR UPDATE OF name, phone ON profiles
  FOR EACH ROW EXECUTE FUNCTION kvitt_bump_ledger_by_user();
