-- Every server process keeps the redirect page's answers in memory (qr-redirect.ts createDeepLinks)
-- and drops them all when PostgreSQL says on channel avlu_qr_codes that a code's deep link may have
-- changed: its campaign or mall, or the code is gone. The scan counts, written every second, are not
-- named, so counting scans never empties the memory. A mall's app addresses are heard on
-- avlu_locations (location-notices.sql).
CREATE FUNCTION notify_qr_codes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('avlu_qr_codes', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER qr_codes_changed
AFTER UPDATE OF location_id, qr_code_campaign_id OR DELETE OR TRUNCATE ON qr_codes
FOR EACH STATEMENT EXECUTE FUNCTION notify_qr_codes_changed();
