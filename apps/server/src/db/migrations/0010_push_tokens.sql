-- customers.customer_push_token (spec §3's push token, shown on the customer's page) is the newest of
-- the customer's device tokens in customer_push_tokens (marketing-accounts.tables.ts), or null
-- without one. These triggers keep it whatever writes the tokens (registration, FCM's UNREGISTERED,
-- erasure), and the customers' own triggers then keep customer_facts.customer_has_push_token, which
-- the push audience counts read. Statement triggers with transition tables, as customer-facts.sql.
CREATE FUNCTION customer_push_token_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($sql$
    UPDATE customers c SET customer_push_token = newest.push_token
    FROM (
      SELECT changed.customer_id, (
        SELECT t.push_token FROM customer_push_tokens t
        WHERE t.customer_id = changed.customer_id
        ORDER BY t.updated_at DESC, t._id DESC LIMIT 1
      ) AS push_token
      FROM (%s) changed
    ) newest
    WHERE c._id = newest.customer_id AND c.customer_push_token IS DISTINCT FROM newest.push_token
  $sql$, CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT DISTINCT customer_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT DISTINCT customer_id FROM old_rows'
    ELSE 'SELECT customer_id FROM new_rows UNION SELECT customer_id FROM old_rows'
  END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customer_push_tokens_on_insert AFTER INSERT ON customer_push_tokens
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_push_token_sync();
--> statement-breakpoint
CREATE TRIGGER customer_push_tokens_on_update AFTER UPDATE ON customer_push_tokens
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_push_token_sync();
--> statement-breakpoint
CREATE TRIGGER customer_push_tokens_on_delete AFTER DELETE ON customer_push_tokens
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_push_token_sync();
