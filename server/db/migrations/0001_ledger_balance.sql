-- Every ledger transaction must balance: its entries sum to zero. Checked at commit (deferred) so a
-- service can insert the entries of one transaction in any order within its database transaction.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount_pence), 0) INTO total FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (sum %)', NEW.transaction_id, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_balanced';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT OR UPDATE ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint
-- The ledger is append-only: corrections are new, balancing transactions.
CREATE FUNCTION ledger_forbid_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only' USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_forbid_change();
