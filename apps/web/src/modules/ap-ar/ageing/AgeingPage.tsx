import { Alert, Button, Card, DatePicker, Drawer, Flex, Input, Select, Space, Table, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ageingBases, faces, revaluationPath, type AgeingBasis, type AgeingItem, type AgeingRow, type Face } from '@erp/contracts';
import { PageHeading } from '../../../shared/documents/shell-adapter';
import { saveBlob } from '../../../shared/kit/kit-api';
import { ExportButton } from '../../../shared/transfer';
import { useDisplay } from '../../../shared/useDisplay';
import { ageingCsv } from './ageing-csv';
import { fetchAgeing, fetchAgeingItems, fetchPartyGroups } from './ageing-api';
import { StatementScreen } from '../statements/StatementScreen';
import { RevaluationScreen } from '../../../shared/revaluation/RevaluationScreen';
import '../../ledger/journals/ledger-screens.css';

const PAGE = 50;
const kindLabel: Record<AgeingItem['kind'], string> = { Invoice: 'Invoice', CreditNote: 'Credit note', OnAccount: 'On account', Revaluation: 'Unrealised revaluation' };
const basisLabel: Record<AgeingBasis, string> = { DueDate: 'By due date', DocumentDate: 'By document date' };

/**
 * Ageing of a face's parties as of any day (issue 16), on the statement route of SPEC.md section 2
 * (/vendor-statement, /customer-statement: in no menu, opened from the party list and the page
 * search, granted by /vendor or /customer). Buckets the user sets (upper bounds in days), by due or
 * document date, group and currency filters, each party's row in its currency and in base, the
 * totals per currency and in base (what the control accounts hold that day); a row opens the
 * party's open items as they stood, a page at a time.
 */
