-- The mall dashboard's rollups (dashboard.tables.ts). Each source is defined once, as the query below
-- over a relation of its table's rows: the triggers run it over a statement's transition tables (the
-- rows it wrote, added; the rows it replaced or removed, taken away) and `dashboard_rebuild` over the
-- whole table, so the rollups and a count from scratch can never disagree. A row of a mall that no
-- longer exists (a mall being deleted, whose rows go with it) gives nothing.
-- Days are the mall's (its time zone); receipts carry their own day (`receipt_day`).
CREATE FUNCTION dashboard_source_sql(source text, rel text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  CASE source
  WHEN 'customers' THEN
    -- Live customers by the day they registered: gender, birth year and each consent they hold.
    RETURN format($q$
      SELECT r.location_id, (r.created_at AT TIME ZONE l.location_timezone)::date AS stat_day, k.stat_key,
             1::bigint AS stat_count, 0::numeric AS stat_amount
        FROM %I r
        JOIN locations l ON l._id = r.location_id
        CROSS JOIN LATERAL (VALUES
          ('customers:' || r.customer_gender),
          ('birth_year:' || coalesce(extract(year FROM r.customer_birthdate)::int::text, 'unknown')),
          (CASE WHEN r.customer_sms_permission THEN 'consent:sms' END),
          (CASE WHEN r.customer_email_permission THEN 'consent:email' END),
          (CASE WHEN r.customer_call_permission THEN 'consent:call' END),
          (CASE WHEN r.customer_kvkk_permission THEN 'consent:kvkk' END)) k(stat_key)
       WHERE r.customer_deleted_at IS NULL AND k.stat_key IS NOT NULL$q$, rel);
  WHEN 'receipts' THEN
    -- Approved receipts by their day, per store and per campaign; amounts in the mall's currency (TRY).
    RETURN format($q$
      SELECT r.location_id, r.receipt_day AS stat_day, k.stat_key, 1::bigint AS stat_count,
             CASE WHEN r.currency = 'TRY' THEN r.receipt_amount ELSE 0 END::numeric AS stat_amount
        FROM %I r
        JOIN locations l ON l._id = r.location_id
        CROSS JOIN LATERAL (VALUES ('store:' || r.store_id), ('campaign:' || r.campaign_id)) k(stat_key)
       WHERE r.receipt_status = 'approved' AND k.stat_key IS NOT NULL$q$, rel);
  WHEN 'point_entries' THEN
    -- Points earned (earn entries) and burned (burn entries less the refunds of cancelled gifts).
    RETURN format($q$
      SELECT r.location_id, (r.created_at AT TIME ZONE l.location_timezone)::date AS stat_day,
             CASE WHEN r.point_entry_kind = 'earn' THEN 'points_earned' ELSE 'points_burned' END AS stat_key,
             (CASE WHEN r.point_entry_kind = 'earn' THEN r.point_entry_amount ELSE -r.point_entry_amount END)::bigint
               AS stat_count,
             0::numeric AS stat_amount
        FROM %I r
        JOIN locations l ON l._id = r.location_id
       WHERE r.point_entry_kind IN ('earn', 'burn', 'refund')$q$, rel);
  WHEN 'loyalty_redemptions' THEN
    -- Gifts given: redemptions not cancelled, by the day they were made.
    RETURN format($q$
      SELECT r.location_id, (r.created_at AT TIME ZONE l.location_timezone)::date AS stat_day,
             'gifts'::text AS stat_key, 1::bigint AS stat_count, 0::numeric AS stat_amount
        FROM %I r
        JOIN locations l ON l._id = r.location_id
       WHERE r.loyalty_customer_status <> 'cancelled'$q$, rel);
  WHEN 'notification_messages' THEN
    -- Messages sent (sent or since delivered) per channel, by the day they were sent.
    RETURN format($q$
      SELECT r.location_id, (r.message_sent_at AT TIME ZONE l.location_timezone)::date AS stat_day,
             n.notification_kind || '_sent' AS stat_key, 1::bigint AS stat_count, 0::numeric AS stat_amount
        FROM %I r
        JOIN locations l ON l._id = r.location_id
        JOIN notifications n ON n._id = r.notification_id
       WHERE r.message_state IN ('sent', 'delivered') AND r.message_sent_at IS NOT NULL$q$, rel);
  WHEN 'reservations' THEN
    -- Reservations made, by the day they were made.
    RETURN format($q$
      SELECT r.location_id, (r.created_at AT TIME ZONE l.location_timezone)::date AS stat_day,
             'reservations'::text AS stat_key, 1::bigint AS stat_count, 0::numeric AS stat_amount
        FROM %I r
        JOIN locations l ON l._id = r.location_id$q$, rel);
  WHEN 'lendings' THEN
    -- Lendings given: by the day the item was handed over.
    RETURN format($q$
      SELECT r.location_id, (r.lending_started_at AT TIME ZONE l.location_timezone)::date AS stat_day,
             'lendings'::text AS stat_key, 1::bigint AS stat_count, 0::numeric AS stat_amount
        FROM %I r
        JOIN locations l ON l._id = r.location_id
       WHERE r.lending_started_at IS NOT NULL$q$, rel);
  ELSE
    RAISE EXCEPTION 'dashboard: unknown source %', source;
  END CASE;
END
$$;
--> statement-breakpoint
-- The deltas are written and emptied all day: vacuumed after every fold (the job), and by autovacuum
-- after a thousand dead rows whatever the table's size.
ALTER TABLE dashboard_deltas SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
--> statement-breakpoint
-- What a statement changed, as signed rows of dashboard_deltas: inserts only, so writers never wait on
-- a shared counter (and never deadlock on two). EXECUTEd so each is planned for its own rows. An update
-- that changes nothing counted (a name, a delivery report) adds and takes away the same rows: no delta.
-- (Transition tables cannot go with a column list, so every update statement runs it.)
CREATE FUNCTION dashboard_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parts text[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    parts := parts || dashboard_source_sql(TG_ARGV[0], 'new_rows');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    parts := parts || format('SELECT location_id, stat_day, stat_key, -stat_count AS stat_count, -stat_amount AS stat_amount FROM (%s) o',
                             dashboard_source_sql(TG_ARGV[0], 'old_rows'));
  END IF;
  EXECUTE format(
    'INSERT INTO dashboard_deltas (location_id, stat_day, stat_key, stat_count, stat_amount)
     SELECT location_id, stat_day, stat_key, sum(stat_count), sum(stat_amount)
       FROM (%s) d
      GROUP BY 1, 2, 3
     HAVING sum(stat_count) <> 0 OR sum(stat_amount) <> 0',
    array_to_string(parts, ' UNION ALL '));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_customers_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('customers');
--> statement-breakpoint
CREATE TRIGGER dashboard_customers_update
  AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('customers');
--> statement-breakpoint
CREATE TRIGGER dashboard_customers_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('customers');
--> statement-breakpoint
CREATE TRIGGER dashboard_receipts_insert AFTER INSERT ON receipts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('receipts');
--> statement-breakpoint
CREATE TRIGGER dashboard_receipts_update
  AFTER UPDATE ON receipts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('receipts');
--> statement-breakpoint
CREATE TRIGGER dashboard_receipts_delete AFTER DELETE ON receipts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('receipts');
--> statement-breakpoint
CREATE TRIGGER dashboard_point_entries_insert AFTER INSERT ON point_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('point_entries');
--> statement-breakpoint
CREATE TRIGGER dashboard_point_entries_update
  AFTER UPDATE ON point_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('point_entries');
--> statement-breakpoint
CREATE TRIGGER dashboard_point_entries_delete AFTER DELETE ON point_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('point_entries');
--> statement-breakpoint
CREATE TRIGGER dashboard_redemptions_insert AFTER INSERT ON loyalty_redemptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('loyalty_redemptions');
--> statement-breakpoint
CREATE TRIGGER dashboard_redemptions_update
  AFTER UPDATE ON loyalty_redemptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('loyalty_redemptions');
--> statement-breakpoint
CREATE TRIGGER dashboard_redemptions_delete AFTER DELETE ON loyalty_redemptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('loyalty_redemptions');
--> statement-breakpoint
CREATE TRIGGER dashboard_messages_insert AFTER INSERT ON notification_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('notification_messages');
--> statement-breakpoint
CREATE TRIGGER dashboard_messages_update
  AFTER UPDATE ON notification_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('notification_messages');
--> statement-breakpoint
CREATE TRIGGER dashboard_messages_delete AFTER DELETE ON notification_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('notification_messages');
--> statement-breakpoint
-- A notification's channel never changes once it has messages (only created and scheduled ones are
-- edited, and they have none); this says so for any writer, since the messages' rows are counted by it.
CREATE FUNCTION dashboard_keep_notification_kind() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM notification_messages m WHERE m.notification_id = NEW._id) THEN
    RAISE EXCEPTION 'notifications: a notification with messages keeps its kind'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_notifications_keep_kind
