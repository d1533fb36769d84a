-- Every server process keeps the staff sessions it has checked in memory for a short while
-- (modules/auth/session-cache.ts) and drops them when PostgreSQL says on channel avlu_staff_access
-- that what a session grants may have changed. A changed session row names itself ('session:<id>':
-- revoked, expired, or its last use written), so only that session is read again; anything else
-- ('*': a session deleted, an admin deleted or given another role or address, a role changed, a mall
-- link added or removed) drops every kept session. The notices come from triggers, not from the
-- services, so no code path that changes these tables (a later module, maintenance, a hand-run
-- statement) can forget to send one. PostgreSQL delivers them at commit to every listening
-- connection, and only once for the same payload in one transaction.
CREATE FUNCTION notify_staff_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('avlu_staff_access', 'session:' || NEW._id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION notify_staff_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('avlu_staff_access', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_sessions_changed
AFTER UPDATE ON admin_sessions
FOR EACH ROW EXECUTE FUNCTION notify_staff_session_changed();
--> statement-breakpoint
CREATE TRIGGER admin_sessions_removed
AFTER DELETE OR TRUNCATE ON admin_sessions
FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_access_changed();
--> statement-breakpoint
CREATE TRIGGER admins_staff_access
AFTER UPDATE OF admin_role_id, admin_email OR DELETE OR TRUNCATE ON admins
FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_access_changed();
--> statement-breakpoint
CREATE TRIGGER roles_staff_access
AFTER UPDATE OR DELETE OR TRUNCATE ON roles
FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_access_changed();
--> statement-breakpoint
CREATE TRIGGER admin_locations_staff_access
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_locations
FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_access_changed();