function AgeingScreen({ face, onStatement }: { face: Face; onStatement: (party: string) => void }) {
  const display = useDisplay();
  const [asOf, setAsOf] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [basis, setBasis] = useState<AgeingBasis>('DueDate');
  const [bucketsText, setBucketsText] = useState('30,60,90');
  const [buckets, setBuckets] = useState('30,60,90');
  const [group, setGroup] = useState<string | undefined>();
  const [currency, setCurrency] = useState('');
  const [page, setPage] = useState(1);
  const [party, setParty] = useState<AgeingRow | null>(null);
  const [itemsPage, setItemsPage] = useState(1);
  const filter = { asOf, basis, buckets, group, currency: currency.length === 3 ? currency : undefined };
  const report = useQuery({ queryKey: ['ap-ar', face.side, 'ageing', filter, page], queryFn: ({ signal }) => fetchAgeing(face, { ...filter, limit: PAGE, page }, signal), placeholderData: keepPreviousData });
  const groups = useQuery({ queryKey: ['ap-ar', face.side, 'ageing-groups'], queryFn: ({ signal }) => fetchPartyGroups(face, signal) });
  const items = useQuery({
    queryKey: ['ap-ar', face.side, 'ageing-items', filter, party?.party, party?.currency, itemsPage],
    queryFn: ({ signal }) => fetchAgeingItems(face, { ...filter, currency: party!.currency, party: party!.party, limit: PAGE, page: itemsPage }, signal),
    enabled: party !== null,
  });
  const data = report.data;
  const amount = (text: string) => <span className="ledger-amount">{display.amount(text)}</span>;
  const labels = data?.buckets ?? [];
  const bucketColumns = labels.map((label, i) => ({ key: `b${i}`, title: label, align: 'right' as const, render: (_: unknown, row: { buckets: string[] }) => amount(row.buckets[i] ?? '0') }));
  const title = `${face.partyLabel} ageing`;
  return (
    <>
      <PageHeading
        title={title}
        extra={
          <ExportButton
            exportLabel={`Export${face.labels.party}`}
            formats={[{ key: 'csv', label: 'CSV' }]}
            disabled={!data}
            exportFile={async () => {
              // Every row of the filter, not only the page on screen.
              const all = await fetchAgeing(face, { ...filter, limit: 500, page: 1 });
              saveBlob(new Blob([ageingCsv(all)], { type: 'text/csv;charset=utf-8' }), `${face.partyWord}-ageing-${asOf}.csv`);
            }}
          />
        }
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <DatePicker aria-label="As of" format={display.pickerFormat} allowClear={false} value={dayjs(asOf)} onChange={(d) => d && (setAsOf(d.format('YYYY-MM-DD')), setPage(1))} />
        <Select aria-label="Basis" style={{ width: 180 }} value={basis} onChange={(v) => (setBasis(v), setPage(1))} options={ageingBases.map((b) => ({ value: b, label: basisLabel[b] }))} />
        <Input
          aria-label="Buckets (days)"
          style={{ width: 160 }}
          value={bucketsText}
          onChange={(e) => setBucketsText(e.target.value)}
          onBlur={() => (setBuckets(bucketsText.trim()), setPage(1))}
          onPressEnter={() => (setBuckets(bucketsText.trim()), setPage(1))}
          title="Upper bounds in days, such as 30,60,90"
        />
        <Select
          aria-label="Group"
          allowClear
          placeholder="All groups"
          style={{ width: 200 }}
          value={group}
          onChange={(v) => (setGroup(v), setPage(1))}
          options={(groups.data ?? []).map((g) => ({ value: g.id, label: `${String(g.code)} · ${String(g.name)}` }))}
        />
        <Input aria-label="Currency" placeholder="All currencies" style={{ width: 140 }} maxLength={3} value={currency} onChange={(e) => (setCurrency(e.target.value.toUpperCase()), setPage(1))} />
      </Flex>
      {report.error && <Alert type="error" showIcon title={report.error.message} style={{ marginBottom: 12 }} />}
      <Card size="small" title={data ? `As of ${display.date(data.asOf)}, ${basisLabel[data.basis].toLowerCase()}` : title} style={{ marginBottom: 16 }}>
        <Table
          size="small"
          aria-label={title}
          loading={report.isFetching}
          scroll={{ x: 'max-content' }}
          rowKey={(row) => `${row.party}-${row.currency}`}
          dataSource={data?.rows ?? []}
          locale={{ emptyText: 'Nothing open on this day' }}
          onRow={(row) => ({ onClick: () => (setParty(row), setItemsPage(1)), style: { cursor: 'pointer' } })}
          pagination={{ current: page, pageSize: PAGE, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
          columns={[
            { key: 'party', title: face.partyLabel, render: (_, row) => `${row.partyCode} · ${row.partyName}` },
            { key: 'currency', title: 'Currency', dataIndex: 'currency' },
            ...bucketColumns,
            { key: 'total', title: 'Total', align: 'right', render: (_, row) => amount(row.total) },
            { key: 'base', title: `Total (${data?.baseCurrency ?? ''})`, align: 'right', render: (_, row) => amount(row.baseTotal) },
          ]}
        />
      </Card>
      <Card size="small" title="Totals">
        <Table
          size="small"
          aria-label="Ageing totals"
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowKey={(row) => row.key}
          dataSource={[
            ...(data?.currencies ?? []).map((c) => ({ key: c.currency, label: c.currency, buckets: c.buckets, total: c.total, base: c.baseTotal })),
            ...(data ? [{ key: '__base', label: `All in ${data.baseCurrency}`, buckets: data.baseBuckets, total: data.baseTotal, base: data.baseTotal }] : []),
          ]}
          columns={[
            { key: 'label', title: 'Currency', render: (_, row) => (row.key === '__base' ? <Tag>{row.label}</Tag> : row.label) },
            ...bucketColumns,
            { key: 'total', title: 'Total', align: 'right', render: (_, row) => amount(row.total) },
            { key: 'base', title: `In ${data?.baseCurrency ?? 'base'}`, align: 'right', render: (_, row) => amount(row.base) },
          ]}
        />
      </Card>
      <Drawer open={party !== null} onClose={() => setParty(null)} size="large" title={party ? `${party.partyCode} · ${party.partyName} (${party.currency})` : ''}>
        {items.error && <Alert type="error" showIcon title={items.error.message} style={{ marginBottom: 12 }} />}
        <Table
          size="small"
          aria-label="Open items"
          loading={items.isFetching}
          scroll={{ x: 'max-content' }}
          rowKey={(row) => `${row.kind}-${row.id}`}
          dataSource={items.data?.items ?? []}
          pagination={{ current: itemsPage, pageSize: PAGE, total: items.data?.total ?? 0, showSizeChanger: false, onChange: setItemsPage }}
          columns={[
            { key: 'number', title: 'Document', render: (_, row) => `${kindLabel[row.kind]} ${row.number ?? ''}` },
            { key: 'date', title: 'Date', render: (_, row) => display.date(row.documentDate) },
            { key: 'due', title: 'Due', render: (_, row) => display.date(row.dueDate) },
            { key: 'days', title: 'Days', align: 'right', render: (_, row) => display.count(row.days) },
            { key: 'bucket', title: 'Bucket', render: (_, row) => items.data?.buckets[row.bucket] ?? '' },
            { key: 'amount', title: 'Amount', align: 'right', render: (_, row) => amount(row.amount) },
            { key: 'remaining', title: 'Open', align: 'right', render: (_, row) => amount(row.remaining) },
            { key: 'base', title: `Open (${data?.baseCurrency ?? ''})`, align: 'right', render: (_, row) => amount(row.baseRemaining) },
          ]}
        />
        <Space style={{ marginTop: 8 }}>
          <Button onClick={() => party && onStatement(party.party)}>Statement</Button>
          <Button onClick={() => setParty(null)}>Close</Button>
        </Space>
      </Drawer>
    </>
  );
}

/**
 * The statement route of a face: the ageing of every party (the default view), and one party's
 * statement (`?view=statement&party=…[&from=…&to=…]`, opened from an ageing row's drawer or chosen there),
 * and the unrealised exchange revaluation at a period end (`?view=revaluation`).
 */
function StatementPage({ face }: { face: Face }) {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'statement' || params.get('view') === 'revaluation' ? params.get('view')! : 'ageing';
  const party = params.get('party') ?? undefined;
  const from = params.get('from');
  const to = params.get('to');
  const initialRange: [string, string] | undefined = from && to && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) ? [from, to] : undefined;
  const go = (next: { view: string; party?: string | undefined }) => {
    const p = new URLSearchParams();
    if (next.view !== 'ageing') p.set('view', next.view);
    if (next.party) p.set('party', next.party);
    setParams(p);
  };
  return (
    <Tabs
      activeKey={view}
      onChange={(key) => go({ view: key, party })}
      destroyOnHidden
      items={[
        { key: 'ageing', label: 'Ageing', children: <AgeingScreen face={face} onStatement={(p) => go({ view: 'statement', party: p })} /> },
        {
          key: 'statement',
          label: 'Statement',
          children: (
            <>
              <PageHeading title={`${face.partyLabel} statement`} />
              <StatementScreen face={face} party={party} initialRange={initialRange} onParty={(p) => go({ view: 'statement', party: p })} />
            </>
          ),
        },
        { key: 'revaluation', label: 'Revaluation', children: <RevaluationScreen subject={{ title: `${face.partyLabel} revaluation`, holderLabel: face.partyLabel, path: revaluationPath(face), queryKey: ['ap-ar', face.side] }} /> },
      ]}
    />
  );
}

export function VendorAgeingPage() {
  return <StatementPage face={faces.payables} />;
}
export function CustomerAgeingPage() {
  return <StatementPage face={faces.receivables} />;
}
