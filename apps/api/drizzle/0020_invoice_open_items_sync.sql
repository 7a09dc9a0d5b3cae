-- What the invoice list reads of the open items, kept on the invoice (issue 15, bench 9): the first
-- due date of its items (due_date), the sum of their remaining (remaining_minor, null before
-- posting), the earliest due date of an item still open with something to pay (open_due_date, null
-- when none: "overdue on D" is open_due_date < D, a range of invoices_open_list_idx and
-- invoices_open_due_idx). Any statement that writes open_items (posting, credit notes, reversals,
-- payments) brings its invoices up to date in one set-based update at its end; a writer that already
-- set the columns (the direct post writes the invoice with them) causes no update.
CREATE FUNCTION invoices_sync_open_items() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  UPDATE invoices i SET due_date = x.due_date, remaining_minor = x.remaining_minor, open_due_date = x.open_due_date
  FROM (
    SELECT c.tenant_id, c.invoice_id, s.due_date, s.remaining_minor, s.open_due_date
    FROM (SELECT DISTINCT tenant_id, invoice_id FROM changed) c
    CROSS JOIN LATERAL (
      SELECT min(o.due_date) AS due_date, sum(o.remaining_minor)::bigint AS remaining_minor,
        min(o.due_date) FILTER (WHERE o.status = 'Open' AND o.remaining_minor > 0) AS open_due_date
      FROM open_items o WHERE o.tenant_id = c.tenant_id AND o.invoice_id = c.invoice_id
    ) s
  ) x
  WHERE i.tenant_id = x.tenant_id AND i.id = x.invoice_id
    AND (i.due_date, i.remaining_minor, i.open_due_date) IS DISTINCT FROM (x.due_date, x.remaining_minor, x.open_due_date);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER open_items_sync_insert AFTER INSERT ON open_items REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION invoices_sync_open_items();
--> statement-breakpoint
CREATE TRIGGER open_items_sync_update AFTER UPDATE ON open_items REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION invoices_sync_open_items();
--> statement-breakpoint
CREATE TRIGGER open_items_sync_delete AFTER DELETE ON open_items REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION invoices_sync_open_items();
--> statement-breakpoint
UPDATE invoices i SET due_date = s.due_date, remaining_minor = s.remaining_minor, open_due_date = s.open_due_date
FROM (
  SELECT o.tenant_id, o.invoice_id, min(o.due_date) AS due_date, sum(o.remaining_minor)::bigint AS remaining_minor,
    min(o.due_date) FILTER (WHERE o.status = 'Open' AND o.remaining_minor > 0) AS open_due_date
  FROM open_items o GROUP BY o.tenant_id, o.invoice_id
) s
WHERE i.tenant_id = s.tenant_id AND i.id = s.invoice_id;
