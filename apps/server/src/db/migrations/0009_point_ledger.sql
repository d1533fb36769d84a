-- The points ledger (point_entries) is the proof of every point a customer earned or spent: rows are
-- only ever added. UPDATE, DELETE and TRUNCATE are refused, with two exceptions:
-- * a conscious erasure (a customer's or a mall's hard deletion, which cascades here) inside a
--   transaction that set the transaction-local avlu.erasure, as the consent history allows;
-- * deleting a staff user sets admin_id to NULL (the foreign key's ON DELETE SET NULL).
CREATE FUNCTION point_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  erasure boolean := coalesce(current_setting('avlu.erasure', true), '') = 'on';
  allowed point_entries;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    allowed := OLD;
    IF NEW.admin_id IS NULL THEN allowed.admin_id := NULL; END IF;
    IF NEW IS NOT DISTINCT FROM allowed THEN RETURN NEW; END IF;
  ELSIF erasure THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'point_entries is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege',
      HINT = 'Points change only by new entries (ledger.service.ts postPoints).';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER point_entries_append_only
BEFORE UPDATE OR DELETE ON point_entries
FOR EACH ROW EXECUTE FUNCTION point_entries_append_only();
--> statement-breakpoint
CREATE TRIGGER point_entries_no_truncate
BEFORE TRUNCATE ON point_entries
FOR EACH STATEMENT EXECUTE FUNCTION point_entries_append_only();
--> statement-breakpoint
-- Every staff user's entry names them (admin_id) when it is written; the customer's and the system's
-- name nobody (the table's check point_entries_admin_is_staff). Not a check of its own: deleting the
-- staff user later sets admin_id to NULL, and the entry stays the staff's. One look at the statement's
-- new rows, so a reset run's batch of a thousand entries pays once, not once a row.
CREATE FUNCTION point_entries_staff_named() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM added WHERE point_entry_actor = 'staff' AND admin_id IS NULL) THEN
    RAISE EXCEPTION 'point_entries: an entry by staff names its admin_id'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'point_entries_staff_named';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER point_entries_staff_named
AFTER INSERT ON point_entries
REFERENCING NEW TABLE AS added
FOR EACH STATEMENT EXECUTE FUNCTION point_entries_staff_named();
