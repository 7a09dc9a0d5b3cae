import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  formatMoney, statementFormatSchema, statementMappingSchema, statementStatusSchema,
  type StatementList, type StatementListQuery, type StatementMapping, type StatementMappingResult,
} from '@erp/contracts';
import { recordAudit } from '../../../platform/audit/audit';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { containsPattern } from '../../../platform/db/search';
import { notFound, unprocessable } from '../../../platform/http/errors';
import type { Scope } from '../../../platform/http/actor';
import type { Table } from '../../../platform/kit/tabular-files';
import { users } from '../../auth/index';
import { currencies } from '../../organisation/index';
import { banks } from '../banks.tables';
import { bankStatementMappings, bankStatements } from '../statements.tables';

/* The /bank-reconciliations list (statements per bank: filters, sorts, pages, export) and the per-bank CSV/XLSX mapping. */

type Filter = Omit<StatementListQuery, 'limit' | 'page'>;

const SORTS: Record<string, SQL> = {
  toDate: sql`s.to_date asc nulls first, s.id asc`, '-toDate': sql`s.to_date desc nulls last, s.imported_at desc, s.id desc`,
  fromDate: sql`s.from_date asc nulls first, s.id asc`, '-fromDate': sql`s.from_date desc nulls last, s.id desc`,
  importedAt: sql`s.imported_at asc, s.id asc`, '-importedAt': sql`s.imported_at desc, s.id desc`,
  statementRef: sql`s.statement_ref asc, s.id asc`, '-statementRef': sql`s.statement_ref desc, s.id desc`,
  bank: sql`b.code asc, s.to_date desc, s.id asc`, '-bank': sql`b.code desc, s.to_date desc, s.id desc`,
};

function whereOf(scope: Scope, f: Filter): SQL {
  const c: SQL[] = [sql`s.tenant_id = ${scope.tenantId}::uuid`, sql`s.company_id = ${scope.companyId}::uuid`];
  if (f.bank) c.push(sql`s.bank_id = ${f.bank}::uuid`);
  if (f.status) c.push(sql`s.status = ${f.status}`);
  if (f.from) c.push(sql`coalesce(s.to_date, s.from_date) >= ${f.from}::date`);
  if (f.to) c.push(sql`coalesce(s.from_date, s.to_date) <= ${f.to}::date`);
  if (f.search) {
    const like = containsPattern(f.search);
    c.push(sql`(s.statement_ref ilike ${like} or s.file_name ilike ${like} or b.code ilike ${like} or b.name ilike ${like} or s.account ilike ${like})`);
  }
  return sql.join(c, sql` and `);
}

const FROM = sql`from ${bankStatements} s join ${banks} b on b.tenant_id = s.tenant_id and b.id = s.bank_id
  join ${currencies} c on c.tenant_id = b.tenant_id and c.id = b.currency left join ${users} u on u.tenant_id = s.tenant_id and u.user_id = s.imported_by`;

type Row = {
  id: string; bank_id: string; bank_code: string; bank_name: string; statement_ref: string; sequence: string | null; format: string; file_name: string; from_date: string | null; to_date: string | null;
  currency: string; scale: number; opening_minor: string; closing_minor: string; line_count: number; unreconciled: number; status: string; imported_anyway: boolean; imported_at: string; imported_by: string | null;
};

async function rows(tx: Tx, scope: Scope, f: Filter & { limit?: number; page?: number }): Promise<Row[]> {
  const order = SORTS[f.sort ?? '-toDate'] ?? SORTS['-toDate']!;
  const paging = f.limit ? sql` limit ${f.limit} offset ${(Math.max(1, f.page ?? 1) - 1) * f.limit}` : sql``;
  return rowsOf<Row>(await tx.execute(sql`select s.id, s.bank_id, b.code as bank_code, b.name as bank_name, s.statement_ref, s.sequence, s.format, s.file_name,
      s.from_date::text, s.to_date::text, s.currency, c.minor_unit::int as scale, s.opening_minor::text, s.closing_minor::text, s.line_count,
      (select count(*)::int from bank_statement_lines l where l.tenant_id = s.tenant_id and l.statement_id = s.id and l.state = 'Unreconciled') as unreconciled,
      s.status, s.imported_anyway, s.imported_at::text, u.name as imported_by
    ${FROM} where ${whereOf(scope, f)} order by ${order}${paging}`));
}

