import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Typography } from 'antd';
import { memo, type KeyboardEvent } from 'react';
import { isAmountText, RATE_TEXT } from '../../journals/journal-lines';
import { amountPatch } from '../../journals/line-grid-state';
import { SCALE_FALLBACK } from '../../journals/journal-totals';
import type { IcGridLine } from '../intercompany-lines';
import type { PairCompany } from '../intercompany-totals';
import type { IcGridApi } from '../useIcGrid';
import { IcAccountPicker } from './IcAccountPicker';
import { CellInput } from '../../journals/components/LineRow';
import '../../journals/ledger-screens.css';

type Props = {
  lines: readonly IcGridLine[];
  api: IcGridApi;
  /** This company, then the partner (absent until one is chosen). */
  companies: readonly PairCompany[];
  scales: Readonly<Record<string, number>>;
  currencyCodes: readonly string[];
  /** Journals carry a rate per line; templates do not. */
  withRate: boolean;
};

type RowProps = Omit<Props, 'lines'> & { line: IcGridLine; index: number };

const cellId = (key: string, column: string) => `ic-${key}-${column}`;

/** One line: its company first (the account picker searches that company's chart), then the journal grid's cells. */
const IcLineRow = memo(function IcLineRow({ line, index, api, companies, scales, currencyCodes, withRate }: RowProps) {
  const { key } = line;
  const company = companies.find((c) => c.id === line.company);
  const base = company?.baseCurrency;
  const scale = scales[line.currency] ?? SCALE_FALLBACK;
  const foreign = base !== undefined && line.currency !== base;
  const onCreditKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      api.addAfter(key);
    }
  };
  const onRowKey = (event: KeyboardEvent) => {
    if (event.ctrlKey && event.key === 'Delete') {
      event.preventDefault();
      api.remove(key);
    }
  };
  return (
    <tr className="journal-line" onKeyDown={onRowKey} data-line={key}>
      <td className="journal-grid-no">{index + 1}</td>
      <td data-col="company">
        <Select
          id={cellId(key, 'company')}
          aria-label="Company"
          variant="borderless"
          value={line.company || undefined}
          placeholder="Company"
          options={companies.map((c) => ({ value: c.id, label: c.code }))}
          // Another company has another chart: the account is chosen again.
          onChange={(next: string) => api.patch(key, next === line.company ? {} : { company: next, account: null, accountLabel: '', rate: '' })}
          style={{ width: '100%' }}
        />
      </td>
      <td data-col="account">
        <IcAccountPicker id={cellId(key, 'account')} company={line.company} value={line.account} label={line.accountLabel} onChange={(account, accountLabel) => api.patch(key, { account, accountLabel })} />
      </td>
      <td data-col="description">
        <CellInput id={cellId(key, 'description')} label="Line description" value={line.description} onText={(description) => api.patch(key, { description })} />
      </td>
      <td data-col="currency">
        <Select
          id={cellId(key, 'currency')}
          aria-label="Currency"
          variant="borderless"
          showSearch
          value={line.currency}
          options={currencyCodes.map((code) => ({ value: code, label: code }))}
          onChange={(currency: string) => api.patch(key, currency === base ? { currency, rate: '' } : { currency })}
          popupMatchSelectWidth={100}
          style={{ width: '100%' }}
        />
      </td>
      {withRate && (
        <td data-col="rate">
          <CellInput id={cellId(key, 'rate')} label="Rate" decimal readOnly={!foreign} placeholder={foreign ? 'Auto' : '1'} value={line.rate} invalid={line.rate.trim() !== '' && !RATE_TEXT.test(line.rate.trim())} onText={(rate) => api.patch(key, { rate })} />
        </td>
      )}
      <td data-col="debit" className="journal-grid-amount">
        <CellInput id={cellId(key, 'debit')} label="Debit" decimal value={line.debit} invalid={!isAmountText(line.debit, scale)} onText={(text) => api.patch(key, amountPatch('debit', text))} />
      </td>
      <td data-col="credit" className="journal-grid-amount">
        <CellInput id={cellId(key, 'credit')} label="Credit" decimal value={line.credit} invalid={!isAmountText(line.credit, scale)} onKeyDown={onCreditKey} onText={(text) => api.patch(key, amountPatch('credit', text))} />
      </td>
      <td className="journal-grid-remove">
        <Button type="text" size="small" tabIndex={-1} aria-label={`Remove line ${index + 1}`} title="Remove line (Ctrl+Delete)" icon={<DeleteOutlined aria-hidden />} onClick={() => api.remove(key)} />
      </td>
    </tr>
  );
});

const MIN_WIDTH_WITHOUT_RATE = 960;

/**
 * The intercompany line grid: each line names its company (this one or the partner), and its
 * account comes from that company's chart. Tab moves through the cells, Enter on a credit adds
 * a line below in the same company, Ctrl+Delete removes one.
 */
export function IcLineGrid(props: Props) {
  const { lines, api, withRate } = props;
  return (
    <>
      <div className="journal-grid-scroll">
        {/* Without the rate column the grid needs less room: it then fits the template drawer with its remove buttons in view. */}
        <table className="journal-grid" aria-label="Intercompany lines" style={withRate ? undefined : { minWidth: MIN_WIDTH_WITHOUT_RATE }}>
          <colgroup>
            <col style={{ width: 40 }} />
            <col style={{ width: 110 }} />
            <col style={{ width: '24%' }} />
            <col />
            <col style={{ width: 84 }} />
            {withRate && <col style={{ width: 96 }} />}
            <col style={{ width: 128 }} />
            <col style={{ width: 128 }} />
            <col style={{ width: 36 }} />
          </colgroup>
          <thead>
            <tr>
              <th className="journal-grid-no">#</th>
              <th>Company</th>
              <th>Account</th>
              <th>Description</th>
              <th>Currency</th>
              {withRate && <th>Rate</th>}
              <th className="journal-grid-amount">Debit</th>
              <th className="journal-grid-amount">Credit</th>
              <th className="journal-grid-remove">
                <span className="journal-grid-sr">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <IcLineRow key={line.key} {...props} line={line} index={index} />
            ))}
          </tbody>
        </table>
      </div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 8 }}>
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => api.addAfter()}>
          Add line
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          Tab moves between cells · Enter on a credit adds a line · Ctrl+Delete removes a line
        </Typography.Text>
      </Flex>
    </>
  );
}
