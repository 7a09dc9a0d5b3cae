import { and, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  intercompanyJournalDocument,
  intercompanyJournalInputSchema,
  intercompanyTemplateInputSchema,
  type ImportRequest,
  type ImportResult,
  type IntercompanyJournalView,
  type IntercompanyTemplateView,
  type JournalStatus,
} from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import { allowCompanies } from '../../../platform/db/tenancy';
import { AppError, badRequest } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { parseTabular, type Table } from '../../../platform/kit/tabular-files';
import { companies } from '../../organisation/index';
import { accounts } from '../setup/setup.tables';
import { getIntercompanyJournal, insertIntercompanyDraft, intercompanyIdsOf } from './intercompany-journals.service';
import { getIntercompanyTemplate, listIntercompanyTemplates, templateIdOfCode, writeIntercompanyTemplate } from './intercompany-templates.service';
import type { Actor } from '../journals/journals.service';

/*
 * Export and import of intercompany journals and templates: one row per line, the document's
 * fields repeated on each of its rows, companies and accounts by code. An import previews every
 * document first (a dry run writes in a savepoint and rolls it back, so every rule of the save is
 * checked), then writes all documents or, in `valid` mode, the ones that pass. Journals come in
 * as drafts.
 */

const LINE_COLUMNS = ['Company', 'Account', 'Line Description', 'Currency', 'Rate', 'Debit', 'Credit'] as const;
export const JOURNAL_COLUMNS = ['Journal', 'Date', 'Description', 'Reference', 'Partner Company', ...LINE_COLUMNS, 'Status', 'Number', 'Partner Number'] as const;
export const TEMPLATE_COLUMNS = ['Template', 'Name', 'Partner Company', 'Description', ...LINE_COLUMNS.filter((c) => c !== 'Rate')] as const;
const IMPORT_ROWS_MAX = 10_000;

/** The rows of one document's lines, the line's company told by code. */
function lineRows(view: IntercompanyJournalView | IntercompanyTemplateView, withRate: boolean): string[][] {
  const codeOf = (id: string) => (id === view.company.id ? view.company.code : view.partnerCompany.code);
  return view.lines.map((l) => [codeOf(l.company), l.accountCode, l.description ?? '', l.currency, ...(withRate ? ['rate' in l ? l.rate : ''] : []), l.debit === '' || /^0*\.?0*$/.test(l.debit) ? '' : l.debit, l.credit === '' || /^0*\.?0*$/.test(l.credit) ? '' : l.credit]);
}

export async function exportIntercompanyJournals(tx: Tx, scope: KitScope, q: { status?: JournalStatus; search?: string; sort?: string }): Promise<Table> {
  const rows: string[][] = [];
  for (const id of await intercompanyIdsOf(tx, scope, q)) {
    const v = await getIntercompanyJournal(tx, scope, id);
    const other = v.company.id === scope.companyId ? v.partnerCompany : v.company;
    const numberIn = (companyId: string) => v.legs.find((leg) => leg.company.id === companyId)?.journal.number ?? '';
    for (const line of lineRows(v, true)) rows.push([v.id, v.journalDate, v.description, v.reference ?? '', other.code, ...line, v.status, numberIn(scope.companyId), numberIn(other.id)]);
  }
  return { headers: [...JOURNAL_COLUMNS], rows };
}

export async function exportIntercompanyTemplates(tx: Tx, scope: KitScope, q: { search?: string; sort?: string }): Promise<Table> {
  const rows: string[][] = [];
  for (let page = 1; ; page++) {
    const { items } = await listIntercompanyTemplates(tx, scope, { ...q, limit: 500, page });
    for (const item of items) {
      const v = await getIntercompanyTemplate(tx, scope, item.id);
      for (const line of lineRows(v, false)) rows.push([v.code, v.name, v.partnerCompany.code, v.description ?? '', ...line]);
    }
    if (items.length < 500) return { headers: [...TEMPLATE_COLUMNS], rows };
  }
}

type CellError = ImportResult['errors'][number];
type Row = { rowNo: number; cell: (column: string) => string };
/** One document of the file: its rows, and the body built from them (codes resolved to ids). */
type Doc = { key: string; rows: Row[] };

