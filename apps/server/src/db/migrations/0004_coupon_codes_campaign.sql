-- A coupon code belongs to a campaign of its own mall: (location_id, campaign_id) names a row of
-- campaigns (location_id, _id), and deleting the campaign deletes its codes. A foreign key would
-- check each inserted row on its own (half the time of saving a million generated codes); these
-- triggers check a statement's rows at once, and lock their campaigns FOR KEY SHARE as a foreign key
-- does, so a campaign cannot be deleted under codes being saved for it.
CREATE FUNCTION coupon_codes_check_campaign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM campaigns c
  WHERE (c.location_id, c._id) IN (SELECT DISTINCT n.location_id, n.campaign_id FROM new_codes n)
  FOR KEY SHARE;
  IF EXISTS (
    SELECT 1 FROM new_codes n
    WHERE NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.location_id = n.location_id AND c._id = n.campaign_id)
  ) THEN
    RAISE EXCEPTION 'coupon_codes: a code must belong to a campaign of its mall'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'coupon_codes_campaign';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER coupon_codes_campaign
AFTER INSERT ON coupon_codes
REFERENCING NEW TABLE AS new_codes
FOR EACH STATEMENT EXECUTE FUNCTION coupon_codes_check_campaign();
--> statement-breakpoint
-- A code never moves to another campaign or mall (no write path does; this says so for any).
CREATE FUNCTION coupon_codes_keep_campaign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'coupon_codes: a code stays in its campaign and mall'
    USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'coupon_codes_campaign';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER coupon_codes_keep_campaign
BEFORE UPDATE OF location_id, campaign_id ON coupon_codes
FOR EACH ROW
WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id OR OLD.campaign_id IS DISTINCT FROM NEW.campaign_id)
EXECUTE FUNCTION coupon_codes_keep_campaign();
--> statement-breakpoint
-- Deleting campaigns (one, or a mall's through its cascade) deletes their codes.
CREATE FUNCTION campaigns_delete_codes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM coupon_codes k USING old_campaigns o
  WHERE k.location_id = o.location_id AND k.campaign_id = o._id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER campaigns_delete_codes
AFTER DELETE ON campaigns
REFERENCING OLD TABLE AS old_campaigns
FOR EACH STATEMENT EXECUTE FUNCTION campaigns_delete_codes();
