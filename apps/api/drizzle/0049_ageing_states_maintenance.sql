-- The ageing's maintained structure (issue 16, bench 12; tables in 0048, `ageing/ageing.tables.ts`).
--
-- ageing_line_states(tenant, items, payments) computes, from what the documents hold, each ageing line's
-- dated intervals over which it is not zero: an open item from its document's posting date, less the
-- credit notes posted by each day (an invoice's credits taken off its items earliest due first; a
-- credit note's item less what it applied), less the allocations in force that day (their entry dated
-- by then, neither un-allocated nor reversed by an entry dated by then); in base its credited balance at
-- its document's share (`total_base × amount / total_gross`, rounded once) less the allocations'
-- control_base_minor. A posted payment's amount on account from its entry's date until its reversal's,
-- less the cash of its allocations in force and the refunds in force returning it; in base exactly what
-- its entries dated by then put on its 'on account' line, each converted at the payment's rate and
-- rounded half away from zero as posting's convert() does (its own entry on its amount less what it
-- allocated at once, each later allocation or un-allocation entry on the cash it moved), less each refund
-- line in force returning part of it at the same rate (a minor unit at the rate is rate × 10^(base scale −
-- currency scale) base minor units, the scales being the currencies' minor_unit). Signed in the face's invoice direction (an amount on account negative). The values change only
-- on the days where something starts or stops counting, so the intervals are cut there.
--
-- ageing_refresh(tenant, items, payments) replaces those lines' intervals (ageing_states) and moves
-- their sums per party, currency, document date, due date and day (ageing_sums) by the difference.
-- Every statement that changes what a line is made of calls it at its end (statement triggers below):
-- items inserted (invoices, credit notes), credits applied (credit notes, an invoice's reversal), an
-- invoice's posting facts set (its base total is written after its items), allocations written or
-- changed (posting, allocation of what is on account, un-allocation, reversal, refunds), a payment
-- posted or reversed (with every item it ever allocated: an un-allocated line's un-allocation may be
-- cut short by a reversal dated before it). Failed payments and payment runs go through these writers.
CREATE FUNCTION ageing_line_states(t uuid, items uuid[], pays uuid[])
  RETURNS TABLE (tenant_id uuid, company_id uuid, side text, line_id uuid, from_date date, to_date date, line_kind text, document_id uuid, party_id uuid, currency text,
    document_date date, due_date date, amount_minor bigint, remaining_minor bigint, base_minor bigint)
  LANGUAGE sql STABLE SET search_path = public AS $$
  WITH it AS (
    SELECT o.tenant_id, o.company_id, o.side, o.id, o.invoice_id, o.party_id, o.currency, o.due_date, o.line, o.amount_minor AS a, sign(o.amount_minor) AS s,
      i.kind, i.document_date, i.posting_date AS p, i.total_base_minor AS tb, i.total_gross_minor AS tg
    FROM unnest(items) AS x(id)
    JOIN open_items o ON o.tenant_id = t AND o.id = x.id
    JOIN invoices i ON i.tenant_id = o.tenant_id AND i.id = o.invoice_id
  ), cr AS (
    -- An invoice's credits per day its credit notes were posted.
    SELECT c.invoice_id, n.posting_date AS d, sum(c.amount_minor) AS amt
    FROM invoice_credits c JOIN invoices n ON n.tenant_id = c.tenant_id AND n.id = c.credit_note_id
    WHERE c.tenant_id = t AND c.invoice_id IN (SELECT it.invoice_id FROM it WHERE it.kind = 'Invoice')
    GROUP BY 1, 2
  ), ap AS (
    SELECT c.credit_note_id, sum(c.amount_minor) AS amt FROM invoice_credits c
    WHERE c.tenant_id = t AND c.credit_note_id IN (SELECT it.invoice_id FROM it WHERE it.kind = 'CreditNote') GROUP BY 1
  ), al AS (
    -- In force from st until en (exclusive; null: still).
    SELECT a.open_item_id AS id, j.journal_date AS st, least(u.journal_date, r.journal_date) AS en,
      a.amount_minor + a.discount_minor + a.write_off_minor AS amt, coalesce(a.control_base_minor, 0) AS cb
    FROM payment_allocations a JOIN journals j ON j.tenant_id = a.tenant_id AND j.id = a.journal_id
      LEFT JOIN journals u ON u.tenant_id = a.tenant_id AND u.id = a.undone_journal_id
      LEFT JOIN journals r ON r.tenant_id = j.tenant_id AND r.id = j.reversed_by
    WHERE a.tenant_id = t AND a.open_item_id IN (SELECT it.id FROM it) AND a.status <> 'Draft'
  ), days AS (
    SELECT it.id, it.p AS d FROM it
    UNION SELECT it.id, greatest(cr.d, it.p) FROM it JOIN cr ON cr.invoice_id = it.invoice_id
    UNION SELECT it.id, greatest(al.st, it.p) FROM it JOIN al ON al.id = it.id
    UNION SELECT it.id, greatest(al.en, it.p) FROM it JOIN al ON al.id = it.id WHERE al.en IS NOT NULL
  ), cr_by_day AS (
    -- Joins, not subqueries over the CTEs (a CTE has no index): what each day of each item sums.
    SELECT days.id, days.d, sum(cr.amt) AS amt FROM days JOIN it ON it.id = days.id JOIN cr ON cr.invoice_id = it.invoice_id AND cr.d <= days.d GROUP BY 1, 2
  ), al_by_day AS (
    SELECT days.id, days.d, sum(al.amt) AS amt, sum(al.cb) AS cb FROM days JOIN al ON al.id = days.id AND al.st <= days.d AND (al.en IS NULL OR al.en > days.d) GROUP BY 1, 2
  ), vals AS (
    SELECT it.*, days.d,
      CASE WHEN it.a <= 0 THEN coalesce(ap.amt, 0) WHEN c.amt IS NULL THEN 0
        ELSE least(it.a, greatest(0, c.amt - coalesce((SELECT sum(e.amount_minor) FROM open_items e WHERE e.tenant_id = t AND e.invoice_id = it.invoice_id
          AND (e.due_date, e.line) < (it.due_date, it.line)), 0))) END AS credited,
      coalesce(f.amt, 0) AS settled, coalesce(f.cb, 0) AS settled_base
    FROM days JOIN it ON it.id = days.id
      LEFT JOIN ap ON ap.credit_note_id = it.invoice_id
      LEFT JOIN cr_by_day c ON c.id = days.id AND c.d = days.d
      LEFT JOIN al_by_day f ON f.id = days.id AND f.d = days.d
  ), item_values AS (
    SELECT v.tenant_id, v.company_id, v.side, v.id, v.d, NULL::date AS stop, CASE WHEN v.kind = 'Invoice' THEN 'Invoice' ELSE 'CreditNote' END AS kind, v.invoice_id AS doc,
      v.party_id, v.currency, v.document_date, v.due_date, v.a AS amount,
      v.a - v.s * (v.credited + v.settled) AS rem,
      CASE WHEN v.tg = 0 THEN 0 ELSE round(v.tb::numeric * (v.a - v.s * v.credited) / v.tg) END - v.settled_base AS brem
    FROM vals v
  ), pa AS (
    SELECT p.tenant_id, p.company_id, p.side, p.id, p.party_id, p.currency, p.document_date, p.amount_minor, p.journal_id AS pj, j.journal_date AS p0, r.journal_date AS rd,
      -- What a minor unit of its currency is in base minor units at its rate.
      coalesce(p.rate, 1) * power(10::numeric,
        coalesce((SELECT k.minor_unit FROM companies c JOIN currencies k ON k.tenant_id = c.tenant_id AND k.code = c.base_currency WHERE c.tenant_id = t AND c.company_id = p.company_id), 2)
        - coalesce((SELECT k.minor_unit FROM currencies k WHERE k.tenant_id = t AND k.code = p.currency), 2)) AS f
    FROM unnest(pays) AS x(id)
    JOIN payments p ON p.tenant_id = t AND p.id = x.id
    JOIN journals j ON j.tenant_id = p.tenant_id AND j.id = p.journal_id
    LEFT JOIN journals r ON r.tenant_id = j.tenant_id AND r.id = j.reversed_by
    WHERE p.status <> 'Draft' AND p.kind = 'Payment'
  ), px AS (
    -- The cash of its allocations (a credit note's item gives cash) and what refunds returned of it, each in force from st until en.
    SELECT a.payment_id AS id, j.journal_date AS st, least(u.journal_date, r.journal_date) AS en, CASE WHEN o.amount_minor < 0 THEN -a.amount_minor ELSE a.amount_minor END AS cash, false AS refund
    FROM payment_allocations a JOIN journals j ON j.tenant_id = a.tenant_id AND j.id = a.journal_id
      LEFT JOIN journals u ON u.tenant_id = a.tenant_id AND u.id = a.undone_journal_id
      LEFT JOIN journals r ON r.tenant_id = j.tenant_id AND r.id = j.reversed_by
      JOIN open_items o ON o.tenant_id = a.tenant_id AND o.id = a.open_item_id
    WHERE a.tenant_id = t AND a.payment_id IN (SELECT pa.id FROM pa) AND a.status <> 'Draft'
    UNION ALL
    SELECT a.source_payment_id, j.journal_date, least(u.journal_date, r.journal_date), a.amount_minor, true
    FROM payment_allocations a JOIN journals j ON j.tenant_id = a.tenant_id AND j.id = a.journal_id
      LEFT JOIN journals u ON u.tenant_id = a.tenant_id AND u.id = a.undone_journal_id
      LEFT JOIN journals r ON r.tenant_id = j.tenant_id AND r.id = j.reversed_by
    WHERE a.tenant_id = t AND a.source_payment_id IN (SELECT pa.id FROM pa) AND a.status <> 'Draft'
  ), mv AS (
    -- What each entry moved on or off its 'on account' line, on its date: allocations off, un-allocations back on.
    SELECT a.payment_id AS id, a.journal_id AS entry, j.journal_date AS d, -sum(CASE WHEN o.amount_minor < 0 THEN -a.amount_minor ELSE a.amount_minor END) AS cash
    FROM payment_allocations a JOIN open_items o ON o.tenant_id = a.tenant_id AND o.id = a.open_item_id JOIN journals j ON j.tenant_id = a.tenant_id AND j.id = a.journal_id
    WHERE a.tenant_id = t AND a.payment_id IN (SELECT pa.id FROM pa)
    GROUP BY 1, 2, 3
    UNION ALL
    SELECT a.payment_id, a.undone_journal_id, u.journal_date, sum(CASE WHEN o.amount_minor < 0 THEN -a.amount_minor ELSE a.amount_minor END)
    FROM payment_allocations a JOIN open_items o ON o.tenant_id = a.tenant_id AND o.id = a.open_item_id JOIN journals u ON u.tenant_id = a.tenant_id AND u.id = a.undone_journal_id
    WHERE a.tenant_id = t AND a.payment_id IN (SELECT pa.id FROM pa)
    GROUP BY 1, 2, 3
  ), pdays AS (
    SELECT pa.id, pa.p0 AS d FROM pa
    UNION SELECT pa.id, greatest(px.st, pa.p0) FROM pa JOIN px ON px.id = pa.id
    UNION SELECT pa.id, greatest(px.en, pa.p0) FROM pa JOIN px ON px.id = pa.id WHERE px.en IS NOT NULL
    UNION SELECT pa.id, greatest(mv.d, pa.p0) FROM pa JOIN mv ON mv.id = pa.id
  ), px_by_day AS (
    -- The cash in force, and in base the refund lines in force, each rounded on its own.
    SELECT pdays.id, pdays.d, sum(px.cash) AS cash, sum(CASE WHEN px.refund THEN round(px.cash * pa.f) ELSE 0 END) AS refund_base
    FROM pdays JOIN pa ON pa.id = pdays.id JOIN px ON px.id = pdays.id AND px.st <= pdays.d AND (px.en IS NULL OR px.en > pdays.d) GROUP BY 1, 2
  ), mv_by_day AS (
    -- The entries dated by then: the payment's own (what it allocated at once, with its amount, rounded once), each later one rounded on its own.
    SELECT pdays.id, pdays.d, sum(CASE WHEN mv.entry = pa.pj THEN mv.cash ELSE 0 END) AS at_once, sum(CASE WHEN mv.entry = pa.pj THEN 0 ELSE round(mv.cash * pa.f) END) AS later_base
    FROM pdays JOIN pa ON pa.id = pdays.id JOIN mv ON mv.id = pdays.id AND mv.d <= pdays.d GROUP BY 1, 2
  ), pvals AS (
    SELECT pa.*, pdays.d, pa.amount_minor - coalesce(c.cash, 0) AS on_account,
      round((pa.amount_minor + coalesce(m.at_once, 0)) * pa.f) + coalesce(m.later_base, 0) - coalesce(c.refund_base, 0) AS base_on_account
    FROM pdays JOIN pa ON pa.id = pdays.id LEFT JOIN px_by_day c ON c.id = pdays.id AND c.d = pdays.d LEFT JOIN mv_by_day m ON m.id = pdays.id AND m.d = pdays.d
    WHERE pa.rd IS NULL OR pdays.d < pa.rd
  ), payment_values AS (
    SELECT v.tenant_id, v.company_id, v.side, v.id, v.d, v.rd AS stop, 'OnAccount' AS kind, v.id AS doc, v.party_id, v.currency, v.document_date, v.document_date AS due_date,
      -v.amount_minor AS amount, -v.on_account AS rem,
      -v.base_on_account AS brem
    FROM pvals v
  ), changes AS (
    -- The days where the line's values change (a day equal to the one before is no change).
    SELECT * FROM (
      SELECT u.*, (u.rem, u.brem) IS DISTINCT FROM (lag(u.rem) OVER w, lag(u.brem) OVER w) AS changed
      FROM (SELECT * FROM item_values UNION ALL SELECT * FROM payment_values) u
      WINDOW w AS (PARTITION BY u.id ORDER BY u.d)
    ) z WHERE z.changed
  )
  SELECT c.tenant_id, c.company_id, c.side, c.id, c.d, coalesce(lead(c.d) OVER (PARTITION BY c.id ORDER BY c.d), c.stop), c.kind, c.doc, c.party_id, c.currency,
    c.document_date, c.due_date, c.amount, c.rem::bigint, c.brem::bigint
  FROM changes c
  -- (filtered after the window: a zero interval still ends the one before it)
$$;
--> statement-breakpoint
CREATE FUNCTION ageing_refresh(t uuid, items uuid[], pays uuid[]) RETURNS void
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  zero ageing_sums[];
BEGIN
  IF coalesce(cardinality(items), 0) + coalesce(cardinality(pays), 0) = 0 THEN
    RETURN;
  END IF;
  -- One statement: the lines' intervals as they were leave, as they are now enter (the insert reads the
  -- count of the deleted first, so the delete is done before any row is inserted under the same key), and
  -- the sums move by the difference, their rows locked in key order (two writers never wait on each other
  -- in a circle within it).
  WITH old AS (
    DELETE FROM ageing_states s WHERE s.tenant_id = t AND s.line_id = ANY (coalesce(items, '{}') || coalesce(pays, '{}')) RETURNING s.*
  ), neu AS (
    INSERT INTO ageing_states
    SELECT n.* FROM ageing_line_states(t, items, pays) n
    WHERE (n.remaining_minor <> 0 OR n.base_minor <> 0) AND (SELECT count(*) FROM old) >= 0
    RETURNING *
  ), d AS (
    SELECT o.tenant_id, o.company_id, o.side, o.from_date AS day, o.party_id, o.currency, o.due_date, o.document_date, -o.remaining_minor AS rem, -o.base_minor AS base, -1 AS n FROM old o
    UNION ALL
    SELECT o.tenant_id, o.company_id, o.side, o.to_date, o.party_id, o.currency, o.due_date, o.document_date, o.remaining_minor, o.base_minor, 1 FROM old o WHERE o.to_date IS NOT NULL
    UNION ALL
    SELECT o.tenant_id, o.company_id, o.side, o.from_date, o.party_id, o.currency, o.due_date, o.document_date, o.remaining_minor, o.base_minor, 1 FROM neu o
    UNION ALL
    SELECT o.tenant_id, o.company_id, o.side, o.to_date, o.party_id, o.currency, o.due_date, o.document_date, -o.remaining_minor, -o.base_minor, -1 FROM neu o WHERE o.to_date IS NOT NULL
  ), up AS (
    INSERT INTO ageing_sums AS s (tenant_id, company_id, side, day, party_id, currency, due_date, document_date, remaining_minor, base_minor, lines)
    SELECT d.tenant_id, d.company_id, d.side, d.day, d.party_id, d.currency, d.due_date, d.document_date, sum(d.rem), sum(d.base), sum(d.n)
    FROM d GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(d.rem) <> 0 OR sum(d.base) <> 0 OR sum(d.n) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (tenant_id, company_id, side, day, party_id, currency, due_date, document_date) DO UPDATE
      SET remaining_minor = s.remaining_minor + excluded.remaining_minor, base_minor = s.base_minor + excluded.base_minor, lines = s.lines + excluded.lines
    RETURNING s.*
  )
  SELECT array_agg(ROW(up.*)::ageing_sums) INTO zero FROM up WHERE up.remaining_minor = 0 AND up.base_minor = 0 AND up.lines = 0;
  -- Sums that came to nothing are dropped (the ageing reads fewer rows).
  IF cardinality(zero) > 0 THEN
    DELETE FROM ageing_sums s USING unnest(zero) z
    WHERE s.tenant_id = z.tenant_id AND s.company_id = z.company_id AND s.side = z.side AND s.day = z.day AND s.party_id = z.party_id AND s.currency = z.currency
      AND s.due_date = z.due_date AND s.document_date = z.document_date AND s.remaining_minor = 0 AND s.base_minor = 0 AND s.lines = 0;
  END IF;
END $$;
--> statement-breakpoint
-- Open items inserted: invoices and credit notes posted.
CREATE FUNCTION ageing_open_items_inserted() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT c.tenant_id, array_agg(c.id) AS items FROM changed c GROUP BY 1 LOOP
    PERFORM ageing_refresh(r.tenant_id, r.items, NULL);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER open_items_ageing AFTER INSERT ON open_items REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ageing_open_items_inserted();
--> statement-breakpoint
-- Credits applied: the items of the invoices credited and of the credit notes.
CREATE FUNCTION ageing_credits_inserted() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT o.tenant_id, array_agg(o.id) AS items
    FROM (SELECT c.tenant_id, c.invoice_id AS doc FROM changed c UNION SELECT c.tenant_id, c.credit_note_id FROM changed c) d
    JOIN open_items o ON o.tenant_id = d.tenant_id AND o.invoice_id = d.doc
    GROUP BY 1
  LOOP
    PERFORM ageing_refresh(r.tenant_id, r.items, NULL);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_credits_ageing AFTER INSERT ON invoice_credits REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ageing_credits_inserted();
--> statement-breakpoint
-- An invoice's facts the lines read (its posting writes its base total after its items).
CREATE FUNCTION ageing_invoices_updated() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT n.tenant_id, array_agg(o.id) AS items
    FROM changed n JOIN before b ON b.tenant_id = n.tenant_id AND b.id = n.id
    JOIN open_items o ON o.tenant_id = n.tenant_id AND o.invoice_id = n.id
    WHERE (n.status, n.kind, n.posting_date, n.document_date, n.total_base_minor, n.total_gross_minor)
      IS DISTINCT FROM (b.status, b.kind, b.posting_date, b.document_date, b.total_base_minor, b.total_gross_minor)
    GROUP BY 1
  LOOP
    PERFORM ageing_refresh(r.tenant_id, r.items, NULL);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_ageing AFTER UPDATE ON invoices REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ageing_invoices_updated();
--> statement-breakpoint
-- Allocations written, changed or deleted (drafts count for nothing): their items, their payments and the payments refunds return.
CREATE FUNCTION ageing_allocations_inserted() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT c.tenant_id, array_agg(DISTINCT c.open_item_id) FILTER (WHERE c.open_item_id IS NOT NULL) AS items,
      array_agg(DISTINCT c.payment_id) || coalesce(array_agg(DISTINCT c.source_payment_id) FILTER (WHERE c.source_payment_id IS NOT NULL), '{}') AS pays
    FROM changed c WHERE c.status <> 'Draft' GROUP BY 1
  LOOP
    PERFORM ageing_refresh(r.tenant_id, r.items, r.pays);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ageing_allocations_deleted() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT b.tenant_id, array_agg(DISTINCT b.open_item_id) FILTER (WHERE b.open_item_id IS NOT NULL) AS items,
      array_agg(DISTINCT b.payment_id) || coalesce(array_agg(DISTINCT b.source_payment_id) FILTER (WHERE b.source_payment_id IS NOT NULL), '{}') AS pays
    FROM before b WHERE b.status <> 'Draft' GROUP BY 1
  LOOP
    PERFORM ageing_refresh(r.tenant_id, r.items, r.pays);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION ageing_allocations_updated() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    WITH x AS (
      SELECT c.tenant_id, c.open_item_id, c.payment_id, c.source_payment_id FROM changed c WHERE c.status <> 'Draft'
      UNION ALL
      SELECT b.tenant_id, b.open_item_id, b.payment_id, b.source_payment_id FROM before b WHERE b.status <> 'Draft'
    )
    SELECT x.tenant_id, array_agg(DISTINCT x.open_item_id) FILTER (WHERE x.open_item_id IS NOT NULL) AS items,
      array_agg(DISTINCT x.payment_id) || coalesce(array_agg(DISTINCT x.source_payment_id) FILTER (WHERE x.source_payment_id IS NOT NULL), '{}') AS pays
    FROM x GROUP BY 1
  LOOP
    PERFORM ageing_refresh(r.tenant_id, r.items, r.pays);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_allocations_ageing_insert AFTER INSERT ON payment_allocations REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ageing_allocations_inserted();
--> statement-breakpoint
CREATE TRIGGER payment_allocations_ageing_update AFTER UPDATE ON payment_allocations REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ageing_allocations_updated();
--> statement-breakpoint
CREATE TRIGGER payment_allocations_ageing_delete AFTER DELETE ON payment_allocations REFERENCING OLD TABLE AS before FOR EACH STATEMENT EXECUTE FUNCTION ageing_allocations_deleted();
--> statement-breakpoint
-- A payment posted, reversed or otherwise changed in what its line reads; reversed, with every item it allocated.
CREATE FUNCTION ageing_payments_updated() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    WITH p AS (
      SELECT n.tenant_id, n.id, n.status = 'Reversed' AND b.status <> 'Reversed' AS reversed
      FROM changed n JOIN before b ON b.tenant_id = n.tenant_id AND b.id = n.id
      WHERE (n.status, n.kind, n.journal_id, n.amount_minor, n.rate, n.party_id, n.currency, n.document_date)
        IS DISTINCT FROM (b.status, b.kind, b.journal_id, b.amount_minor, b.rate, b.party_id, b.currency, b.document_date)
    )
    SELECT p.tenant_id, array_agg(p.id) AS pays,
      (SELECT array_agg(DISTINCT a.open_item_id) FROM payment_allocations a JOIN p q ON q.reversed AND a.tenant_id = q.tenant_id AND a.payment_id = q.id
        WHERE a.tenant_id = p.tenant_id AND a.open_item_id IS NOT NULL AND a.status <> 'Draft') AS items
    FROM p GROUP BY 1
  LOOP
    PERFORM ageing_refresh(r.tenant_id, r.items, r.pays);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_ageing AFTER UPDATE ON payments REFERENCING OLD TABLE AS before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ageing_payments_updated();
--> statement-breakpoint
-- The lines of what exists already.
SELECT ageing_refresh(x.tenant_id, x.items, x.pays) FROM (
  SELECT o.tenant_id, array_agg(o.id) AS items, (SELECT array_agg(p.id) FROM payments p WHERE p.tenant_id = o.tenant_id) AS pays FROM open_items o GROUP BY 1
  UNION ALL
  SELECT p.tenant_id, NULL, array_agg(p.id) FROM payments p WHERE NOT EXISTS (SELECT 1 FROM open_items o WHERE o.tenant_id = p.tenant_id) GROUP BY 1
) x;
