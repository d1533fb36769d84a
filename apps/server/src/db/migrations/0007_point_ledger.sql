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
