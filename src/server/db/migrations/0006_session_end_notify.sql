-- A deleted session (signed out, revoked, ended by a password change, or gone with its account) is announced on
-- kvitt_events with its user's id, so every process can close the event streams that were opened with it at once.
CREATE OR REPLACE FUNCTION kvitt_notify_session_end() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('kvitt_events',
    jsonb_build_object('table', 'sessions', 'op', 'DELETE', 'groupId', NULL, 'userId', OLD.user_id)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_end AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION kvitt_notify_session_end();
