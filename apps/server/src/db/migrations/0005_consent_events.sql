-- The consent history (customer_consent_events) is the legal proof of what a customer consented to
-- and when: rows are only ever added. Any UPDATE, DELETE or TRUNCATE is refused, with two exceptions:
-- * erasure (retention.ts): inside a transaction that called allowConsentErasure (consents.service.ts),
--   which sets the transaction-local avlu.erasure, an UPDATE may clear client_address, and rows may
--   be deleted (a conscious hard deletion of a customer or a mall, which cascades here);
-- * deleting a staff user sets staff_admin_id to NULL (the foreign key's ON DELETE SET NULL).
-- Nothing else of a row can change, whatever the setting.
CREATE FUNCTION customer_consent_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  erasure boolean := coalesce(current_setting('avlu.erasure', true), '') = 'on';
  allowed customer_consent_events;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    allowed := OLD;
    IF NEW.staff_admin_id IS NULL THEN allowed.staff_admin_id := NULL; END IF;
    IF erasure AND NEW.client_address IS NULL THEN allowed.client_address := NULL; END IF;
    IF NEW IS NOT DISTINCT FROM allowed THEN RETURN NEW; END IF;
  ELSIF erasure THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'customer_consent_events is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege',
      HINT = 'Consent history changes only by new rows; erasure runs through allowConsentErasure.';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customer_consent_events_append_only
BEFORE UPDATE OR DELETE ON customer_consent_events
FOR EACH ROW EXECUTE FUNCTION customer_consent_events_append_only();
--> statement-breakpoint
CREATE TRIGGER customer_consent_events_no_truncate
BEFORE TRUNCATE ON customer_consent_events
FOR EACH STATEMENT EXECUTE FUNCTION customer_consent_events_append_only();
