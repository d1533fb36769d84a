-- Every server process keeps the malls it has read in memory (platform/db/notice-cache.ts, used by
-- app.ts for each mall-scoped request) and drops them all when PostgreSQL says on channel
-- avlu_locations that a mall changed or went: a changed time zone or a removed mall counts at once,
-- whoever wrote it. A new mall needs no notice (a mall not kept is read).
CREATE FUNCTION notify_locations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('avlu_locations', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER locations_changed
AFTER UPDATE OR DELETE OR TRUNCATE ON locations
FOR EACH STATEMENT EXECUTE FUNCTION notify_locations_changed();
