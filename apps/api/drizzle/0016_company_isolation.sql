-- Company isolation in the database (issue 19, part 5), and an API role Citus can use.
--
-- Citus opens its connections to the worker nodes as the current role: the API role must be one
-- that may log in (still NOSUPERUSER, NOBYPASSRLS, owning nothing; no password here: the
-- operator gives it one, or trusts it, outside the repository).
DO $$
BEGIN
  IF NOT (SELECT rolcanlogin FROM pg_roles WHERE rolname = 'erp_app') THEN
    ALTER ROLE erp_app LOGIN;
  END IF;
END $$;
--> statement-breakpoint
-- Every table with a company_id (but the exceptions below) gets a RESTRICTIVE policy on top of the
-- tenant one: a row is visible and writable only when its company is one of the transaction's
-- companies, `app.company_ids` (comma-separated uuids set with SET LOCAL by withTenant, like the
-- tenant), or when that setting is '*', which server code sets for the system paths that act for a
-- whole tenant (seeding a company, the recurring and escalation jobs). Unset, empty or anything
-- else: no company rows. A table with a partner_company_id (a document between two companies)
-- belongs to both companies of its pair. Where company_id may be null (a kit entity of the whole
-- tenant, as exchange rates), a row without a company is the tenant's, as the tenant policy says.
-- The settings are read in sub-selects, so each statement reads them once (an init plan), not once
-- per row.
--
-- The exceptions, where a company is a reference rather than the owner (the catalogue test lists
-- them with their reasons): companies (the tenant's organisation structure), users (a user's home
-- company; users are administered tenant-wide and signed in before any company is known), and the
-- lines of intercompany journals and templates (a line's company is the ledger it goes to, either
-- company of the pair; the line belongs to its document, whose policy admits both companies).
CREATE OR REPLACE FUNCTION erp_secure_company_tables() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
  allowed text := 'ARRAY(SELECT unnest(string_to_array(nullif(current_setting(''app.company_ids'', true), ''*''), '',''))::uuid)';
  rule text;
BEGIN
  FOR r IN
    SELECT c.relname, NOT a.attnotnull AS optional, EXISTS (
        SELECT 1 FROM pg_attribute p WHERE p.attrelid = c.oid AND p.attname = 'partner_company_id' AND NOT p.attisdropped) AS paired
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute t ON t.attrelid = c.oid AND t.attname = 'tenant_id' AND NOT t.attisdropped
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
      AND c.relname NOT IN ('companies', 'users', 'intercompany_journal_lines', 'intercompany_template_lines')
  LOOP
    IF NOT EXISTS (
      SELECT 1 FROM pg_policies WHERE schemaname = current_schema() AND tablename = r.relname AND policyname = 'company_isolation'
    ) THEN
      rule := format('((SELECT current_setting(''app.company_ids'', true)) = ''*'' OR company_id = ANY (%s)%s%s)',
        allowed, CASE WHEN r.paired THEN format(' OR partner_company_id = ANY (%s)', allowed) ELSE '' END,
        CASE WHEN r.optional THEN ' OR company_id IS NULL' ELSE '' END);
      EXECUTE format('CREATE POLICY company_isolation ON %I AS RESTRICTIVE USING %s WITH CHECK %s', r.relname, rule, rule);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- As in 0013 (0012 and the party balances), then the company policy: the migrator runs this after every migration, so a future
-- module's company tables get the company policy as they get the tenant one.
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
  PERFORM erp_secure_company_tables();
END $$;