export async function listStatements(tx: Tx, scope: Scope, q: Filter & { limit: number; page: number }): Promise<StatementList> {
  const items = await rows(tx, scope, q);
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n ${FROM} where ${whereOf(scope, q)}`));
  return {
    items: items.map((r) => ({
      id: r.id, bankId: r.bank_id, bankCode: r.bank_code, bankName: r.bank_name, statementRef: r.statement_ref, sequence: r.sequence, format: statementFormatSchema.parse(r.format),
      fileName: r.file_name, fromDate: r.from_date, toDate: r.to_date, currency: r.currency, opening: formatMoney(BigInt(r.opening_minor), r.scale), closing: formatMoney(BigInt(r.closing_minor), r.scale),
      lineCount: r.line_count, unreconciledCount: r.unreconciled, status: statementStatusSchema.parse(r.status), importedAnyway: r.imported_anyway, importedAt: r.imported_at, importedBy: r.imported_by,
    })),
    total: count?.n ?? 0,
  };
}

export const STATEMENT_EXPORT_ROWS_MAX = 100_000;

export async function exportStatements(tx: Tx, scope: Scope, f: Filter): Promise<Table> {
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (select 1 ${FROM} where ${whereOf(scope, f)} limit ${STATEMENT_EXPORT_ROWS_MAX + 1}) c`));
  if ((count?.n ?? 0) > STATEMENT_EXPORT_ROWS_MAX) throw unprocessable(`The export would hold more than ${STATEMENT_EXPORT_ROWS_MAX} statements: narrow the filter`);
  const all = await rows(tx, scope, f);
  return {
    headers: ['Bank', 'Statement', 'Sequence', 'Format', 'File', 'From', 'To', 'Currency', 'Opening', 'Closing', 'Lines', 'Unreconciled', 'Status', 'Imported Anyway', 'Imported At', 'Imported By'],
    rows: all.map((r) => [r.bank_code, r.statement_ref, r.sequence ?? '', r.format, r.file_name, r.from_date ?? '', r.to_date ?? '', r.currency, formatMoney(BigInt(r.opening_minor), r.scale),
      formatMoney(BigInt(r.closing_minor), r.scale), String(r.line_count), String(r.unreconciled), r.status, r.imported_anyway ? 'Yes' : 'No', r.imported_at, r.imported_by ?? '']),
  };
}

async function companyBank(tx: Tx, scope: Scope, bankId: string): Promise<void> {
  const [b] = await tx.select({ id: banks.id }).from(banks).where(and(eq(banks.tenantId, scope.tenantId), eq(banks.companyId, scope.companyId), eq(banks.id, bankId)));
  if (!b) throw notFound('Bank');
}

export async function getMapping(tx: Tx, scope: Scope, bankId: string): Promise<StatementMappingResult> {
  await companyBank(tx, scope, bankId);
  const [row] = await tx.select({ mapping: bankStatementMappings.mapping }).from(bankStatementMappings)
    .where(and(eq(bankStatementMappings.tenantId, scope.tenantId), eq(bankStatementMappings.bankId, bankId)));
  return { bankId, mapping: row ? statementMappingSchema.parse(row.mapping) : null };
}

export async function saveMapping(tx: Tx, scope: Scope, bankId: string, mapping: StatementMapping): Promise<StatementMappingResult> {
  const before = await getMapping(tx, scope, bankId);
  await tx.insert(bankStatementMappings).values({ tenantId: scope.tenantId, companyId: scope.companyId, bankId, mapping, updatedBy: scope.userId })
    .onConflictDoUpdate({ target: [bankStatementMappings.tenantId, bankStatementMappings.bankId], set: { mapping, updatedBy: scope.userId, updatedAt: sql`now()` } });
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'bank_statement_mappings', recordId: bankId, action: before.mapping ? 'edit' : 'create', before: before.mapping, after: mapping }]);
  return { bankId, mapping };
}
