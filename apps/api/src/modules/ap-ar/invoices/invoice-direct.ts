import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { invoiceDocuments, parseRate, stateOf, type Face, type InvoiceInput, type InvoiceView, type PaymentTermRule } from '@erp/contracts';
import { executePrepared, pgArray, rowsOf, type Tx } from '../../../platform/db/client';
import { perTick, type Answer } from '../../../platform/db/per-tick';
import { unprocessable } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/actor';
import type { KitScope } from '../../../platform/kit/registry';
import { auditLog } from '../../../platform/audit/audit.tables';
import { redact } from '../../../platform/audit/audit';
import { companies, currencies } from '../../organisation/index';
import { accounts, moduleConfigs, nextNumber, numbersOf, numbersTaken, postEntry, resolvePostingAccounts, taxes, type TakenNumbers } from '../../ledger/index';
import { partyMayTransact } from '../parties.rules';
import { faceTables } from '../parties.tables';
import { termRuleOf, type PartyFacts, type TaxFacts, type TermRow } from './invoice-facts';
import { invoiceEntryLines, type PostingLine } from './invoice-posting';
import { viewPartsOf } from './invoices-read.service';
import { documentTypeOf, dueLinesOf, fieldRefusal, priceLines, refuseOverCreditLimit, typedInstalments, type InvoiceRow } from './invoices.service';
import { invoiceLines, invoices, openItems } from './invoices.tables';

/*
 * An invoice created and posted in one call (the kit's direct path: POST …-invoices/post and /check),
 * in the shape of the journals' direct post: the calls of a group commit read their facts in one
 * statement, take their numbers in one, post through the port (whose facts read and write are one
 * statement each for the group) and write their documents, lines, open items and audit rows in one;
 * the answer is built from what was written. The same rules as a draft stored and then posted
 * (insertDocument, postInvoice), refused with the same messages, in the same order.
 */

type Gate = { refuseWhen: SQL; refusal: string };
type PartyRow = PartyFacts & { term: TermRow | null };
type DirectFacts = {
  baseCurrency: string;
  scales: Record<string, number>;
  sequence: string | null;
  /** The document's number, taken with the facts (undefined: the sequence gave none; nextNumber says why). */
  number: string | undefined;
  party: (PartyFacts & { term: PaymentTermRule | null }) | null;
  taxes: Map<string, TaxFacts>;
  /** The codes of the accounts the lines name (the view shows them). */
  accountCodes: Map<string, string>;
  /** A payables invoice whose vendor already has this invoice number (its number, null for a draft). */
  duplicate: { number: string | null } | null;
};
type FactsWanted = { scope: KitScope; face: Face; input: InvoiceInput; gate: Gate | undefined };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const factsPerTick = perTick(readFacts);

/**
 * One statement for the facts of the direct posts of a company asked in one tick: gate, currencies,
 * number sequence and the numbers (each call's, in the order asked: the counter row stays locked to
 * the commit, as it would from the number's own statement right after), parties with their terms,
 * taxes, account codes, duplicate vendor numbers.
 */
