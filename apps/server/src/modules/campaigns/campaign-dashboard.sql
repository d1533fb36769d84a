-- The campaign dashboard's ordinals (campaign-dashboard.tables.ts): a customer who takes part in a
-- campaign, and a receipt credited to one, get their number in the transaction that writes the
-- participation or the credit. So whatever snapshot the rollup reads, a source row it sees has its
-- ordinal (committed with it or before it). A second transaction numbering the same customer at once
-- waits on the first's key and then finds it; the NOT EXISTS spares the identity a number per row
-- already numbered. Whatever writes the rows (every mechanic, the demo, the bench) is covered.
CREATE FUNCTION campaign_participations_number_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_customer_ordinals (customer_id)
  SELECT DISTINCT n.customer_id FROM new_participations n
  WHERE NOT EXISTS (SELECT 1 FROM campaign_customer_ordinals o WHERE o.customer_id = n.customer_id)
  ORDER BY 1
  ON CONFLICT (customer_id) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER campaign_participations_number_customers
AFTER INSERT ON campaign_participations
REFERENCING NEW TABLE AS new_participations
FOR EACH STATEMENT EXECUTE FUNCTION campaign_participations_number_customers();
--> statement-breakpoint
CREATE FUNCTION campaign_receipt_credits_number_receipts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_receipt_ordinals (receipt_id)
  SELECT DISTINCT n.receipt_id FROM new_credits n
  WHERE NOT EXISTS (SELECT 1 FROM campaign_receipt_ordinals o WHERE o.receipt_id = n.receipt_id)
  ORDER BY 1
  ON CONFLICT (receipt_id) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER campaign_receipt_credits_number_receipts
AFTER INSERT ON campaign_receipt_credits
REFERENCING NEW TABLE AS new_credits
FOR EACH STATEMENT EXECUTE FUNCTION campaign_receipt_credits_number_receipts();
--> statement-breakpoint
-- A participation or a credit never moves to another customer or receipt (no write path does; this
-- says so for any, since the ordinals above are given on insert only).
CREATE FUNCTION campaign_dashboard_keep_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%: a row keeps its customer and receipt', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER campaign_participations_keep_customer
BEFORE UPDATE OF customer_id ON campaign_participations
FOR EACH ROW WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id)
EXECUTE FUNCTION campaign_dashboard_keep_member();
--> statement-breakpoint
CREATE TRIGGER campaign_receipt_credits_keep_receipt
BEFORE UPDATE OF receipt_id ON campaign_receipt_credits
FOR EACH ROW WHEN (OLD.receipt_id IS DISTINCT FROM NEW.receipt_id)
EXECUTE FUNCTION campaign_dashboard_keep_member();
