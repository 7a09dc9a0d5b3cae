-- The statement triggers every posted invoice runs through (issue 15, bench 8), made to cost what the
-- statement wrote rather than what the tenant holds, and planned once per session.
--
-- 1. Open items inserted (0049's ageing trigger) without ageing_line_states for the items nothing else
-- touches yet: ageing_refresh cost each group commit of posts 10-40 ms, nearly all of it planning
-- ageing_line_states (a SQL function, planned on every call). An item whose document has no credit
-- (invoice_credits naming it as the invoice or as the credit note), with no allocation and no interval
-- kept yet is, by ageing_line_states, one interval from its document's posting date on, with no end: its
-- amount, in base its document's share (`total_base × amount / total_gross`, rounded once), kept when
-- either is not zero; the sums move by it on that day with a line more. Those items are written here in
-- one statement read from the transition table (PL/pgSQL keeps its plans); the other items still go
-- through ageing_refresh, first (an item's state does not depend on another's, and the fresh items are
-- told apart before it). The oracle of the tests (ageing_line_states over the tenant, and
-- the sums from the intervals) holds both.
--
-- 2. Both triggers reach the rows of the statement by their keys, never by the tenant: without
-- statistics (autovacuum is off, a table written since its last ANALYZE) the planner counts a row or two
-- in each table and drove 0020's update from an index scan over the tenant's invoices (each statement
-- read every invoice of the tenant: quadratic over a run of posts), or looked a row up by its id through
-- another index that begins with the tenant (invoices_party_status_list_idx, ageing_states_party_idx).
-- Every lookup here is `tenant = t AND key = ANY (the statement's keys)`, whose index is the one keyed
-- so whatever the estimates, and invoices_sync_open_items (0020) updates the same way.
CREATE OR REPLACE FUNCTION ageing_open_items_inserted() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  r record;
  credited uuid[];
  touched uuid[];
BEGIN
  FOR r IN SELECT c.tenant_id, array_agg(c.id) AS items, array_agg(DISTINCT c.invoice_id) AS docs FROM changed c GROUP BY 1 LOOP
    -- The items something else touches already: of a document credited or crediting, allocated, or with intervals kept.
    credited := ARRAY(
      SELECT k.invoice_id FROM invoice_credits k WHERE k.tenant_id = r.tenant_id AND k.invoice_id = ANY (r.docs)
      UNION SELECT k.credit_note_id FROM invoice_credits k WHERE k.tenant_id = r.tenant_id AND k.credit_note_id = ANY (r.docs));
    touched := ARRAY(
      SELECT c.id FROM changed c WHERE c.tenant_id = r.tenant_id AND c.invoice_id = ANY (credited)
      UNION SELECT a.open_item_id FROM payment_allocations a WHERE a.tenant_id = r.tenant_id AND a.open_item_id = ANY (r.items)
      UNION SELECT s.line_id FROM ageing_states s WHERE s.tenant_id = r.tenant_id AND s.line_id = ANY (r.items));
    PERFORM ageing_refresh(r.tenant_id, touched, NULL);
    -- The others; the sums' rows locked in key order (two writers never wait on each other in a circle within it).
    WITH inv AS MATERIALIZED (
      SELECT i.id, i.kind, i.posting_date, i.document_date, i.total_base_minor, i.total_gross_minor FROM invoices i WHERE i.tenant_id = r.tenant_id AND i.id = ANY (r.docs)
    ), neu AS (
      INSERT INTO ageing_states (tenant_id, company_id, side, line_id, from_date, to_date, line_kind, document_id, party_id, currency, document_date, due_date, amount_minor, remaining_minor, base_minor)
      SELECT v.* FROM (
        SELECT c.tenant_id, c.company_id, c.side, c.id, i.posting_date, NULL::date, CASE WHEN i.kind = 'Invoice' THEN 'Invoice' ELSE 'CreditNote' END, c.invoice_id, c.party_id, c.currency,
          i.document_date, c.due_date, c.amount_minor, c.amount_minor AS rem,
          (CASE WHEN i.total_gross_minor = 0 THEN 0 ELSE round(i.total_base_minor::numeric * c.amount_minor / i.total_gross_minor) END)::bigint AS brem
        FROM changed c JOIN inv i ON i.id = c.invoice_id
        WHERE c.tenant_id = r.tenant_id AND NOT (c.id = ANY (touched))
      ) v
      WHERE v.rem <> 0 OR v.brem <> 0
      RETURNING *
    )
    INSERT INTO ageing_sums AS s (tenant_id, company_id, side, day, party_id, currency, due_date, document_date, remaining_minor, base_minor, lines)
    SELECT n.tenant_id, n.company_id, n.side, n.from_date, n.party_id, n.currency, n.due_date, n.document_date, sum(n.remaining_minor), sum(n.base_minor), count(*)
    FROM neu n GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (tenant_id, company_id, side, day, party_id, currency, due_date, document_date) DO UPDATE
      SET remaining_minor = s.remaining_minor + excluded.remaining_minor, base_minor = s.base_minor + excluded.base_minor, lines = s.lines + excluded.lines;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoices_sync_open_items() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT c.tenant_id, array_agg(DISTINCT c.invoice_id) AS ids FROM changed c GROUP BY 1 LOOP
    UPDATE invoices i SET due_date = x.due_date, remaining_minor = x.remaining_minor, open_due_date = x.open_due_date
    FROM (
      SELECT d.id, s.due_date, s.remaining_minor, s.open_due_date
      FROM unnest(r.ids) AS d(id)
      CROSS JOIN LATERAL (
        SELECT min(o.due_date) AS due_date, sum(o.remaining_minor)::bigint AS remaining_minor,
          min(o.due_date) FILTER (WHERE o.status = 'Open' AND o.remaining_minor > 0) AS open_due_date
        FROM open_items o WHERE o.tenant_id = r.tenant_id AND o.invoice_id = d.id
      ) s
    ) x
    WHERE i.tenant_id = r.tenant_id AND i.id = ANY (r.ids) AND i.id = x.id
      AND (i.due_date, i.remaining_minor, i.open_due_date) IS DISTINCT FROM (x.due_date, x.remaining_minor, x.open_due_date);
  END LOOP;
  RETURN NULL;
END $$;
