import { Alert, Card, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { parseMoney, formatMoney, type DocumentDef, type DocumentEntry, type DocumentEntryLine } from '@erp/contracts';
import { useDisplay } from '../useDisplay';
import { documentBase, documentKey } from './document-list';
import { apiRequest, unwrap } from './shell-adapter';

type Def = Pick<DocumentDef, 'service' | 'resource' | 'name'>;

/**
 * Which entry of a document: `entry` (the kit's GET /{resource}/:id/entry, the entry it posted or will
 * post) or a route of its module's serving the same shape (a payment's `reversal-entry`).
 */
export type DocumentEntryRoute = 'entry' | 'reversal-entry';

/** GET /{resource}/:id/entry: the entry a document posted, or the one it will post. */
export async function fetchDocumentEntry(def: Def, id: string, signal?: AbortSignal, route: DocumentEntryRoute = 'entry'): Promise<DocumentEntry> {
  return unwrap(await apiRequest<DocumentEntry>('GET', `${documentBase(def)}/${id}/${route}`, undefined, signal ? { signal } : {}));
}

export const documentEntryKey = (def: Def, id: string, route: DocumentEntryRoute = 'entry') => [...documentKey(def), route, id] as const;

/** The sums of the entry's debit and credit per currency (a preview is in the document's currency). */
export function entryTotals(lines: readonly DocumentEntryLine[]): { currency: string; debit: string; credit: string }[] {
  const sums = new Map<string, { debit: bigint; credit: bigint; scale: number }>();
  for (const l of lines) {
    const scale = l.debit.split('.')[1]?.length ?? 0;
    const s = sums.get(l.currency) ?? { debit: 0n, credit: 0n, scale };
    s.debit += parseMoney(l.debit, scale);
    s.credit += parseMoney(l.credit, scale);
    sums.set(l.currency, s);
  }
  return [...sums].map(([currency, s]) => ({ currency, debit: formatMoney(s.debit, s.scale), credit: formatMoney(s.credit, s.scale) }));
}

/**
 * The ledger entry of a document (the kit's GET …/:id/entry): once posted, the entry with a link to
 * it; before, the entry posting will write, said to be a preview. A preview the server refuses to
 * build says why (what posting would refuse), so an approver knows before approving.
 */
export function DocumentEntryCard({ def, id, route = 'entry', label = 'Entry' }: { def: Def; id: string; route?: DocumentEntryRoute; label?: string }) {
  const display = useDisplay();
  const entry = useQuery({ queryKey: documentEntryKey(def, id, route), queryFn: ({ signal }) => fetchDocumentEntry(def, id, signal, route), retry: false });
  const amount = (text: string) => (Number(text) === 0 ? '' : <span className="ledger-amount">{display.amount(text)}</span>);
  const data = entry.data;
  // A document that posts on several dates (a divided fund transfer) dates each line: the card shows the span and a Date column.
  const dates = data ? [...new Set(data.lines.map((l) => l.date ?? data.date))].sort() : [];
  const dated = dates.length > 1;
  const when = !data ? '' : dated ? `${display.date(dates[0]!)} – ${display.date(dates[dates.length - 1]!)}` : display.date(data.date);
  const title = !data ? label : data.posted ? (
    <span>
      Posted {label.toLowerCase()} {data.journal ? <Link to={`/journal?id=${data.journal}`}>{data.journalNumber ?? 'journal'}</Link> : null}
      {dated ? ' and the entries of its other dates, ' : ' of '}
      {when}
    </span>
  ) : (
    `${label} it will post on ${when} (preview)`
  );
  return (
    <Card size="small" title={title} role="region" aria-label={label} style={{ marginBottom: 16 }}>
      {entry.error && <Alert type="warning" showIcon title={`Posting it would be refused: ${entry.error.message}`} />}
      {!data && !entry.error && <Spin />}
      {data && (
        <>
          {!data.posted && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
              Nothing is posted yet: these are the lines posting will write, in the document&apos;s currency (the ledger adds any rounding or exchange line in base).
            </Typography.Paragraph>
          )}
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            aria-label="Entry lines"
            scroll={{ x: 'max-content' }}
            dataSource={data.lines.map((line, index) => ({ ...line, key: index }))}
            columns={[
              ...(dated ? [{ key: 'date', title: 'Date', render: (_: unknown, l: DocumentEntryLine) => display.date(l.date ?? data.date) }] : []),
              { key: 'account', title: 'Account', render: (_, l) => `${l.accountCode} · ${l.accountName}` },
              { key: 'party', title: 'Party', dataIndex: 'party' },
              { key: 'description', title: 'Description', dataIndex: 'description' },
              { key: 'currency', title: 'Currency', dataIndex: 'currency' },
              { key: 'debit', title: 'Debit', align: 'right', render: (_, l) => amount(l.debit) },
              { key: 'credit', title: 'Credit', align: 'right', render: (_, l) => amount(l.credit) },
            ]}
            summary={() =>
              entryTotals(data.lines).map((t) => (
                <Table.Summary.Row key={t.currency}>
                  <Table.Summary.Cell index={0} colSpan={dated ? 4 : 3}>Total</Table.Summary.Cell>
                  <Table.Summary.Cell index={dated ? 4 : 3}>{t.currency}</Table.Summary.Cell>
                  <Table.Summary.Cell index={dated ? 5 : 4} align="right">{amount(t.debit)}</Table.Summary.Cell>
                  <Table.Summary.Cell index={dated ? 6 : 5} align="right">{amount(t.credit)}</Table.Summary.Cell>
                </Table.Summary.Row>
              ))
            }
          />
        </>
      )}
    </Card>
  );
}
