-- Posting speed without weakening a rule (issue 5, benchmarks 1-3). The balance rows of an account
-- and period are shared by every posting to them: a transaction that upserted them when it
-- inserted its lines held their locks through its remaining statements, the gapless number and
-- the commit, and concurrent postings queued behind it. The insert trigger now checks the period
-- and the balance as before, but only records the balance deltas (aggregated per key); a deferred
-- constraint trigger applies them, once per transaction, at commit, in one statement sorted by
-- key (no deadlock between postings). Balances stay maintained by the database alone: the API
-- role cannot read or write the deltas, and a committed posting has always applied them.
-- A posting holds its periods with shared advisory locks instead of FOR SHARE row locks (which
-- wrote WAL and a multixact on the one period row every posting shares); any change to a period
-- takes the exclusive lock, so closing still waits for the postings in flight.
-- Last, the principal lookup that precedes every authenticated call becomes one statement.

-- The deltas of the running transaction (xact = its txid); flushed and deleted at its commit, so
-- never a committed row. Unlogged: nothing in it survives a transaction.
CREATE UNLOGGED TABLE "ledger_balance_deltas" (
	"xact" bigint NOT NULL,
	"flush" boolean NOT NULL,
	"tenant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"dimension_set_id" uuid NOT NULL,
	"debit_minor" bigint NOT NULL,
	"credit_minor" bigint NOT NULL,
	"base_debit_minor" bigint NOT NULL,
	"base_credit_minor" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_balance_deltas_xact_idx" ON "ledger_balance_deltas" USING btree ("xact");
--> statement-breakpoint
-- As in 0005, plus: the API role has no privilege on the pending deltas either.
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
  REVOKE ALL ON ledger_balance_deltas FROM erp_app;
END $$;
--> statement-breakpoint
-- One check per insert statement (not per row), as in 0005: every line falls inside an open period
-- of its company (locked so that closing it waits for this posting), and every journal
-- the statement touches balances in each transaction currency and in base currency (one pass over
-- its lines). Then the statement's balance deltas are recorded; the first delta row of a
-- transaction carries the flush (a deferred trigger). Runs as the owner.
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
    SELECT e.journal_id, e.currency,
           sum(e.debit_minor) AS d, sum(e.credit_minor) AS c, sum(e.base_debit_minor) AS bd, sum(e.base_credit_minor) AS bc
    FROM ledger_entries e
    JOIN (SELECT DISTINCT tenant_id, journal_id FROM new_rows) t ON t.tenant_id = e.tenant_id AND t.journal_id = e.journal_id
    GROUP BY GROUPING SETS ((e.journal_id, e.currency), (e.journal_id))
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
    (xact, flush, tenant_id, company_id, account_id, period_id, currency, dimension_set_id, debit_minor, credit_minor, base_debit_minor, base_credit_minor)
  SELECT tx, needs_flush AND row_number() OVER () = 1, g.*
  FROM (
    SELECT tenant_id, company_id, account_id, period_id, currency, dimension_set_id,
           sum(debit_minor), sum(credit_minor), sum(base_debit_minor), sum(base_credit_minor)
    FROM new_rows
    GROUP BY tenant_id, company_id, account_id, period_id, currency, dimension_set_id
  ) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Any change to a period (closing, locking, its dates) or its deletion waits for the postings into
-- it that are in flight: they hold the shared lock until they commit.
CREATE OR REPLACE FUNCTION erp_period_change_waits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7241, hashtext(OLD.id::text));
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounting_periods_wait_postings BEFORE UPDATE OR DELETE ON accounting_periods
  FOR EACH ROW EXECUTE FUNCTION erp_period_change_waits();
--> statement-breakpoint
-- At commit (or when the constraint is set IMMEDIATE), once per transaction: every pending delta
-- of the transaction goes into account_balances in one upsert sorted by key, and is deleted, so a
-- later insert in the same transaction schedules a new flush.
CREATE OR REPLACE FUNCTION erp_ledger_balances_flush() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  WITH d AS (DELETE FROM ledger_balance_deltas WHERE xact = NEW.xact RETURNING *)
  INSERT INTO account_balances AS b
    (tenant_id, company_id, account_id, period_id, currency, dimension_set_id, debit_minor, credit_minor, base_debit_minor, base_credit_minor)
  SELECT tenant_id, company_id, account_id, period_id, currency, dimension_set_id,
         sum(debit_minor), sum(credit_minor), sum(base_debit_minor), sum(base_credit_minor)
  FROM d
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
CREATE CONSTRAINT TRIGGER ledger_balances_flush AFTER INSERT ON ledger_balance_deltas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.flush) EXECUTE FUNCTION erp_ledger_balances_flush();
--> statement-breakpoint
-- The principal behind a token, read before every authenticated call, in one round trip instead of
-- a transaction of four: the tenant is set for this statement's own transaction and the rows are
-- also filtered by it explicitly. Only the connecting (owner) role may call it: not PUBLIC, not
-- the API role.
CREATE OR REPLACE FUNCTION erp_principal(p_tenant uuid, p_user uuid) RETURNS json LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true), set_config('app.user_id', p_user::text, true);
  RETURN (
    SELECT json_build_object('status', u.status, 'version', u.token_version, 'roleId', u.role_id, 'companyId', u.company_id,
      'rows', (SELECT coalesce(json_agg(json_build_object('module', p.module, 'routeGroup', p.route_group, 'pageLink', p.page_link, 'operations', p.operations)), '[]'::json)
               FROM role_permissions p WHERE p.tenant_id = p_tenant AND p.role_id = u.role_id))
    FROM users u WHERE u.tenant_id = p_tenant AND u.user_id = p_user);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION erp_principal(uuid, uuid) FROM PUBLIC;
