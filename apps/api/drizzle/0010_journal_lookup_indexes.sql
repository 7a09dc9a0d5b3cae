-- Posting time must not grow with the ledger (issue 5, benchmarks 1-3). Two plans made once per
-- connection, possibly without statistics, scanned what had been posted before; see below.
-- Every ledger line's foreign key check looks its journal up by (tenant_id, id). Its plan is made
-- once per connection; made without statistics (a new table, autovacuum not yet run) it took the
-- smallest index leading with tenant_id (recurring, reversal, then the list index) and scanned
-- every journal of the tenant for each line, so posting slowed as journals accumulated. The sparse
-- indexes become partial (same uniqueness: NULLs never conflicted) and the list index no longer
-- leads with tenant_id (row-level security adds it as a filter), so only the primary key serves it.
DROP INDEX "journals_number_uq";--> statement-breakpoint
DROP INDEX "journals_reversal_uq";--> statement-breakpoint
DROP INDEX "journals_list_idx";--> statement-breakpoint
DROP INDEX "journals_recurring_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "journals_number_uq" ON "journals" USING btree ("tenant_id","company_id","number") WHERE "journals"."number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "journals_reversal_uq" ON "journals" USING btree ("tenant_id","reversal_of") WHERE "journals"."reversal_of" is not null;--> statement-breakpoint
CREATE INDEX "journals_list_idx" ON "journals" USING btree ("company_id","journal_date","id");--> statement-breakpoint
CREATE INDEX "journals_recurring_idx" ON "journals" USING btree ("tenant_id","recurring_id","journal_date") WHERE "journals"."recurring_id" is not null;--> statement-breakpoint
-- The balance check of the insert trigger read every line of each journal the statement touched
-- back from ledger_entries. That plan is made once per connection (it has no parameters), when
-- the table may be empty: it became a sequential scan of the whole table on every posting. It
-- now checks the statement's own lines: each journal's lines in the statement balance in each
-- transaction currency and in base. The same invariant, at least as strict: a journal's lines
-- are inserted in one statement (RULES.md); lines added by another statement must balance on
-- their own, so no statement can leave a journal unbalanced, nor finish an unbalanced one.
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