/** The file's rows grouped by the key column, in file order; the header is row 1. */
function documentsOf(table: Table, keyColumn: string, known: readonly string[], errors: CellError[]): Doc[] {
  const index = new Map(table.headers.map((h, i) => [h.trim().toLowerCase(), i]));
  for (const h of table.headers) if (h.trim() && !known.some((k) => k.toLowerCase() === h.trim().toLowerCase())) errors.push({ row: 1, field: h, message: `Unknown column ${h}` });
  if (!index.has(keyColumn.toLowerCase())) throw badRequest(`The file has no ${keyColumn} column`);
  const docs = new Map<string, Doc>();
  table.rows.forEach((cells, i) => {
    const row: Row = { rowNo: i + 2, cell: (column) => (cells[index.get(column.toLowerCase()) ?? -1] ?? '').trim() };
    const key = row.cell(keyColumn);
    if (!key) {
      errors.push({ row: row.rowNo, field: keyColumn, message: `Please supply the ${keyColumn.toLowerCase()}` });
      return;
    }
    const doc = docs.get(key) ?? { key, rows: [] };
    doc.rows.push(row);
    docs.set(key, doc);
  });
  return [...docs.values()];
}

/** Company codes and, per company, account codes -> ids, for every code the file names. */
async function codeResolver(tx: Tx, table: Table) {
  const rows = await tx.select({ id: companies.companyId, code: companies.code }).from(companies);
  const companyId = new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
  // The companies the file names are the pairs of its documents: their accounts are read here, and
  // each document's partner is checked again as it is written (partnerOf).
  const companyColumns = table.headers.flatMap((h, i) => (['company', 'partner company'].includes(h.trim().toLowerCase()) ? [i] : []));
  const named = table.rows.flatMap((r) => companyColumns.map((i) => companyId.get((r[i] ?? '').trim().toLowerCase()))).filter((id): id is string => id !== undefined);
  await allowCompanies(tx, named);
  const accountIndex = table.headers.findIndex((h) => h.trim().toLowerCase() === 'account');
  const codes = [...new Set(table.rows.map((r) => (r[accountIndex] ?? '').trim().toLowerCase()).filter(Boolean))];
  const found = codes.length
    ? await tx.select({ id: accounts.id, companyId: accounts.companyId, code: accounts.code }).from(accounts).where(and(inArray(sql`lower(${accounts.code})`, codes), inArray(accounts.companyId, [...companyId.values()])))
    : [];
  const accountId = new Map(found.map((a) => [`${a.companyId}:${a.code.toLowerCase()}`, a.id]));
  return {
    company: (code: string) => companyId.get(code.toLowerCase()),
    account: (company: string, code: string) => accountId.get(`${company}:${code.toLowerCase()}`),
  };
}
type Resolver = Awaited<ReturnType<typeof codeResolver>>;

const optional = (text: string) => (text === '' ? undefined : text);

/** The lines of a document's rows as the contract takes them; unknown codes are errors on their cells. */
function linesOf(doc: Doc, codes: Resolver, withRate: boolean, errors: CellError[]) {
  return doc.rows.map((row) => {
    const company = codes.company(row.cell('Company'));
    if (!company) errors.push({ row: row.rowNo, field: 'Company', message: `Unknown company ${row.cell('Company')}` });
    const account = company ? codes.account(company, row.cell('Account')) : undefined;
    if (company && !account) errors.push({ row: row.rowNo, field: 'Account', message: `Account ${row.cell('Account')} does not exist in company ${row.cell('Company')}` });
    return {
      company: company ?? '', account: account ?? '', description: optional(row.cell('Line Description')), currency: row.cell('Currency'),
      ...(withRate ? { rate: optional(row.cell('Rate')) } : {}), debit: optional(row.cell('Debit')), credit: optional(row.cell('Credit')),
    };
  });
}

/** Zod's complaints on a document, each on the row and column it comes from. */
function schemaErrors(doc: Doc, issues: z.core.$ZodIssue[], columnOf: Record<string, string>): CellError[] {
  return issues.map((issue) => {
    const [first, index, field] = issue.path;
    if (first === 'lines' && typeof index === 'number') {
      const row = doc.rows[index]?.rowNo ?? doc.rows[0]!.rowNo;
      return { row, field: columnOf[`lines.${String(field)}`] ?? 'Lines', message: issue.message };
    }
    return { row: doc.rows[0]!.rowNo, field: columnOf[String(first)] ?? String(first ?? ''), message: issue.message };
  });
}

type Spec<T> = {
  keyColumn: string;
  columns: readonly string[];
  columnOf: Record<string, string>;
  schema: z.ZodType<T>;
  body: (doc: Doc, codes: Resolver, errors: CellError[]) => unknown;
  write: (tx: Tx, input: T) => Promise<void>;
  preview: (doc: Doc) => Record<string, unknown>;
};

const lineColumnOf = { 'lines.company': 'Company', 'lines.account': 'Account', 'lines.description': 'Line Description', 'lines.currency': 'Currency', 'lines.rate': 'Rate', 'lines.debit': 'Debit', 'lines.credit': 'Credit' };

