-- customer_facts (customers.tables.ts) holds the segment conditions of every live customer. This
-- view is the one definition of a facts row; the triggers below and the benchmark's generator fill
-- the table from it. Deleted customers have no facts row: every segment leaves them out.
CREATE VIEW customer_facts_source AS
SELECT
  l.location_no,
  c.created_at,
  c.customer_birthdate,
  c.customer_number_of_children,
  extract(month FROM c.customer_birthdate)::smallint AS customer_birth_month,
  c.customer_sms_permission,
  c.customer_email_permission,
  c.customer_call_permission,
  c.customer_kvkk_permission,
  c.customer_is_developer,
  c.customer_is_parent,
  c.customer_vehicle_plate IS NOT NULL AS customer_has_vehicle,
  coalesce(c.customer_email, '') <> '' AS customer_has_email,
  c.customer_push_token IS NOT NULL AS customer_has_push_token,
  c.customer_gender,
  c.customer_frequency,
  c.customer_province,
  c.customer_district,
  c.customer_locality,
  c.channel_id,
  c._id AS customer_id
FROM customers c
JOIN locations l ON l._id = c.location_id
WHERE c.customer_deleted_at IS NULL;
--> statement-breakpoint
-- Statement triggers with transition tables: an import of a thousand rows is one delete and one
-- insert here, not a thousand. An update replaces the changed customers' rows. The statements are
-- EXECUTEd so each is planned for its own number of rows: a plan cached for a thousand-row import
-- (a scan of every customer) must not be reused for the next single-row update.
CREATE FUNCTION customer_facts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE 'DELETE FROM customer_facts WHERE customer_id IN (SELECT _id FROM old_rows)';
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- The view's columns are the table's, in its order (customer-facts.test.ts holds them to it).
    EXECUTE 'INSERT INTO customer_facts SELECT * FROM customer_facts_source
      WHERE customer_id IN (SELECT _id FROM new_rows)';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customer_facts_on_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_facts_sync();
--> statement-breakpoint
CREATE TRIGGER customer_facts_on_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_facts_sync();
--> statement-breakpoint
CREATE TRIGGER customer_facts_on_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_facts_sync();
