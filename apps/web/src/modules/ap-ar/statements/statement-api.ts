/* Calls of a face's statement routes (issue 16): GET …/{vendor,customer}-statement, …/file/{pdf,xlsx}, POST …/mail, GET and POST …/mail-all. */
import {
  statementPath,
  type Face,
  type MailAllStatements,
  type MailStatement,
  type MailStatementResult,
  type PartyStatement,
  type PartyStatementQueryInput,
  type StatementBatchPreview,
  type StatementBatchQueryInput,
  type StatementBatchResult,
} from '@erp/contracts';
import { apiDownload, apiRequest, unwrap } from '../../../app/api';
import { saveBlob } from '../../../shared/kit/kit-api';

const query = (q: PartyStatementQueryInput) => {
  const p = new URLSearchParams({ party: q.party, from: q.from, to: q.to });
  if (q.currency) p.set('currency', q.currency);
  return p.toString();
};

export async function fetchStatement(face: Face, q: PartyStatementQueryInput, signal?: AbortSignal): Promise<PartyStatement> {
  return unwrap(await apiRequest<PartyStatement>('GET', `${statementPath(face)}?${query(q)}`, undefined, signal ? { signal } : {}));
}

export async function downloadStatement(face: Face, q: PartyStatementQueryInput, format: 'pdf' | 'xlsx'): Promise<void> {
  const file = unwrap(await apiDownload(`${statementPath(face)}/file/${format}?${query(q)}`));
  saveBlob(file.blob, file.fileName ?? `${face.partyWord}-statement.${format}`);
}

export async function mailStatement(face: Face, q: PartyStatementQueryInput, body: MailStatement): Promise<MailStatementResult> {
  return unwrap(await apiRequest<MailStatementResult>('POST', `${statementPath(face)}/mail?${query(q)}`, body));
}

const batchQuery = (q: StatementBatchQueryInput) => {
  const p = new URLSearchParams({ from: q.from, to: q.to });
  if (q.group) p.set('group', q.group);
  if (q.currency) p.set('currency', q.currency);
  return p.toString();
};

/** Who "Mail all" would send a statement to, and who it skips (nothing written). */
export async function previewMailAll(face: Face, q: StatementBatchQueryInput, signal?: AbortSignal): Promise<StatementBatchPreview> {
  return unwrap(await apiRequest<StatementBatchPreview>('GET', `${statementPath(face)}/mail-all?${batchQuery(q)}`, undefined, signal ? { signal } : {}));
}

export async function mailAllStatements(face: Face, q: StatementBatchQueryInput, body: MailAllStatements): Promise<StatementBatchResult> {
  return unwrap(await apiRequest<StatementBatchResult>('POST', `${statementPath(face)}/mail-all?${batchQuery(q)}`, body));
}