class Rollback extends Error {}

/** Checks every document by writing it in its own savepoint; keeps what the mode and dry run allow. */
async function importDocuments<T>(tx: Tx, request: ImportRequest, spec: Spec<T>): Promise<ImportResult> {
  const table = await parseTabular(request.fileName, request.contentBase64);
  if (table.rows.length > IMPORT_ROWS_MAX) throw badRequest(`An import takes at most ${IMPORT_ROWS_MAX} rows`);
  const errors: CellError[] = [];
  const docs = documentsOf(table, spec.keyColumn, spec.columns, errors);
  const codes = await codeResolver(tx, table);
  const failed = new Set<string>();
  let written = 0;
  const run = async (outer: Tx) => {
    for (const doc of docs) {
      const own: CellError[] = [];
      const body = spec.body(doc, codes, own);
      // An unknown code is said once, on its cell, not again as the empty id it left.
      const parsed = own.length === 0 ? spec.schema.safeParse(body) : undefined;
      if (parsed && !parsed.success) own.push(...schemaErrors(doc, parsed.error.issues, spec.columnOf));
      if (own.length === 0 && parsed?.success) {
        try {
          await outer.transaction(async (sp) => spec.write(sp, parsed.data));
          written += 1;
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          own.push({ row: doc.rows[0]!.rowNo, field: spec.keyColumn, message: e.message });
        }
      }
      if (own.length > 0) failed.add(doc.key);
      errors.push(...own);
    }
    if (request.dryRun || (request.mode === 'all' && errors.length > 0)) throw new Rollback();
  };
  try {
    await tx.transaction(run);
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
    written = 0;
  }
  const valid = docs.filter((d) => !failed.has(d.key)).reduce((n, d) => n + d.rows.length, 0);
  return { rows: table.rows.length, valid, written, errors: errors.slice(0, 1000), preview: docs.slice(0, 200).map(spec.preview) };
}

export function importIntercompanyJournals(tx: Tx, actor: Actor, request: ImportRequest): Promise<ImportResult> {
  return importDocuments(tx, request, {
    keyColumn: 'Journal',
    columns: JOURNAL_COLUMNS,
    columnOf: { journalDate: 'Date', description: 'Description', reference: 'Reference', partnerCompany: 'Partner Company', ...lineColumnOf },
    schema: intercompanyJournalInputSchema,
    body: (doc, codes, errors) => {
      const first = doc.rows[0]!;
      const partner = codes.company(first.cell('Partner Company'));
      if (!partner) errors.push({ row: first.rowNo, field: 'Partner Company', message: `Unknown company ${first.cell('Partner Company')}` });
      return { partnerCompany: partner ?? '', journalDate: first.cell('Date'), description: first.cell('Description'), reference: optional(first.cell('Reference')), lines: linesOf(doc, codes, true, errors) };
    },
    write: async (tx2, input) => {
      const id = await insertIntercompanyDraft(tx2, actor, input);
      await recordAudit(tx2, actor.tenantId, actor.userId, [{ entity: intercompanyJournalDocument.name, recordId: id, action: 'create', after: input }]);
    },
    preview: (doc) => ({ journal: doc.key, date: doc.rows[0]!.cell('Date'), description: doc.rows[0]!.cell('Description'), partnerCompany: doc.rows[0]!.cell('Partner Company'), lines: doc.rows.length }),
  });
}

export function importIntercompanyTemplates(tx: Tx, actor: Actor, request: ImportRequest): Promise<ImportResult> {
  return importDocuments(tx, request, {
    keyColumn: 'Template',
    columns: TEMPLATE_COLUMNS,
    columnOf: { code: 'Template', name: 'Name', description: 'Description', partnerCompany: 'Partner Company', ...lineColumnOf },
    schema: intercompanyTemplateInputSchema,
    body: (doc, codes, errors) => {
      const first = doc.rows[0]!;
      const partner = codes.company(first.cell('Partner Company'));
      if (!partner) errors.push({ row: first.rowNo, field: 'Partner Company', message: `Unknown company ${first.cell('Partner Company')}` });
      return { code: doc.key, name: first.cell('Name'), partnerCompany: partner ?? '', description: optional(first.cell('Description')), lines: linesOf(doc, codes, false, errors) };
    },
    // A template whose code exists is replaced, as a kit import updates a record by its key.
    write: async (tx2, input) => void (await writeIntercompanyTemplate(tx2, actor, input, await templateIdOfCode(tx2, actor, input.code))),
    preview: (doc) => ({ template: doc.key, name: doc.rows[0]!.cell('Name'), partnerCompany: doc.rows[0]!.cell('Partner Company'), lines: doc.rows.length }),
  });
}
