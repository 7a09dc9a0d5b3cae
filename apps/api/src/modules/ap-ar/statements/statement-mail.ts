import { sql } from 'drizzle-orm';
import {
  STATEMENT_BATCH_MAX,
  type Face,
  type PartyStatement,
  type StatementBatchPreview,
  type StatementBatchQuery,
  type StatementBatchResult,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import type { Mailer } from '../../../platform/mail/mailer';
import { ledgerEntries } from '../../ledger/index';
import { faceTables } from '../parties.tables';
import { partyStatement, statementMailOf } from './statement.service';
import { statementPdf } from './statement-files';

/*
 * Mailing statements (issue 16): one party's statement as a PDF through the outbox (the single mail),
 * and "Mail all": the same mail for every party of the face with a posting in the range or a balance at
 * its end (per currency, in the currency given), in the group given; a party whose contacts have no mail
 * address is skipped with the reason. The parties are chosen in one statement; each statement is the
 * single mail's own (`partyStatement`, `statementPdf`, `mailStatement`), all in the caller's transaction.
 */

/** Queues one statement's mail (its PDF attached) to `to`, in the caller's transaction; answers the mail to deliver after commit. */
export async function mailStatement(tx: Tx, scope: KitScope, face: Face, mailer: Mailer, s: PartyStatement, to: string, message: string | undefined, now: Date): Promise<string> {
  const file = await statementPdf(tx, scope, face, s, now);
  const body = [
    message ?? `Please find attached your statement of account from ${s.from} to ${s.to}.`,
    '',
    ...s.sections.map((sec) => `Balance in ${sec.currency} on ${s.to}: ${sec.closing}`),
  ].join('\n');
  return mailer.enqueue(tx, scope.tenantId, { to, subject: `Statement of account ${s.party.code} · ${s.party.name}`, body, attachments: [{ fileName: file.fileName, contentType: file.contentType, content: file.body }] });
}

type BatchRow = { id: string; code: string; name: string; contacts: { name: string; mail?: string | null; role?: string | null }[] | null };

/** Who a batch mails and skips: the face's parties (of the group) with a party line in the range or a balance on its last day (in the currency), by code. */
export async function statementBatch(tx: Tx, scope: KitScope, face: Face, q: StatementBatchQuery): Promise<StatementBatchPreview> {
  const t = faceTables[face.side];
  const rows = rowsOf<BatchRow>(
    await tx.execute(sql`
      with active as (
        select e.party_id from ${ledgerEntries} e
        where e.tenant_id = ${scope.tenantId}::uuid and e.company_id = ${scope.companyId}::uuid and e.party_type = ${face.party} and e.entry_date <= ${q.to}::date
          ${q.currency ? sql`and e.currency = ${q.currency}` : sql``}
        group by e.party_id, e.currency
        having max(e.entry_date) >= ${q.from}::date or sum(e.debit_minor - e.credit_minor) <> 0
      )
      select p.id, p.code, p.name, p.contacts from ${t.party} p
      where p.tenant_id = ${scope.tenantId}::uuid and p.company_id = ${scope.companyId}::uuid and p.id in (select party_id from active)
        ${q.group ? sql`and p.party_group = ${q.group}::uuid` : sql``}
      order by p.code`),
  );
  const out: StatementBatchPreview = { from: q.from, to: q.to, mail: [], skipped: [] };
  for (const r of rows) {
    const to = statementMailOf(r.contacts ?? []);
    if (to) out.mail.push({ party: r.id, code: r.code, name: r.name, to });
    else out.skipped.push({ party: r.id, code: r.code, name: r.name, reason: 'NoMailContact' });
  }
  if (out.mail.length > STATEMENT_BATCH_MAX) {
    throw unprocessable(`group: ${out.mail.length} ${face.partyWord}s would get a statement, more than ${STATEMENT_BATCH_MAX} in one batch; please choose a group or a currency`);
  }
  return out;
}

/** Queues every statement of the batch in the caller's transaction (all or none); answers what was mailed and skipped. */
export async function mailAllStatements(tx: Tx, scope: KitScope, face: Face, mailer: Mailer, q: StatementBatchQuery, message: string | undefined, now: Date): Promise<StatementBatchResult> {
  const batch = await statementBatch(tx, scope, face, q);
  const mailed: StatementBatchResult['mailed'] = [];
  for (const p of batch.mail) {
    const s = await partyStatement(tx, scope, face, { party: p.party, from: q.from, to: q.to, currency: q.currency }).catch((e: unknown) => {
      // A refusal names the party it came from (a range too long for one of them refuses the batch).
      if (e instanceof Error) e.message = `${e.message} (${face.partyWord} ${p.code})`;
      throw e;
    });
    mailed.push({ ...p, mailId: await mailStatement(tx, scope, face, mailer, s, p.to, message, now) });
  }
  return { from: q.from, to: q.to, mailed, skipped: batch.skipped };
}
