-- The posting port and the subledgers' seams (issue 19, parts 1 and 3). Every entry names its
-- source as a typed reference (module, document type, document id: journals.source_type and a uuid
-- source_id, indexed), each line its source line and, on a control account, its party. The
-- database keeps party balances (per party, control account, period and currency) as it keeps
-- account balances: the insert trigger records their deltas with the others, the commit flush
-- applies them; the API role reads them and cannot write them. And only the ledger's posting port
-- writes ledger lines: it sets erp.ledger_port for its transaction (SET LOCAL), and the insert
-- trigger refuses any statement made without it.
CREATE TABLE "party_balances" (
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"party_type" text NOT NULL,
	"party_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"debit_minor" bigint NOT NULL,
	"credit_minor" bigint NOT NULL,
	"base_debit_minor" bigint NOT NULL,
	"base_credit_minor" bigint NOT NULL,
	CONSTRAINT "party_balances_tenant_id_company_id_party_type_party_id_account_id_period_id_currency_pk" PRIMARY KEY("tenant_id","company_id","party_type","party_id","account_id","period_id","currency")
);
--> statement-breakpoint
ALTER TABLE "journals" ALTER COLUMN "source_id" SET DATA TYPE uuid USING "source_id"::uuid;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "source_type" text DEFAULT 'Journal' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "line_ref" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "party_type" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "party_id" uuid;--> statement-breakpoint
CREATE INDEX "journals_source_idx" ON "journals" USING btree ("tenant_id","source_module","source_type","source_id") WHERE "journals"."source_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_party_idx" ON "ledger_entries" USING btree ("tenant_id","company_id","party_type","party_id","account_id","entry_date") WHERE "ledger_entries"."party_id" is not null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_party" CHECK (("ledger_entries"."party_type" is null) = ("ledger_entries"."party_id" is null));--> statement-breakpoint
-- The sources of what is already posted, as the port now writes them.
ALTER TABLE journals DISABLE TRIGGER journals_guard;
--> statement-breakpoint
UPDATE journals SET source_type = CASE
    WHEN intercompany_id IS NOT NULL THEN 'IntercompanyJournal'
    WHEN recurring_id IS NOT NULL THEN 'RecurringJournal'
    WHEN kind = 'Adjustment' AND source_id IS NOT NULL THEN 'FiscalYearClose'
    ELSE source_type END,
  source_id = coalesce(source_id, intercompany_id, recurring_id)
WHERE intercompany_id IS NOT NULL OR recurring_id IS NOT NULL OR (kind = 'Adjustment' AND source_id IS NOT NULL);
--> statement-breakpoint
ALTER TABLE journals ENABLE TRIGGER journals_guard;
--> statement-breakpoint
ALTER TABLE "ledger_balance_deltas" ADD COLUMN "party_type" text;
--> statement-breakpoint
ALTER TABLE "ledger_balance_deltas" ADD COLUMN "party_id" uuid;
--> statement-breakpoint
-- As in 0012, plus: the API role cannot write the party balances either.
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
  REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON party_balances FROM erp_app;
  REVOKE ALL ON ledger_balance_deltas FROM erp_app;
END $$;
--> statement-breakpoint
-- As in 0012, plus: refused unless made by the posting port (erp.ledger_port set for the
-- transaction); the party of each line goes with its deltas.
CREATE OR REPLACE FUNCTION erp_ledger_entries_inserted() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  bad record;
  tx bigint := txid_current();
  needs_flush boolean;
BEGIN
  IF coalesce(current_setting('erp.ledger_port', true), '') <> 'on' THEN
    RAISE EXCEPTION 'ledger_entries is written only through the ledger''s posting port' USING ERRCODE = 'insufficient_privilege';
  END IF;
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
    (xact, flush, tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id, party_type, party_id,
     debit_minor, credit_minor, base_debit_minor, base_credit_minor)
  SELECT tx, needs_flush AND row_number() OVER () = 1, g.*
  FROM (
    SELECT tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id, party_type, party_id,
           sum(debit_minor), sum(credit_minor), sum(base_debit_minor), sum(base_credit_minor)
    FROM new_rows
    GROUP BY tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id, party_type, party_id
  ) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As in 0012, plus the party balances (from the deltas that name a party), after the day balances
-- and sorted by key like them.
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
  INSERT INTO party_balances AS b
    (tenant_id, company_id, party_type, party_id, account_id, period_id, currency, debit_minor, credit_minor, base_debit_minor, base_credit_minor)
  SELECT tenant_id, company_id, party_type, party_id, account_id, period_id, currency,
         sum(debit_minor), sum(credit_minor), sum(base_debit_minor), sum(base_credit_minor)
  FROM ledger_balance_deltas WHERE xact = NEW.xact AND party_id IS NOT NULL
  GROUP BY tenant_id, company_id, party_type, party_id, account_id, period_id, currency
  ORDER BY tenant_id, company_id, party_type, party_id, account_id, period_id, currency
  ON CONFLICT (tenant_id, company_id, party_type, party_id, account_id, period_id, currency) DO UPDATE SET
    debit_minor = b.debit_minor + excluded.debit_minor,
    credit_minor = b.credit_minor + excluded.credit_minor,
    base_debit_minor = b.base_debit_minor + excluded.base_debit_minor,
    base_credit_minor = b.base_credit_minor + excluded.base_credit_minor;
  DELETE FROM ledger_balance_deltas WHERE xact = NEW.xact;
  RETURN NULL;
END $$;
