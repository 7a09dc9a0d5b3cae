import { Alert, Button, Card, DatePicker, Flex, Input, Radio, Table, Typography, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { hasOperation, type CapitalisableLine } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';
import type { PostedInvoiceActionProps } from '../../shared/documents/invoice-actions';
import { RefSelect } from '../../shared/kit/RefSelect';
import { useDisplay } from '../../shared/useDisplay';
import { assetsFromInvoice, capitaliseInvoiceLines, fetchInvoiceCapitalisableLines, invoiceLinesKey } from './fa-api';

type Mode = 'existing' | 'new';
/** What the user typed for a line: the amount to take, and for a new asset its class and description. */
type Pick = { amount: string; assetClass: string | null; description: string };
type Made = { id: string; code: string };

const hasLeft = (l: CapitalisableLine) => Number(l.left) > 0;

/**
 * "Capitalise" on a posted vendor invoice's screen (/vendor-invoice), given to payables through
 * app/invoice-actions.ts: the invoice's lines on an asset class's clearing account with what is
 * already capitalised and what is left; picked lines (or parts) go into an existing asset (one
 * request, one transaction: POST /fa/vendor-invoice-capitalisations) or become new draft assets
 * (POST /fa/vendor-invoice-assets). The server refuses anything beyond what is left.
 */
export default function InvoiceCapitalisePanel({ invoice }: PostedInvoiceActionProps) {
  const display = useDisplay();
  const notify = useNotify();
  const client = useQueryClient();
  const { permissions } = useSignedInUser().parentRole;
  const mayAdd = hasOperation(permissions, 'EditAsset');
  const mayCreate = hasOperation(permissions, 'SaveAsset');
  const posted = invoice.status === 'Posted';
  const lines = useQuery({
    queryKey: invoiceLinesKey(invoice.id),
    queryFn: ({ signal }) => fetchInvoiceCapitalisableLines(invoice.id, signal),
    enabled: mayAdd || mayCreate,
  });
  const [mode, setMode] = useState<Mode>(mayAdd ? 'existing' : 'new');
  const [selected, setSelected] = useState<number[]>([]);
  const [picks, setPicks] = useState<Record<number, Pick>>({});
  const [asset, setAsset] = useState<string | null>(null);
  const [date, setDate] = useState(invoice.documentDate);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [made, setMade] = useState<Made[]>([]);
  if (!(mayAdd || mayCreate) || !lines.data || lines.data.length === 0) return null;
  const rows = lines.data;
  const pickOf = (l: CapitalisableLine): Pick => picks[l.lineNo] ?? { amount: l.left, assetClass: null, description: l.description };
  const setPick = (l: CapitalisableLine, change: Partial<Pick>) => setPicks((p) => ({ ...p, [l.lineNo]: { ...pickOf(l), ...change } }));
  const chosen = rows.filter((l) => selected.includes(l.lineNo));
  const money = (text: string) => <span className="ledger-amount">{display.amount(text)}</span>;

  const submit = async () => {
    setBusy(true);
    try {
      let done: Made[];
      if (mode === 'existing') {
        const caps = await capitaliseInvoiceLines({ vendorInvoice: invoice.id, asset: asset!, date, lines: chosen.map((l) => ({ lineNo: l.lineNo, amount: pickOf(l).amount.trim() })) });
        done = [{ id: caps[0]!.asset, code: caps[0]!.assetCode }];
      } else {
        const result = await assetsFromInvoice({
          vendorInvoice: invoice.id,
          assets: chosen.map((l) => ({ lineNo: l.lineNo, amount: pickOf(l).amount.trim(), assetClass: pickOf(l).assetClass ?? '', description: pickOf(l).description.trim() })),
        });
        done = result.assets.map((a) => ({ id: a.asset, code: a.code }));
      }
      setMade(done);
      setSelected([]);
      setPicks({});
      setRefusal(null);
      notify.success(mode === 'existing' ? `Capitalised into asset ${done[0]!.code}` : done.length === 1 ? `Draft asset ${done[0]!.code} is made` : `Draft assets ${done.map((d) => d.code).join(', ')} are made`);
      await client.invalidateQueries({ queryKey: ['fa'] });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setRefusal(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<CapitalisableLine> = [
    { key: 'line', title: '#', dataIndex: 'lineNo', width: 40 },
    { key: 'description', title: 'Description', dataIndex: 'description' },
    { key: 'account', title: 'Account', dataIndex: 'accountCode', width: 90 },
    { key: 'amount', title: 'Amount', align: 'right', render: (_, l) => money(l.amount) },
    { key: 'capitalised', title: 'Capitalised', align: 'right', render: (_, l) => money(l.capitalised) },
    { key: 'left', title: 'Left', align: 'right', render: (_, l) => money(l.left) },
    {
      key: 'take', title: 'To capitalise', width: 140,
      render: (_, l) => selected.includes(l.lineNo) && <Input aria-label={`Amount of line ${l.lineNo}`} size="small" inputMode="decimal" value={pickOf(l).amount} onChange={(e) => setPick(l, { amount: e.target.value })} />,
    },
    ...(mode === 'new'
      ? [
          {
            key: 'class', title: 'Asset class', width: 200,
            render: (_: unknown, l: CapitalisableLine) => selected.includes(l.lineNo) && <RefSelect id={`capitalise-class-${l.lineNo}`} refName="assetClass" value={pickOf(l).assetClass} onChange={(v) => setPick(l, { assetClass: v })} placeholder="Class" />,
          },
          {
            key: 'assetDescription', title: 'Asset description', width: 220,
            render: (_: unknown, l: CapitalisableLine) => selected.includes(l.lineNo) && <Input aria-label={`Asset description of line ${l.lineNo}`} size="small" maxLength={150} value={pickOf(l).description} onChange={(e) => setPick(l, { description: e.target.value })} />,
          },
        ]
      : []),
  ];
  const ready = chosen.length > 0 && (mode === 'existing' ? asset !== null : chosen.every((l) => pickOf(l).assetClass && pickOf(l).description.trim()));

  return (
    <Card size="small" title="Capitalise" style={{ marginBottom: 16 }} aria-label="Capitalise">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          The invoice's lines on an asset class's clearing account: what is capitalised and what is left. Pick lines (or part of one) to add to an existing asset or to make new draft assets; the clearing account is relieved.
        </Typography.Text>
        <Table<CapitalisableLine>
          size="small"
          rowKey="lineNo"
          pagination={false}
          aria-label="Capitalisable lines"
          dataSource={rows}
          columns={columns}
          rowSelection={posted ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), getCheckboxProps: (l) => ({ disabled: !hasLeft(l), 'aria-label': `Pick line ${l.lineNo}` }) } : undefined}
        />
        {posted && (
          <Flex gap={12} wrap align="center">
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as Mode)} optionType="button" aria-label="Capitalise into">
              <Radio.Button value="existing" disabled={!mayAdd}>Add to an existing asset</Radio.Button>
              <Radio.Button value="new" disabled={!mayCreate}>New draft assets</Radio.Button>
            </Radio.Group>
            {mode === 'existing' && (
              <>
                <div style={{ width: 280 }}>
                  <RefSelect id="capitalise-asset" refName="asset" value={asset} onChange={setAsset} placeholder="Choose an asset" />
                </div>
                <DatePicker aria-label="Capitalisation date" value={dayjs(date)} onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))} format={display.pickerFormat} allowClear={false} />
              </>
            )}
            <Button type="primary" disabled={!ready} loading={busy} onClick={() => void submit()}>
              {mode === 'existing' ? `Capitalise ${chosen.length} ${chosen.length === 1 ? 'line' : 'lines'}` : `Make ${chosen.length} draft ${chosen.length === 1 ? 'asset' : 'assets'}`}
            </Button>
          </Flex>
        )}
        {refusal && <Alert type="error" showIcon title={refusal} />}
        {made.length > 0 && (
          <Typography.Text>
            Done: {made.map((m, i) => (
              <span key={m.id}>
                {i > 0 && ', '}
                <Link to={`/asset?id=${m.id}`}>{m.code}</Link>
              </span>
            ))}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
