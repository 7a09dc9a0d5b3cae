-- The counts of the invoice list's equality filters (issue 15, bench 9; table in 0050,
-- `invoices/invoices.tables.ts`): how many documents each (company, side, kind, state, party,
-- currency) holds. Every statement that inserts, deletes or changes those columns of invoices moves
-- the counts by the difference at its end, in one upsert whose rows are locked in key order (two
-- writers never wait on each other in a circle within it); a change of anything else (totals, the
-- open items' columns, dates) writes nothing here.
CREATE FUNCTION invoice_list_counts_move() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_list_counts AS s (tenant_id, company_id, side, kind, status, party_id, currency, documents)
    SELECT n.tenant_id, n.company_id, n.side, n.kind, n.status, n.party_id, n.currency, count(*)
    FROM changed n GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (tenant_id, company_id, side, kind, status, party_id, currency) DO UPDATE SET documents = s.documents + excluded.documents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_list_counts AS s (tenant_id, company_id, side, kind, status, party_id, currency, documents)
    SELECT b.tenant_id, b.company_id, b.side, b.kind, b.status, b.party_id, b.currency, -count(*)
    FROM before b GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (tenant_id, company_id, side, kind, status, party_id, currency) DO UPDATE SET documents = s.documents + excluded.documents;
  ELSE
    INSERT INTO invoice_list_counts AS s (tenant_id, company_id, side, kind, status, party_id, currency, documents)
    SELECT d.tenant_id, d.company_id, d.side, d.kind, d.status, d.party_id, d.currency, sum(d.n)
    FROM (
      SELECT b.tenant_id, b.company_id, b.side, b.kind, b.status, b.party_id, b.currency, -1 AS n
      FROM before b JOIN changed n ON n.tenant_id = b.tenant_id AND n.id = b.id
      WHERE (b.company_id, b.side, b.kind, b.status, b.party_id, b.currency) IS DISTINCT FROM (n.company_id, n.side, n.kind, n.status, n.party_id, n.currency)
      UNION ALL
      SELECT n.tenant_id, n.company_id, n.side, n.kind, n.status, n.party_id, n.currency, 1
      FROM before b JOIN changed n ON n.tenant_id = b.tenant_id AND n.id = b.id
      WHERE (b.company_id, b.side, b.kind, b.status, b.party_id, b.currency) IS DISTINCT FROM (n.company_id, n.side, n.kind, n.status, n.party_id, n.currency)
    ) d
    GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (tenant_id, company_id, side, kind, status, party_id, currency) DO UPDATE SET documents = s.documents + excluded.documents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_list_counts_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION invoice_list_counts_move();
--> statement-breakpoint
CREATE TRIGGER invoices_list_counts_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION invoice_list_counts_move();
--> statement-breakpoint
CREATE TRIGGER invoices_list_counts_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS before FOR EACH STATEMENT EXECUTE FUNCTION invoice_list_counts_move();
--> statement-breakpoint
-- A tenant's counts recomputed from its invoices: what exists already, and a tenant whose rows were
-- written with the triggers off (a restore in replica mode, the benchmark's generated invoices).
CREATE FUNCTION invoice_list_counts_rebuild(t uuid) RETURNS void
  LANGUAGE sql SET search_path = public AS $$
  DELETE FROM invoice_list_counts WHERE tenant_id = t;
  INSERT INTO invoice_list_counts (tenant_id, company_id, side, kind, status, party_id, currency, documents)
  SELECT i.tenant_id, i.company_id, i.side, i.kind, i.status, i.party_id, i.currency, count(*)
  FROM invoices i WHERE i.tenant_id = t GROUP BY 1, 2, 3, 4, 5, 6, 7;
$$;
--> statement-breakpoint
SELECT invoice_list_counts_rebuild(x.tenant_id) FROM (SELECT DISTINCT tenant_id FROM invoices) x;