async function readFacts(tx: Tx, wanted: FactsWanted[]): Promise<Answer<DirectFacts>[]> {
  const { scope, face, gate } = wanted[0]!;
  const t = faceTables[face.side];
  const partyIds = [...new Set(wanted.map((w) => w.input.party))].filter((id) => UUID.test(id));
  const accountIds = [...new Set(wanted.flatMap((w) => w.input.lines.flatMap((l) => (l.account ? [l.account] : []))))].filter((id) => UUID.test(id));
  const taxIds = [...new Set(wanted.flatMap((w) => w.input.lines.flatMap((l) => (l.tax ? [l.tax] : []))))].filter((id) => UUID.test(id));
  const numbered = wanted.map((w, i) => ({ i: i + 1, party: w.input.party, number: face.side === 'payables' ? (w.input.partyDocumentNumber ?? null) : null })).filter((d) => d.number && UUID.test(d.party));
  const limit = face.side === 'receivables' ? sql`p.credit_limit::text` : sql`null::text`;
  const sequence = sql`(select m.number_sequence from ${moduleConfigs} m where m.company_id = ${scope.companyId}::uuid and m.module = ${face.module} and m.setting = ${`${documentTypeOf(face, 'Invoice')}Sequence`})`;
  const dates = wanted.map((w) => w.input.postingDate ?? w.input.documentDate);
  const taking = numbersTaken(scope, sequence, dates);
  const [row] = rowsOf<{
    refused: boolean; numbers: TakenNumbers | null; base: string | null; currencies: { code: string; minor: number }[] | null; sequence: string | null;
    parties: PartyRow[] | null; taxes: TaxFacts[] | null; accounts: { id: string; code: string }[] | null; duplicates: { i: number; number: string | null }[] | null;
  }>(
    await executePrepared(tx, sql`
      with ${taking.with}
      select ${gate?.refuseWhen ?? sql`false`} as refused, ${taking.select} as numbers,
        (select c.base_currency from ${companies} c where c.tenant_id = ${scope.tenantId}::uuid and c.company_id = ${scope.companyId}::uuid) as base,
        (select json_agg(json_build_object('code', k.code, 'minor', k.minor_unit)) from ${currencies} k where k.tenant_id = ${scope.tenantId}::uuid and k.status = 'Active') as currencies,
        ${sequence} as sequence,
        (select json_agg(json_build_object('id', p.id, 'code', p.code, 'name', p.name, 'status', p.status, 'onHold', p.on_hold, 'groupCode', g.code, 'controlAccount', g.control_account,
            'profileId', p.posting_profile, 'groupProfileId', g.posting_profile, 'termId', coalesce(p.payment_term, g.payment_term), 'currency', k.code, 'creditLimit', ${limit},
            'term', case when pt.id is null then null else json_build_object('code', pt.code, 'description', pt.description, 'basis', pt.basis, 'days', pt.days, 'dayOfMonth', pt.day_of_month,
              'instalments', pt.instalments, 'discountPercent', pt.discount_percent::text, 'discountDays', pt.discount_days, 'discountBase', pt.discount_base) end))
          from ${t.party} p
          join ${t.group} g on g.tenant_id = p.tenant_id and g.id = p.party_group
          left join ${currencies} k on k.tenant_id = p.tenant_id and k.id = coalesce(p.currency, g.currency)
          left join ${t.paymentTerm} pt on pt.company_id = p.company_id and pt.id = coalesce(p.payment_term, g.payment_term)
          where p.company_id = ${scope.companyId}::uuid and p.id = any(${pgArray(partyIds)}::uuid[])) as parties,
        (select json_agg(json_build_object('id', x.id, 'code', x.code, 'rate', x.rate::text, 'kind', x.kind, 'inputAccount', x.input_account, 'outputAccount', x.output_account, 'active', x.active))
          from ${taxes} x where x.company_id = ${scope.companyId}::uuid and x.id = any(${pgArray(taxIds)}::uuid[])) as taxes,
        (select json_agg(json_build_object('id', a.id, 'code', a.code)) from ${accounts} a where a.company_id = ${scope.companyId}::uuid and a.id = any(${pgArray(accountIds)}::uuid[])) as accounts,
        (select json_agg(json_build_object('i', d.i, 'number', v.number))
          from unnest(${pgArray(numbered.map((d) => d.i))}::int[], ${pgArray(numbered.map((d) => d.party))}::uuid[], ${pgArray(numbered.map((d) => d.number))}::text[]) as d(i, party, number)
          cross join lateral (select i.number from ${invoices} i where i.company_id = ${scope.companyId}::uuid and i.side = 'payables' and i.kind = 'Invoice' and i.party_id = d.party
            and lower(i.party_document_number) = lower(d.number) and i.status <> 'Reversed' limit 1) v) as duplicates`),
  );
  const scales = Object.fromEntries((row?.currencies ?? []).map((c) => [c.code, Number(c.minor)]));
  const baseCurrency = row?.currencies?.length ? (row.base ?? 'USD') : 'USD';
  const parties = new Map((row?.parties ?? []).map((p) => [p.id, p]));
  const taxFacts = new Map((row?.taxes ?? []).map((x) => [x.id, x]));
  const accountCodes = new Map((row?.accounts ?? []).map((a) => [a.id, a.code]));
  const numbers = numbersOf(row?.numbers ?? null, dates);
  const duplicates = new Map((row?.duplicates ?? []).map((d) => [d.i, d]));
  return wanted.map((w, i) => {
    try {
      if (gate && row?.refused) throw unprocessable(gate.refusal);
      const p = parties.get(w.input.party);
      const party = p ? { ...p, term: p.term ? termRuleOf(p.term) : null } : null;
      const dup = duplicates.get(i + 1);
      return { value: { baseCurrency, scales, sequence: row?.sequence ?? null, number: numbers[i], party, taxes: taxFacts, accountCodes, duplicate: dup ? { number: dup.number } : null } };
    } catch (error) {
      return { error };
    }
  });
}

