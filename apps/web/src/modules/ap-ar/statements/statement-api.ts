/* Calls of a face's statement routes (issue 16): GET …/{vendor,customer}-statement, …/file/{pdf,xlsx}, POST …/mail. */
import { statementPath, type Face, type MailStatement, type MailStatementResult, type PartyStatement, type PartyStatementQueryInput } from '@erp/contracts';
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