BEFORE UPDATE OF notification_kind ON notifications
FOR EACH ROW WHEN (OLD.notification_kind IS DISTINCT FROM NEW.notification_kind)
EXECUTE FUNCTION dashboard_keep_notification_kind();
--> statement-breakpoint
CREATE TRIGGER dashboard_reservations_insert AFTER INSERT ON reservations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('reservations');
--> statement-breakpoint
CREATE TRIGGER dashboard_reservations_update AFTER UPDATE ON reservations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('reservations');
--> statement-breakpoint
CREATE TRIGGER dashboard_reservations_delete AFTER DELETE ON reservations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('reservations');
--> statement-breakpoint
CREATE TRIGGER dashboard_lendings_insert AFTER INSERT ON lendings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('lendings');
--> statement-breakpoint
CREATE TRIGGER dashboard_lendings_update AFTER UPDATE ON lendings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('lendings');
--> statement-breakpoint
CREATE TRIGGER dashboard_lendings_delete AFTER DELETE ON lendings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_track('lendings');
--> statement-breakpoint
-- The deltas folded into the daily and monthly rollups (the job, every minute). Deltas are taken by
-- DELETE … RETURNING, so a delta is folded once however many folds run; the fold and the rollups
-- change in one transaction, so a reader (rollups plus deltas, one statement) never counts one twice.
CREATE FUNCTION dashboard_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('dashboard_fold'));
  WITH moved AS (
    DELETE FROM dashboard_deltas RETURNING location_id, stat_day, stat_key, stat_count, stat_amount
  ), per_day AS (
    SELECT location_id, stat_day, stat_key, sum(stat_count) AS stat_count, sum(stat_amount) AS stat_amount
      FROM moved GROUP BY 1, 2, 3
  ), daily AS (
    INSERT INTO dashboard_daily AS t (location_id, stat_day, stat_key, stat_count, stat_amount)
    SELECT * FROM per_day ORDER BY 1, 2, 3
    ON CONFLICT (location_id, stat_day, stat_key) DO UPDATE
      SET stat_count = t.stat_count + excluded.stat_count, stat_amount = t.stat_amount + excluded.stat_amount
  ), monthly AS (
    INSERT INTO dashboard_monthly AS t (location_id, stat_month, stat_key, stat_count, stat_amount)
    SELECT location_id, date_trunc('month', stat_day)::date, stat_key, sum(stat_count), sum(stat_amount)
      FROM per_day GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (location_id, stat_month, stat_key) DO UPDATE
      SET stat_count = t.stat_count + excluded.stat_count, stat_amount = t.stat_amount + excluded.stat_amount
  )
  SELECT count(*) INTO folded FROM per_day;
  RETURN folded;