/** What one direct post writes of its document: the header, its lines and its open items. */
type DocumentWrite = {
  scope: Actor;
  header: Omit<InvoiceRow, 'createdAt' | 'updatedAt'>;
  lines: (typeof invoiceLines.$inferSelect)[];
  items: (typeof openItems.$inferInsert & { dueDate: string; amountMinor: bigint; remainingMinor: bigint; discountMinor: bigint })[];
  audit: unknown;
};
type Written = { createdAt: Date; rate: string | null; dimensions: Record<string, string>; lines: { quantity: string; unitPrice: string; discountPercent: string; dimensions: Record<string, string> }[] };
const writePerTick = perTick(writeDocuments);

/** One statement for the documents of the direct posts of a company in one tick: headers, lines, open items and the audit rows. */
async function writeDocuments(tx: Tx, wanted: DocumentWrite[]): Promise<Answer<Written>[]> {
  const { tenantId, companyId } = wanted[0]!.scope;
  const h = (f: (w: DocumentWrite) => string | number | bigint | null | undefined) => pgArray(wanted.map(f));
  const lines = wanted.flatMap((w) => w.lines);
  const l = (f: (x: (typeof lines)[number]) => string | number | bigint | boolean | null | undefined) => pgArray(lines.map((x) => { const v = f(x); return typeof v === 'boolean' ? String(v) : v; }));
  const items = wanted.flatMap((w) => w.items);
  const o = (f: (x: (typeof items)[number]) => string | number | bigint | null | undefined) => pgArray(items.map(f));
  const [row] = rowsOf<{ headers: { id: string; created_at: string; rate: string | null; dimensions: Record<string, string> }[]; lines: { invoice_id: string; line_no: number; quantity: string; unit_price: string; discount_percent: string; dimensions: Record<string, string> }[] | null }>(
    await executePrepared(tx, sql`
      with h as (
        insert into ${invoices} (tenant_id, company_id, id, side, kind, number, status, party_id, document_date, posting_date, currency, rate, party_document_number, reference, description,
          dimensions, instalments, total_net_minor, total_tax_minor, total_gross_minor, base_currency, total_base_minor, journal_id, due_date, remaining_minor, open_due_date, created_by, posted_by, posted_at)
        select ${tenantId}::uuid, ${companyId}::uuid, u.id, u.side, u.kind, u.number, u.status, u.party_id, u.document_date, u.posting_date, u.currency, u.rate, u.party_document_number, u.reference, u.description,
          u.dimensions, u.instalments, u.net, u.tax, u.gross, u.base_currency, u.total_base, u.journal_id, u.due_date, u.remaining_minor, u.open_due_date, u.created_by, u.posted_by, u.posted_at
        from unnest(${h((w) => w.header.id)}::uuid[], ${h((w) => w.header.side)}::text[], ${h((w) => w.header.kind)}::text[], ${h((w) => w.header.number)}::text[], ${h((w) => w.header.status)}::text[],
          ${h((w) => w.header.partyId)}::uuid[], ${h((w) => w.header.documentDate)}::date[], ${h((w) => w.header.postingDate)}::date[], ${h((w) => w.header.currency)}::text[], ${h((w) => w.header.rate)}::numeric[],
          ${h((w) => w.header.partyDocumentNumber)}::text[], ${h((w) => w.header.reference)}::text[], ${h((w) => w.header.description)}::text[], ${h((w) => JSON.stringify(w.header.dimensions))}::jsonb[],
          ${h((w) => (w.header.instalments ? JSON.stringify(w.header.instalments) : null))}::jsonb[], ${h((w) => w.header.totalNetMinor)}::bigint[], ${h((w) => w.header.totalTaxMinor)}::bigint[],
          ${h((w) => w.header.totalGrossMinor)}::bigint[], ${h((w) => w.header.baseCurrency)}::text[], ${h((w) => w.header.totalBaseMinor)}::bigint[], ${h((w) => w.header.journalId)}::uuid[],
          ${h((w) => w.header.dueDate)}::date[], ${h((w) => w.header.remainingMinor)}::bigint[], ${h((w) => w.header.openDueDate)}::date[],
          ${h((w) => w.header.createdBy)}::uuid[], ${h((w) => w.header.postedBy)}::uuid[], ${h((w) => w.header.postedAt?.toISOString())}::timestamptz[])
          as u(id, side, kind, number, status, party_id, document_date, posting_date, currency, rate, party_document_number, reference, description, dimensions, instalments, net, tax, gross,
            base_currency, total_base, journal_id, due_date, remaining_minor, open_due_date, created_by, posted_by, posted_at)
        returning id, created_at, rate::text as rate, dimensions
      ), l as (
        insert into ${invoiceLines} (tenant_id, invoice_id, line_no, account_id, description, quantity, unit_price, discount_percent, tax_id, tax_inclusive, dimensions, net_minor, tax_minor, gross_minor)
        select ${tenantId}::uuid, u.* from unnest(${l((x) => x.invoiceId)}::uuid[], ${l((x) => x.lineNo)}::int[], ${l((x) => x.accountId)}::uuid[], ${l((x) => x.description)}::text[],
          ${l((x) => x.quantity)}::numeric[], ${l((x) => x.unitPrice)}::numeric[], ${l((x) => x.discountPercent)}::numeric[], ${l((x) => x.taxId)}::uuid[], ${l((x) => x.taxInclusive)}::boolean[],
          ${l((x) => JSON.stringify(x.dimensions))}::jsonb[], ${l((x) => x.netMinor)}::bigint[], ${l((x) => x.taxMinor)}::bigint[], ${l((x) => x.grossMinor)}::bigint[]) as u
        returning invoice_id, line_no, quantity::text as quantity, unit_price::text as unit_price, discount_percent::text as discount_percent, dimensions
      ), o as (
        insert into ${openItems} (tenant_id, company_id, side, invoice_id, line, party_id, currency, due_date, discount_date, amount_minor, discount_minor, remaining_minor, status)
        select ${tenantId}::uuid, ${companyId}::uuid, u.* from unnest(${o((x) => x.side)}::text[], ${o((x) => x.invoiceId)}::uuid[], ${o((x) => x.line)}::int[], ${o((x) => x.partyId)}::uuid[],
          ${o((x) => x.currency)}::text[], ${o((x) => x.dueDate)}::date[], ${o((x) => x.discountDate)}::date[], ${o((x) => x.amountMinor)}::bigint[], ${o((x) => x.discountMinor)}::bigint[],
          ${o((x) => x.remainingMinor)}::bigint[], ${o((x) => x.status)}::text[]) as u
      ), a as (
        insert into ${auditLog} (tenant_id, user_id, entity, record_id, action, after)
        select ${tenantId}::uuid, u.user_id, u.entity, u.id, 'create', u.after
        from unnest(${h((w) => w.scope.userId)}::uuid[], ${h((w) => w.header.id)}::text[], ${h((w) => JSON.stringify(w.audit))}::jsonb[], ${h((w) => invoiceDocuments[w.header.side].invoice.name)}::text[]) as u(user_id, id, after, entity)
      )
      select (select json_agg(json_build_object('id', h.id, 'created_at', h.created_at, 'rate', h.rate, 'dimensions', h.dimensions)) from h) as headers,
        (select json_agg(json_build_object('invoice_id', l.invoice_id, 'line_no', l.line_no, 'quantity', l.quantity, 'unit_price', l.unit_price, 'discount_percent', l.discount_percent, 'dimensions', l.dimensions)) from l) as lines`),
  );
  const headers = new Map((row?.headers ?? []).map((r) => [r.id, r]));
  const linesOf = new Map<string, Written['lines']>();
  for (const r of [...(row?.lines ?? [])].sort((a, b) => a.line_no - b.line_no)) {
    const list = linesOf.get(r.invoice_id) ?? [];
    list.push({ quantity: r.quantity, unitPrice: r.unit_price, discountPercent: r.discount_percent, dimensions: r.dimensions });
    linesOf.set(r.invoice_id, list);
  }
  return wanted.map((w) => {
    const r = headers.get(w.header.id);
    if (!r) return { error: new Error(`invoice ${w.header.id} was not written`) };
    return { value: { createdAt: new Date(r.created_at), rate: r.rate, dimensions: r.dimensions, lines: linesOf.get(w.header.id) ?? [] } };
  });
}

