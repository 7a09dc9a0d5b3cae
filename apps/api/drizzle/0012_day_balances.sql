CREATE TABLE "account_day_balances" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"currency" text NOT NULL,
	"dimension_set_id" uuid NOT NULL,
	"debit_minor" bigint NOT NULL,
	"credit_minor" bigint NOT NULL,
	"base_debit_minor" bigint NOT NULL,
	"base_credit_minor" bigint NOT NULL,
	CONSTRAINT "account_day_balances_tenant_id_company_id_account_id_period_id_entry_date_currency_dimension_set_id_pk" PRIMARY KEY("tenant_id","company_id","account_id","period_id","entry_date","currency","dimension_set_id")
);
--> statement-breakpoint
-- A report cut inside a period (a trial balance as of the 15th) read that period's ledger lines:
-- half a month of a 10,000,000-line year is 400,000 lines, most of a second. The database now keeps
-- the same balances per day too (account_day_balances, by account, period, day, currency and
-- dimension set), applied at commit with account_balances by the same flush: the deltas carry the
-- day, and the flush upserts the period balances, then the day balances, each sorted by key (every
-- transaction locks in the same order: no deadlock), then deletes the deltas. The API role reads the
-- day balances and cannot write them.
ALTER TABLE "ledger_balance_deltas" ADD COLUMN "entry_date" date NOT NULL;
--> statement-breakpoint
-- As in 0009, plus: the API role cannot write the day balances either.
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
  REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON account_day_balances FROM erp_app;
  REVOKE ALL ON ledger_balance_deltas FROM erp_app;
END $$;
--> statement-breakpoint
-- As in 0010, with the day of each delta.
CREATE OR REPLACE FUNCTION erp_ledger_entries_inserted() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  bad record;
  tx bigint := txid_current();
  needs_flush boolean;
BEGIN
  -- The periods are held with shared advisory locks (no row lock: no WAL, no multixact on the
  -- shared period row); a change to a period takes the exclusive lock (trigger below), so closing
  -- waits for this posting, and a posting that starts after a close sees it in the check below
  -- (a new statement, a new snapshot). Above READ COMMITTED the snapshot is older: lock the rows.
  PERFORM pg_advisory_xact_lock_shared(7241, hashtext(x.period_id::text))
    FROM (SELECT DISTINCT n.period_id FROM new_rows n ORDER BY 1) x;
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    PERFORM 1 FROM accounting_periods p
      WHERE (p.tenant_id, p.id) IN (SELECT DISTINCT n.tenant_id, n.period_id FROM new_rows n)
      FOR SHARE;
  END IF;
  SELECT n.journal_id, n.entry_date INTO bad
    FROM new_rows n
    LEFT JOIN accounting_periods p ON p.tenant_id = n.tenant_id AND p.id = n.period_id AND p.company_id = n.company_id
    WHERE p.id IS NULL OR p.status <> 'Open' OR n.entry_date < p.start_date OR n.entry_date > p.end_date
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'The period of % is not open for posting', bad.entry_date USING ERRCODE = 'check_violation';
  END IF;
  SELECT s.journal_id, s.currency INTO bad FROM (
    SELECT n.journal_id, n.currency,
           sum(n.debit_minor) AS d, sum(n.credit_minor) AS c, sum(n.base_debit_minor) AS bd, sum(n.base_credit_minor) AS bc
    FROM new_rows n
    GROUP BY GROUPING SETS ((n.journal_id, n.currency), (n.journal_id))
  ) s
  WHERE (s.currency IS NOT NULL AND s.d <> s.c) OR (s.currency IS NULL AND s.bd <> s.bc)
  ORDER BY s.currency IS NULL
  LIMIT 1;
  IF FOUND AND bad.currency IS NOT NULL THEN
    RAISE EXCEPTION 'Journal % does not balance in %', bad.journal_id, bad.currency USING ERRCODE = 'check_violation';
  ELSIF FOUND THEN
    RAISE EXCEPTION 'Journal % does not balance in base currency', bad.journal_id USING ERRCODE = 'check_violation';
  END IF;
  needs_flush := NOT EXISTS (SELECT 1 FROM ledger_balance_deltas d WHERE d.xact = tx AND d.flush);
  INSERT INTO ledger_balance_deltas
    (xact, flush, tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id, debit_minor, credit_minor, base_debit_minor, base_credit_minor)
  SELECT tx, needs_flush AND row_number() OVER () = 1, g.*
  FROM (
    SELECT tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id,
           sum(debit_minor), sum(credit_minor), sum(base_debit_minor), sum(base_credit_minor)
    FROM new_rows
    GROUP BY tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id
  ) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION erp_ledger_balances_flush() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO account_balances AS b
    (tenant_id, company_id, account_id, period_id, currency, dimension_set_id, debit_minor, credit_minor, base_debit_minor, base_credit_minor)
  SELECT tenant_id, company_id, account_id, period_id, currency, dimension_set_id,
         sum(debit_minor), sum(credit_minor), sum(base_debit_minor), sum(base_credit_minor)
  FROM ledger_balance_deltas WHERE xact = NEW.xact
  GROUP BY tenant_id, company_id, account_id, period_id, currency, dimension_set_id
  ORDER BY tenant_id, company_id, account_id, period_id, currency, dimension_set_id
  ON CONFLICT (tenant_id, company_id, account_id, period_id, currency, dimension_set_id) DO UPDATE SET
    debit_minor = b.debit_minor + excluded.debit_minor,
    credit_minor = b.credit_minor + excluded.credit_minor,
    base_debit_minor = b.base_debit_minor + excluded.base_debit_minor,
    base_credit_minor = b.base_credit_minor + excluded.base_credit_minor;
  INSERT INTO account_day_balances AS b
    (tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id, debit_minor, credit_minor, base_debit_minor, base_credit_minor)
  SELECT tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id,
         sum(debit_minor), sum(credit_minor), sum(base_debit_minor), sum(base_credit_minor)
  FROM ledger_balance_deltas WHERE xact = NEW.xact
  GROUP BY tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id
  ORDER BY tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id
  ON CONFLICT (tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id) DO UPDATE SET
    debit_minor = b.debit_minor + excluded.debit_minor,
    credit_minor = b.credit_minor + excluded.credit_minor,
    base_debit_minor = b.base_debit_minor + excluded.base_debit_minor,
    base_credit_minor = b.base_credit_minor + excluded.base_credit_minor;
  DELETE FROM ledger_balance_deltas WHERE xact = NEW.xact;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The day balances of what is already posted (as the flush would have kept them), read as the
-- owner over every tenant: row security is not forced for this one statement (the migrator forces
-- it again on every tenant table after the migration).
ALTER TABLE ledger_entries NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO account_day_balances
  (tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id, debit_minor, credit_minor, base_debit_minor, base_credit_minor)
SELECT tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id,
       sum(debit_minor), sum(credit_minor), sum(base_debit_minor), sum(base_credit_minor)
FROM ledger_entries
GROUP BY tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id;
--> statement-breakpoint
ALTER TABLE ledger_entries FORCE ROW LEVEL SECURITY;
