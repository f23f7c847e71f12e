-- Every change that another open page must see is announced on the channel kvitt_events, so that all server
-- processes on this database (each LISTENs) can push it to their connected browsers.
CREATE OR REPLACE FUNCTION kvitt_notify_change() RETURNS trigger AS $$
DECLARE
  rec record;
  payload jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := OLD; ELSE rec := NEW; END IF;
  IF TG_TABLE_NAME = 'groups' THEN
    payload := jsonb_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'groupId', rec.id, 'userId', NULL);
  ELSIF TG_TABLE_NAME = 'group_members' THEN
    payload := jsonb_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'groupId', rec.group_id, 'userId', rec.user_id);
  ELSE
    payload := jsonb_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'groupId', rec.group_id, 'userId', NULL);
  END IF;
  PERFORM pg_notify('kvitt_events', payload::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER groups_notify AFTER INSERT OR UPDATE OR DELETE ON groups
  FOR EACH ROW EXECUTE FUNCTION kvitt_notify_change();
--> statement-breakpoint
CREATE TRIGGER group_members_notify AFTER INSERT OR UPDATE OR DELETE ON group_members
  FOR EACH ROW EXECUTE FUNCTION kvitt_notify_change();
--> statement-breakpoint
CREATE TRIGGER receipts_notify AFTER INSERT OR UPDATE OR DELETE ON receipts
  FOR EACH ROW EXECUTE FUNCTION kvitt_notify_change();
--> statement-breakpoint
CREATE TRIGGER settlements_notify AFTER INSERT OR UPDATE OR DELETE ON settlements
  FOR EACH ROW EXECUTE FUNCTION kvitt_notify_change();