END
$$;
--> statement-breakpoint
-- A mall counted again from its tables: its rollups and deltas replaced. Writers of deltas (any mall)
-- wait meanwhile, so nothing committed in between is lost or counted twice. Used when the mall's time
-- zone changes (its days move), and by the bench after filling tables with the triggers off.
CREATE FUNCTION dashboard_rebuild(mall varchar) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  source text;
BEGIN
  LOCK TABLE dashboard_deltas IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM dashboard_deltas WHERE location_id = mall;
  DELETE FROM dashboard_daily WHERE location_id = mall;
  DELETE FROM dashboard_monthly WHERE location_id = mall;
  FOREACH source IN ARRAY ARRAY['customers', 'receipts', 'point_entries', 'loyalty_redemptions',
                                 'notification_messages', 'reservations', 'lendings'] LOOP
    EXECUTE format(
      'INSERT INTO dashboard_daily AS t (location_id, stat_day, stat_key, stat_count, stat_amount)
       SELECT location_id, stat_day, stat_key, sum(stat_count), sum(stat_amount)
         FROM (%s) s
        WHERE location_id = $1
        GROUP BY 1, 2, 3
       ON CONFLICT (location_id, stat_day, stat_key) DO UPDATE
         SET stat_count = t.stat_count + excluded.stat_count, stat_amount = t.stat_amount + excluded.stat_amount',
      dashboard_source_sql(source, source)) USING mall;
  END LOOP;
  INSERT INTO dashboard_monthly (location_id, stat_month, stat_key, stat_count, stat_amount)
  SELECT location_id, date_trunc('month', stat_day)::date, stat_key, sum(stat_count), sum(stat_amount)
    FROM dashboard_daily WHERE location_id = mall GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_rebuild_on_timezone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_rebuild(NEW._id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_locations_timezone
AFTER UPDATE ON locations
FOR EACH ROW WHEN (OLD.location_timezone IS DISTINCT FROM NEW.location_timezone)
EXECUTE FUNCTION dashboard_rebuild_on_timezone();