/**
 * Creates and posts an invoice in one call: the refusals of storing a draft (party, currency,
 * taxes, gross, typed instalments, duplicate vendor number), then those of posting it (party may
 * transact, accounts, tax accounts, due dates, number, the port's checks, credit limit); a refusal
 * writes nothing (the caller's transaction rolls back).
 */
export async function postNewInvoice(tx: Tx, actor: Actor & { viaWorkflow?: boolean }, face: Face, input: InvoiceInput, gate: Gate | undefined): Promise<InvoiceView> {
  const f = await factsPerTick(tx, `${actor.companyId}\n${face.side}\n${gate?.refusal ?? ''}`, { scope: actor, face, input, gate });
  // Storing the draft's checks (storedFields).
  const party = f.party;
  if (!party) throw unprocessable(`party: the ${face.partyWord} does not exist in this company`);
  const currency = input.currency ?? party.currency ?? f.baseCurrency;
  const scale = f.scales[currency];
  if (scale === undefined) throw fieldRefusal('currency', `${currency} is unknown or inactive`);
  const priced = priceLines(face, input.lines, f.taxes, scale);
  if (priced.gross <= 0n) throw fieldRefusal('lines', `a ${face.partyWord} invoice totals more than zero`);
  if (input.instalments?.length) typedInstalments(input.instalments, priced.gross, scale, input.documentDate);
  if (f.duplicate) throw fieldRefusal('partyDocumentNumber', `this vendor's invoice ${input.partyDocumentNumber} is already entered${f.duplicate.number ? ` (${f.duplicate.number})` : ' (a draft)'}`);

  // Posting's checks (postInvoice, entryOf).
  partyMayTransact(face, { code: party.code, status: party.status, onHold: party.onHold });
  const role = face.side === 'payables' ? 'expenseAccount' : 'revenueAccount';
  const needsLineAccount = priced.rows.some((l) => !l.accountId);
  const who = { label: `${face.partyWord} ${party.code}`, profileId: party.profileId, group: { label: `${face.partyWord} group ${party.groupCode}`, profileId: party.groupProfileId } };
  const resolved = needsLineAccount || party.profileId ? await resolvePostingAccounts(tx, actor, face.module, needsLineAccount ? ['controlAccount', role] : ['controlAccount'], who) : null;
  const control = resolved?.controlAccount.from === 'party' ? resolved.controlAccount.accountId : party.controlAccount;
  const fallback = needsLineAccount ? (resolved as Record<typeof role, { accountId: string }>)[role].accountId : null;
  const taxAccounts = new Map<string, string>();
  for (const l of priced.rows) {
    if (!l.taxId || l.taxMinor === 0n || taxAccounts.has(l.taxId)) continue;
    const t = f.taxes.get(l.taxId);
    if (!t) throw unprocessable('The tax code does not exist in this company');
    const account = face.taxDirection === 'input' ? t.inputAccount : t.outputAccount;
    if (!account) throw unprocessable(`Tax ${t.code} has no ${face.taxDirection} tax account: set it on /tax`);
    taxAccounts.set(l.taxId, account);
  }
  const id = randomUUID();
  const postingDate = input.postingDate ?? input.documentDate;
  const header = {
    tenantId: actor.tenantId, companyId: actor.companyId, id, side: face.side, kind: 'Invoice' as const, number: null as string | null, status: 'Posted' as const, partyId: input.party, invoiceId: null,
    documentDate: input.documentDate, postingDate, currency, rate: input.rate ?? null, partyDocumentNumber: input.partyDocumentNumber ?? null, reference: input.reference ?? null,
    description: input.description, dimensions: input.dimensions ?? {}, instalments: input.instalments ?? null,
    totalNetMinor: priced.net, totalTaxMinor: priced.tax, totalGrossMinor: priced.gross, baseCurrency: f.baseCurrency, totalBaseMinor: 0n,
    journalId: null as string | null, dueDate: null as string | null, remainingMinor: null as bigint | null, openDueDate: null as string | null, source: null, createdBy: actor.userId, postedBy: actor.userId, postedAt: null as Date | null,
  };
  let due;
  try {
    due = dueLinesOf(header, party.term, scale);
  } catch (e) {
    // instalmentsOf's refusal of a term that cannot schedule the document.
    if (party.term && !header.instalments?.length) throw fieldRefusal('instalments', `payment term ${party.term.code} cannot schedule this document (${e instanceof Error ? e.message : String(e)}): type its due dates`);
    throw e;
  }
  const postingLines: PostingLine[] = priced.rows.map((l) => ({
    lineNo: l.lineNo, accountId: l.accountId ?? fallback!, description: l.description ?? null, netMinor: l.netMinor, taxMinor: l.taxMinor, taxId: l.taxId ?? null,
    taxAccountId: l.taxId ? (taxAccounts.get(l.taxId) ?? null) : null, taxCode: l.taxId ? (f.taxes.get(l.taxId)?.code ?? null) : null, dimensions: l.dimensions ?? {},
  }));
  const entry = invoiceEntryLines({
    face, credit: false, controlAccountId: control, partyId: party.id, currency, ...(header.rate ? { rate: parseRate(header.rate) } : {}),
    description: header.description, dimensions: header.dimensions, lines: postingLines, instalments: due.map((d) => ({ line: d.line, amountMinor: d.amountMinor })),
  });

  // The number (module sequence), the entry through the port, the credit limit.
  if (!f.sequence) throw unprocessable(`${face.module} has no number sequence for ${documentTypeOf(face, 'Invoice')}: set ${documentTypeOf(face, 'Invoice')}Sequence on /module-config`);
  const number = f.number ?? (await nextNumber(tx, actor, f.sequence, postingDate));
  const posted = await postEntry(tx, actor, {
    kind: 'Standard', journalDate: postingDate, description: `${face.partyLabel} invoice ${number}: ${header.description}`, reference: header.partyDocumentNumber ?? header.reference ?? number,
    source: { module: face.module, documentType: documentTypeOf(face, 'Invoice'), documentId: id }, lines: entry,
  });
  await refuseOverCreditLimit(tx, actor, face, party, posted.totalBaseMinor);

  // The document, its lines, its open items and its audit row, in one statement with the group's.
  // The open items' figures the list reads (the trigger on open_items finds them already right).
  const open = due.filter((d) => d.amountMinor > 0n).map((d) => d.dueDate).sort();
  Object.assign(header, {
    number, journalId: posted.journalId, totalBaseMinor: posted.totalBaseMinor, postedAt: posted.postedAt,
    dueDate: due.map((d) => d.dueDate).sort()[0] ?? null, remainingMinor: due.reduce((s, d) => s + d.amountMinor, 0n), openDueDate: open[0] ?? null,
  });
  const lines = priced.rows.map((l) => ({
    tenantId: actor.tenantId, invoiceId: id, lineNo: l.lineNo!, accountId: l.accountId ?? null, description: l.description ?? null, quantity: l.quantity, unitPrice: l.unitPrice,
    discountPercent: l.discountPercent ?? '0', taxId: l.taxId ?? null, taxInclusive: l.taxInclusive ?? false, dimensions: l.dimensions ?? {}, netMinor: l.netMinor, taxMinor: l.taxMinor, grossMinor: l.grossMinor,
  }));
  const items = due.map((d) => ({
    tenantId: actor.tenantId, companyId: actor.companyId, side: face.side, invoiceId: id, line: d.line, partyId: input.party, currency, dueDate: d.dueDate, discountDate: d.discountDate,
    amountMinor: d.amountMinor, discountMinor: d.discountMinor, remainingMinor: d.amountMinor, status: d.amountMinor === 0n ? ('Closed' as const) : ('Open' as const),
  }));
  const written = await writePerTick(tx, actor.companyId, { scope: actor, header, lines, items, audit: redact({ ...input, status: 'Posted' }) });

  // The view of what was written (the read path's viewPartsOf), with the values as the database stored them.
  const stored: InvoiceRow = { ...header, rate: written.rate, dimensions: written.dimensions, createdAt: written.createdAt, updatedAt: written.createdAt };
  const storedLines = lines.map((l, i) => ({ ...l, ...written.lines[i]! }));
  const codes = f.accountCodes;
  const taxCodes = new Map([...f.taxes.values()].map((t) => [t.id, t.code]));
  const { m: _m, ...parts } = viewPartsOf(face, stored, {
    party: { code: party.code, name: party.name }, lines: storedLines, codes, taxCodes, items: items.map((x) => ({ ...x, discountDate: x.discountDate ?? null })), due: [], journalNumber: posted.number, scale,
  });
  return { ...parts, kind: 'Invoice', status: stateOf(invoiceDocuments[face.side].invoice, 'Posted'), credits: [] };
}
