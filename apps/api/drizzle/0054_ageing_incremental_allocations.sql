-- The ageing's maintained structure (0048, 0049) made cheaper for its writers (issue 16, benches 11 and 16).
--
-- A new allocation in force (its entry neither reversed nor its un-allocation written yet) changes its
-- open item's line by a constant from its entry's date on: the item's remaining less the allocated amount
-- (in the item's sign), its base less the allocation's control base. ageing_items_allocated moves the
-- intervals kept by that constant instead of recomputing the line from the documents (0049's
-- ageing_refresh reads every credit and allocation of the item, and a receipt across 10,000 invoices
-- recomputed 10,000 lines). It keeps the intervals exactly as ageing_line_states gives them (the oracle
-- of the tests compares the two): the interval holding the date is cut there, the intervals after it
-- move, those that come to nothing are dropped; and the sums move by the constant on that day (the moves
-- of the intervals after it cancel each other out), with a line fewer over each interval that came to
-- nothing. It takes only the items whose intervals make this exact and hands the others back to the full
-- recomputation: an item with no interval holding the date (the line is nothing that day, or the date is
-- before its first interval), with a gap after it (the line is nothing for a while: moved, the gap would
-- count), or whose interval starting on the date would come to equal the one before it (the two are one
-- interval in ageing_line_states).
--
-- The allocation triggers use it for allocations written in force (inserted, or a draft activated), with
-- one entry date per item in the statement; everything else still goes through ageing_refresh. A draft
-- payment has no line (ageing_line_states reads posted payments only): its allocations written before its
-- posting refresh nothing of it, the posting's update of the payment does (0049's payments trigger).
-- ageing_line_states reads a payment's allocations once, summed per entry, un-allocation and state, before
-- it dates them (0049 joined every allocation to its entries twice): the same sums, in fewer rows.
CREATE OR REPLACE FUNCTION ageing_line_states(t uuid, items uuid[], pays uuid[])
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
  ), g AS (
    -- Its allocations summed per entry, un-allocation and state (a receipt across 10,000 invoices is a handful of rows): the cash each moved (a credit note's item gives cash).
    SELECT a.payment_id AS id, a.journal_id, a.undone_journal_id, a.status <> 'Draft' AS live,
      sum(CASE WHEN o.amount_minor < 0 THEN -a.amount_minor ELSE a.amount_minor END) AS cash
    FROM payment_allocations a JOIN open_items o ON o.tenant_id = a.tenant_id AND o.id = a.open_item_id
    WHERE a.tenant_id = t AND a.payment_id IN (SELECT pa.id FROM pa)
    GROUP BY 1, 2, 3, 4
  ), px AS (
    -- The cash of its allocations and what refunds returned of it, each in force from st until en.
    SELECT g.id, j.journal_date AS st, least(u.journal_date, r.journal_date) AS en, g.cash, false AS refund
    FROM g JOIN journals j ON j.tenant_id = t AND j.id = g.journal_id
      LEFT JOIN journals u ON u.tenant_id = t AND u.id = g.undone_journal_id
      LEFT JOIN journals r ON r.tenant_id = t AND r.id = j.reversed_by
    WHERE g.live
    UNION ALL
    SELECT a.source_payment_id, j.journal_date, least(u.journal_date, r.journal_date), a.amount_minor, true
    FROM payment_allocations a JOIN journals j ON j.tenant_id = a.tenant_id AND j.id = a.journal_id
      LEFT JOIN journals u ON u.tenant_id = a.tenant_id AND u.id = a.undone_journal_id
      LEFT JOIN journals r ON r.tenant_id = j.tenant_id AND r.id = j.reversed_by
    WHERE a.tenant_id = t AND a.source_payment_id IN (SELECT pa.id FROM pa) AND a.status <> 'Draft'
  ), mv AS (
    -- What each entry moved on or off its 'on account' line, on its date: allocations off, un-allocations back on.
    SELECT g.id, g.journal_id AS entry, j.journal_date AS d, -sum(g.cash) AS cash
    FROM g JOIN journals j ON j.tenant_id = t AND j.id = g.journal_id
    GROUP BY 1, 2, 3
    UNION ALL
    SELECT g.id, g.undone_journal_id, u.journal_date, sum(g.cash)
    FROM g JOIN journals u ON u.tenant_id = t AND u.id = g.undone_journal_id
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
CREATE FUNCTION ageing_items_allocated(t uuid, ids uuid[], days date[], amts bigint[], bases bigint[]) RETURNS uuid[]
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  zero ageing_sums[];
  rest uuid[];
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN '{}';
  END IF;
  WITH a AS (
    SELECT x.id, x.st, x.amt, x.cb FROM unnest(ids, days, amts, bases) AS x(id, st, amt, cb)
  ), s AS (
    -- (Read item by item, written with `= ANY (ids)`: by their key whatever the statistics say of the table.)
    -- The intervals of each item with the move in its sign, and the neighbours of each.
    SELECT s.*, a.st, CASE WHEN s.amount_minor < 0 THEN -a.amt WHEN s.amount_minor > 0 THEN a.amt ELSE 0 END AS dr, a.cb AS db,
      lead(s.from_date) OVER w AS next_from, lag(s.to_date) OVER w AS prev_to, lag(s.remaining_minor) OVER w AS prev_rem, lag(s.base_minor) OVER w AS prev_base
    FROM a CROSS JOIN LATERAL (SELECT * FROM ageing_states s WHERE s.tenant_id = t AND s.line_id = a.id OFFSET 0) s
    WINDOW w AS (PARTITION BY s.line_id ORDER BY s.from_date)
  ), verdict AS (
    SELECT s.line_id AS id, bool_and(s.dr = 0 AND s.db = 0) AS still,
      -- a move of something
      NOT bool_and(s.dr = 0 AND s.db = 0)
      -- an interval holds the date
      AND bool_or(s.from_date <= s.st AND (s.to_date IS NULL OR s.to_date > s.st))
      -- no gap after it, and the last interval never ends
      AND bool_and(coalesce(s.to_date <= s.st, false) OR s.to_date IS NOT DISTINCT FROM s.next_from)
      -- an interval starting on the date does not come to equal the one ending there
      AND NOT bool_or(coalesce(s.from_date = s.st AND s.prev_to = s.st AND s.prev_rem = s.remaining_minor - s.dr AND s.prev_base = s.base_minor - s.db, false)) AS fast
    FROM s GROUP BY 1
  ), pieces AS (
    -- The intervals from the date on, moved (an interval holding the date cut there).
    SELECT s.tenant_id, s.company_id, s.side, s.line_id, s.from_date, s.to_date, s.line_kind, s.document_id, s.party_id, s.currency, s.document_date, s.due_date, s.amount_minor,
      s.from_date < s.st AS cut, greatest(s.from_date, s.st) AS piece_from, s.st, s.dr, s.db,
      s.remaining_minor - s.dr AS rem, s.base_minor - s.db AS base, s.remaining_minor - s.dr = 0 AND s.base_minor - s.db = 0 AS nothing
    FROM s JOIN verdict v ON v.id = s.line_id AND v.fast
    WHERE s.to_date IS NULL OR s.to_date > s.st
  ), cut AS (
    UPDATE ageing_states x SET to_date = p.st FROM pieces p
    WHERE p.cut AND x.tenant_id = t AND x.line_id = ANY (ids) AND x.line_id = p.line_id AND x.from_date = p.from_date
  ), moved AS (
    UPDATE ageing_states x SET remaining_minor = p.rem, base_minor = p.base FROM pieces p
    WHERE NOT p.cut AND NOT p.nothing AND x.tenant_id = t AND x.line_id = ANY (ids) AND x.line_id = p.line_id AND x.from_date = p.from_date
  ), gone AS (
    DELETE FROM ageing_states x USING pieces p
    WHERE NOT p.cut AND p.nothing AND x.tenant_id = t AND x.line_id = ANY (ids) AND x.line_id = p.line_id AND x.from_date = p.from_date
  ), added AS (
    INSERT INTO ageing_states
    SELECT p.tenant_id, p.company_id, p.side, p.line_id, p.st, p.to_date, p.line_kind, p.document_id, p.party_id, p.currency, p.document_date, p.due_date, p.amount_minor, p.rem, p.base
    FROM pieces p WHERE p.cut AND NOT p.nothing
  ), d AS (
    -- The sums: the move on the date (the moves of the intervals after it cancel out); a line fewer over each interval that came to nothing.
    SELECT DISTINCT ON (p.line_id) p.tenant_id, p.company_id, p.side, p.st AS day, p.party_id, p.currency, p.due_date, p.document_date, -p.dr AS rem, -p.db AS base, 0 AS n
    FROM pieces p
    UNION ALL
    SELECT p.tenant_id, p.company_id, p.side, p.piece_from, p.party_id, p.currency, p.due_date, p.document_date, 0, 0, -1 FROM pieces p WHERE p.nothing
    UNION ALL
    SELECT p.tenant_id, p.company_id, p.side, p.to_date, p.party_id, p.currency, p.due_date, p.document_date, 0, 0, 1 FROM pieces p WHERE p.nothing AND p.to_date IS NOT NULL
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
  SELECT (SELECT array_agg(ROW(up.*)::ageing_sums) FROM up WHERE up.remaining_minor = 0 AND up.base_minor = 0 AND up.lines = 0),
    -- The items left to the full recomputation (a move of nothing changes nothing).
    -- (the data-modifying statements above run to completion whether read or not)
    (SELECT coalesce(array_agg(a.id), '{}') FROM a LEFT JOIN verdict v ON v.id = a.id WHERE NOT coalesce(v.fast, false) AND NOT coalesce(v.still, false))
  INTO zero, rest;
  IF cardinality(zero) > 0 THEN
    DELETE FROM ageing_sums s USING unnest(zero) z
    WHERE s.tenant_id = z.tenant_id AND s.company_id = z.company_id AND s.side = z.side AND s.day = z.day AND s.party_id = z.party_id AND s.currency = z.currency
      AND s.due_date = z.due_date AND s.document_date = z.document_date AND s.remaining_minor = 0 AND s.base_minor = 0 AND s.lines = 0;
  END IF;
  RETURN rest;
END $$;
--> statement-breakpoint
-- Allocations written: those in force with one entry date per item move their items' intervals; the
-- other items, the posted payments and the payments refunds return are recomputed.
CREATE OR REPLACE FUNCTION ageing_allocations_inserted() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  r record;
  rest uuid[];
BEGIN
  FOR r IN
    WITH c AS (
      SELECT c.tenant_id, c.open_item_id, c.payment_id, c.source_payment_id, j.journal_date,
        j.id IS NOT NULL AND j.reversed_by IS NULL AND c.undone_journal_id IS NULL AS plain,
        c.amount_minor + c.discount_minor + c.write_off_minor AS amt, coalesce(c.control_base_minor, 0) AS cb
      FROM changed c LEFT JOIN journals j ON j.tenant_id = c.tenant_id AND j.id = c.journal_id
      WHERE c.status <> 'Draft'
    ), i AS (
      SELECT c.tenant_id, c.open_item_id AS id, coalesce(bool_and(c.plain) AND min(c.journal_date) = max(c.journal_date), false) AS plain,
        min(c.journal_date) AS st, sum(c.amt)::bigint AS amt, sum(c.cb)::bigint AS cb
      FROM c WHERE c.open_item_id IS NOT NULL GROUP BY 1, 2
    ), p AS (
      SELECT DISTINCT c.tenant_id, x.id FROM (SELECT DISTINCT c.tenant_id, c.payment_id, c.source_payment_id FROM c) c CROSS JOIN LATERAL (VALUES (c.payment_id), (c.source_payment_id)) x(id)
      JOIN payments q ON q.tenant_id = c.tenant_id AND q.id = x.id
      WHERE q.status <> 'Draft'
    )
    SELECT t.tenant_id,
      (SELECT array_agg(i.id ORDER BY i.id) FROM i WHERE i.tenant_id = t.tenant_id AND i.plain) AS fast_ids,
      (SELECT array_agg(i.st ORDER BY i.id) FROM i WHERE i.tenant_id = t.tenant_id AND i.plain) AS fast_days,
      (SELECT array_agg(i.amt ORDER BY i.id) FROM i WHERE i.tenant_id = t.tenant_id AND i.plain) AS fast_amts,
      (SELECT array_agg(i.cb ORDER BY i.id) FROM i WHERE i.tenant_id = t.tenant_id AND i.plain) AS fast_bases,
      (SELECT array_agg(i.id) FROM i WHERE i.tenant_id = t.tenant_id AND NOT i.plain) AS items,
      (SELECT array_agg(p.id) FROM p WHERE p.tenant_id = t.tenant_id) AS pays
    FROM (SELECT DISTINCT c.tenant_id FROM c) t
  LOOP
    rest := ageing_items_allocated(r.tenant_id, r.fast_ids, r.fast_days, r.fast_amts, r.fast_bases);
    PERFORM ageing_refresh(r.tenant_id, coalesce(r.items, '{}') || rest, r.pays);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Allocations changed: a draft activated in force moves its item as an insert does; every other change
-- of what the lines read (un-allocation, reversal, …) recomputes its items and posted payments. A change
-- of nothing the lines read does nothing.
CREATE OR REPLACE FUNCTION ageing_allocations_updated() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  r record;
  rest uuid[];
BEGIN
  FOR r IN
    WITH c AS (
      -- The rows as they are now (with what they were when their key stayed) whose change the lines read: a draft
      -- activated on the same item is in force from its entry's date if that entry stands and nothing undid it.
      SELECT n.tenant_id, n.open_item_id, n.payment_id, n.source_payment_id, j.journal_date,
        coalesce(b.status = 'Draft' AND b.open_item_id = n.open_item_id AND j.id IS NOT NULL AND j.reversed_by IS NULL AND n.undone_journal_id IS NULL, false) AS activated,
        n.amount_minor + n.discount_minor + n.write_off_minor AS amt, coalesce(n.control_base_minor, 0) AS cb
      FROM changed n LEFT JOIN before b ON b.tenant_id = n.tenant_id AND b.payment_id = n.payment_id AND b.line_no = n.line_no
        LEFT JOIN journals j ON j.tenant_id = n.tenant_id AND j.id = n.journal_id
      WHERE n.status <> 'Draft' AND (b.payment_id IS NULL
        OR (n.status, n.open_item_id, n.source_payment_id, n.amount_minor, n.discount_minor, n.write_off_minor, n.control_base_minor, n.journal_id, n.undone_journal_id)
          IS DISTINCT FROM (b.status, b.open_item_id, b.source_payment_id, b.amount_minor, b.discount_minor, b.write_off_minor, b.control_base_minor, b.journal_id, b.undone_journal_id))
      UNION ALL
      -- The rows as they were, in force before a change the lines read: recomputed.
      SELECT b.tenant_id, b.open_item_id, b.payment_id, b.source_payment_id, NULL, false, 0, 0
      FROM before b LEFT JOIN changed n ON n.tenant_id = b.tenant_id AND n.payment_id = b.payment_id AND n.line_no = b.line_no
      WHERE b.status <> 'Draft' AND (n.payment_id IS NULL
        OR (n.status, n.open_item_id, n.source_payment_id, n.amount_minor, n.discount_minor, n.write_off_minor, n.control_base_minor, n.journal_id, n.undone_journal_id)
          IS DISTINCT FROM (b.status, b.open_item_id, b.source_payment_id, b.amount_minor, b.discount_minor, b.write_off_minor, b.control_base_minor, b.journal_id, b.undone_journal_id))
    ), i AS (
      SELECT c.tenant_id, c.open_item_id AS id, coalesce(bool_and(c.activated) AND min(c.journal_date) = max(c.journal_date), false) AS plain,
        min(c.journal_date) AS st, sum(c.amt)::bigint AS amt, sum(c.cb)::bigint AS cb
      FROM c WHERE c.open_item_id IS NOT NULL GROUP BY 1, 2
    ), p AS (
      SELECT DISTINCT c.tenant_id, x.id FROM (SELECT DISTINCT c.tenant_id, c.payment_id, c.source_payment_id FROM c) c CROSS JOIN LATERAL (VALUES (c.payment_id), (c.source_payment_id)) x(id)
      JOIN payments q ON q.tenant_id = c.tenant_id AND q.id = x.id
      WHERE q.status <> 'Draft'
    )
    SELECT t.tenant_id,
      (SELECT array_agg(i.id ORDER BY i.id) FROM i WHERE i.tenant_id = t.tenant_id AND i.plain) AS fast_ids,
      (SELECT array_agg(i.st ORDER BY i.id) FROM i WHERE i.tenant_id = t.tenant_id AND i.plain) AS fast_days,
      (SELECT array_agg(i.amt ORDER BY i.id) FROM i WHERE i.tenant_id = t.tenant_id AND i.plain) AS fast_amts,
      (SELECT array_agg(i.cb ORDER BY i.id) FROM i WHERE i.tenant_id = t.tenant_id AND i.plain) AS fast_bases,
      (SELECT array_agg(i.id) FROM i WHERE i.tenant_id = t.tenant_id AND NOT i.plain) AS items,
      (SELECT array_agg(p.id) FROM p WHERE p.tenant_id = t.tenant_id) AS pays
    FROM (SELECT DISTINCT c.tenant_id FROM c) t
  LOOP
    rest := ageing_items_allocated(r.tenant_id, r.fast_ids, r.fast_days, r.fast_amts, r.fast_bases);
    PERFORM ageing_refresh(r.tenant_id, coalesce(r.items, '{}') || rest, r.pays);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Room on each page of the intervals for the new version of a row cut or moved (to_date and the amounts are
-- in no index): such updates stay on their page and write no index entry (pages written from now on).
ALTER TABLE ageing_states SET (fillfactor = 70);
--> statement-breakpoint
-- ageing_refresh in passes of at most 250 items and 250 payments (each line is computed on its own; the sums
-- move per pass).
CREATE OR REPLACE FUNCTION ageing_refresh(t uuid, items uuid[], pays uuid[]) RETURNS void
  LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  zero ageing_sums[];
  k int;
BEGIN
  IF coalesce(cardinality(items), 0) + coalesce(cardinality(pays), 0) = 0 THEN
    RETURN;
  END IF;
  -- At most 250 items and 250 payments per pass: ageing_line_states joins its CTEs by nested loops when
  -- the planner counts a row or two in each (as it does under the tenant's row security), so a pass costs
  -- the square of its lines (a payment run's 5,000 payments took 46-50 s of its post under load).
  IF coalesce(cardinality(items), 0) > 250 OR coalesce(cardinality(pays), 0) > 250 THEN
    FOR k IN 0 .. (greatest(coalesce(cardinality(items), 0), coalesce(cardinality(pays), 0)) - 1) / 250 LOOP
      PERFORM ageing_refresh(t, items[k * 250 + 1 : k * 250 + 250], pays[k * 250 + 1 : k * 250 + 250]);
    END LOOP;
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
