-- The ledger cannot lie (DESIGN.md principle 2), enforced by the database itself.

-- Grants are re-applied after every migration: keep the append-only tables append-only, and let
-- only the database (the trigger below, as owner) write the maintained balances.
CREATE OR REPLACE FUNCTION erp_secure_tenant_tables() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT c.relname
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname <> 'tenant_hosts'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', r.relname);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', r.relname);
    IF NOT EXISTS (
      SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = r.relname AND policyname = 'tenant_isolation'
    ) THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid) '
        'WITH CHECK (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::uuid)',
        r.relname);
    END IF;
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO erp_app', r.relname);
  END LOOP;
  REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM erp_app;
  REVOKE UPDATE, DELETE, TRUNCATE ON ledger_entries FROM erp_app;
  REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON account_balances FROM erp_app;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION erp_refuse_change();
--> statement-breakpoint
-- One check per insert statement (not per row): every journal the statement touches must balance
-- in base currency and in each transaction currency, and every line must fall inside an open
-- period of its company, which is locked FOR SHARE so that closing it waits for this posting.
-- Then the balances are kept from the same rows. Runs as the owner: the API role cannot write
-- balances itself.
CREATE OR REPLACE FUNCTION erp_ledger_entries_inserted() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  bad record;
BEGIN
  PERFORM 1 FROM accounting_periods p
    WHERE (p.tenant_id, p.id) IN (SELECT DISTINCT n.tenant_id, n.period_id FROM new_rows n)
    FOR SHARE;
  SELECT n.journal_id, n.entry_date INTO bad
    FROM new_rows n
    LEFT JOIN accounting_periods p ON p.tenant_id = n.tenant_id AND p.id = n.period_id AND p.company_id = n.company_id
    WHERE p.id IS NULL OR p.status <> 'Open' OR n.entry_date < p.start_date OR n.entry_date > p.end_date
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'The period of % is not open for posting', bad.entry_date USING ERRCODE = 'check_violation';
  END IF;
  SELECT s.journal_id, s.currency INTO bad FROM (
    SELECT e.journal_id, e.currency, sum(e.debit_minor) AS d, sum(e.credit_minor) AS c
    FROM ledger_entries e
    JOIN (SELECT DISTINCT tenant_id, journal_id FROM new_rows) t ON t.tenant_id = e.tenant_id AND t.journal_id = e.journal_id
    GROUP BY e.journal_id, e.currency
  ) s WHERE s.d <> s.c LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Journal % does not balance in %', bad.journal_id, bad.currency USING ERRCODE = 'check_violation';
  END IF;
  SELECT s.journal_id INTO bad FROM (
    SELECT e.journal_id, sum(e.base_debit_minor) AS d, sum(e.base_credit_minor) AS c
    FROM ledger_entries e
    JOIN (SELECT DISTINCT tenant_id, journal_id FROM new_rows) t ON t.tenant_id = e.tenant_id AND t.journal_id = e.journal_id
    GROUP BY e.journal_id
  ) s WHERE s.d <> s.c LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Journal % does not balance in base currency', bad.journal_id USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO account_balances AS b
    (tenant_id, company_id, account_id, period_id, currency, dimension_set_id, debit_minor, credit_minor, base_debit_minor, base_credit_minor)
  SELECT tenant_id, company_id, account_id, period_id, currency, dimension_set_id,
         sum(debit_minor), sum(credit_minor), sum(base_debit_minor), sum(base_credit_minor)
  FROM new_rows
  GROUP BY tenant_id, company_id, account_id, period_id, currency, dimension_set_id
  ORDER BY tenant_id, company_id, account_id, period_id, currency, dimension_set_id
  ON CONFLICT (tenant_id, company_id, account_id, period_id, currency, dimension_set_id) DO UPDATE SET
    debit_minor = b.debit_minor + excluded.debit_minor,
    credit_minor = b.credit_minor + excluded.credit_minor,
    base_debit_minor = b.base_debit_minor + excluded.base_debit_minor,
    base_credit_minor = b.base_credit_minor + excluded.base_credit_minor;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_inserted AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_ledger_entries_inserted();
--> statement-breakpoint
-- A posted journal is history: only its reversal may touch it (status Posted -> Reversed with the
-- reversing journal's id); it is never deleted.
CREATE OR REPLACE FUNCTION erp_journals_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status IN ('Posted', 'Reversed') THEN
      RAISE EXCEPTION 'A posted journal cannot be deleted: reverse it' USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status IN ('Posted', 'Reversed') THEN
    IF NOT (OLD.status = 'Posted' AND NEW.status = 'Reversed' AND OLD.reversed_by IS NULL AND NEW.reversed_by IS NOT NULL
            AND (NEW.number, NEW.journal_date, NEW.period_id, NEW.total_base_minor, NEW.company_id, NEW.kind)
                IS NOT DISTINCT FROM (OLD.number, OLD.journal_date, OLD.period_id, OLD.total_base_minor, OLD.company_id, OLD.kind)) THEN
      RAISE EXCEPTION 'A posted journal cannot be changed: reverse it' USING ERRCODE = 'insufficient_privilege';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER journals_guard BEFORE UPDATE OR DELETE ON journals
  FOR EACH ROW EXECUTE FUNCTION erp_journals_guard();
--> statement-breakpoint
-- Closing or locking a period that has postings in flight waits for them (they hold FOR SHARE).
SELECT erp_secure_tenant_tables();
