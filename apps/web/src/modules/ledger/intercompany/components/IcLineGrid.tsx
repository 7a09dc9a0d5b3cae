import { DeleteOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { memo, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { DocumentLineGrid, LineCard, type LineCardField, type LineColumn } from '../../../../shared/documents';
import { isAmountText, RATE_TEXT } from '../../journals/journal-lines';
import { amountPatch } from '../../journals/line-grid-state';
import { SCALE_FALLBACK } from '../../journals/journal-totals';
import type { IcGridLine } from '../intercompany-lines';
import type { PairCompany } from '../intercompany-totals';
import type { IcGridApi } from '../useIcGrid';
import { IcAccountPicker } from './IcAccountPicker';
import { CellInput } from '../../../../shared/pickers';
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

type RowProps = Omit<Props, 'lines'> & { line: IcGridLine; index: number; rowRef?: Ref<HTMLTableRowElement> };

const cellId = (key: string, column: string) => `ic-${key}-${column}`;

type IcCells = Record<'company' | 'account' | 'description' | 'currency' | 'rate' | 'debit' | 'credit', ReactNode>;

/** A line's controls, shared by its grid row and its phone card (same ids, same changes). */
function icCells({ line, api, companies, scales, currencyCodes }: RowProps, onCreditKey: ((event: KeyboardEvent) => void) | undefined): IcCells {
  const { key } = line;
  const company = companies.find((c) => c.id === line.company);
  const base = company?.baseCurrency;
  const scale = scales[line.currency] ?? SCALE_FALLBACK;
  const foreign = base !== undefined && line.currency !== base;
  return {
    company: (
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
    ),
    account: <IcAccountPicker id={cellId(key, 'account')} company={line.company} value={line.account} label={line.accountLabel} onChange={(account, accountLabel) => api.patch(key, { account, accountLabel })} />,
    description: <CellInput id={cellId(key, 'description')} label="Line description" value={line.description} onText={(description) => api.patch(key, { description })} />,
    currency: (
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
    ),
    rate: <CellInput id={cellId(key, 'rate')} label="Rate" decimal readOnly={!foreign} placeholder={foreign ? 'Auto' : '1'} value={line.rate} invalid={line.rate.trim() !== '' && !RATE_TEXT.test(line.rate.trim())} onText={(rate) => api.patch(key, { rate })} />,
    debit: <CellInput id={cellId(key, 'debit')} label="Debit" decimal value={line.debit} invalid={!isAmountText(line.debit, scale)} onText={(text) => api.patch(key, amountPatch('debit', text))} />,
    credit: <CellInput id={cellId(key, 'credit')} label="Credit" decimal value={line.credit} invalid={!isAmountText(line.credit, scale)} onKeyDown={onCreditKey} onText={(text) => api.patch(key, amountPatch('credit', text))} />,
  };
}

const removeKey = (api: IcGridApi, key: string) => (event: KeyboardEvent) => {
  if (event.ctrlKey && event.key === 'Delete') {
    event.preventDefault();
    api.remove(key);
  }
};

/** One line: its company first (the account picker searches that company's chart), then the journal grid's cells. */
const IcLineRow = memo(function IcLineRow(props: RowProps) {
  const { line, index, rowRef, api, withRate } = props;
  const { key } = line;
  const onCreditKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      api.addAfter(key);
    }
  };
  const cells = icCells(props, onCreditKey);
  return (
    <tr ref={rowRef} className="journal-line" onKeyDown={removeKey(api, key)} data-line={key}>
      <td className="journal-grid-no">{index + 1}</td>
      <td data-col="company">{cells.company}</td>
      <td data-col="account">{cells.account}</td>
      <td data-col="description">{cells.description}</td>
      <td data-col="currency">{cells.currency}</td>
      {withRate && <td data-col="rate">{cells.rate}</td>}
      <td data-col="debit" className="journal-grid-amount">
        {cells.debit}
      </td>
      <td data-col="credit" className="journal-grid-amount">
        {cells.credit}
      </td>
      <td className="journal-grid-remove">
        <Button type="text" size="small" tabIndex={-1} aria-label={`Remove line ${index + 1}`} title="Remove line (Ctrl+Delete)" icon={<DeleteOutlined aria-hidden />} onClick={() => api.remove(key)} />
      </td>
    </tr>
  );
});

/** The same line as a card on a phone: company, account, debit and credit, description; currency and rate behind More. Enter in the description adds a card. */
const IcLineCard = memo(function IcLineCard(props: RowProps) {
  const { line, index, api, withRate } = props;
  const { key } = line;
  const cells = icCells(props, undefined);
  const field = (column: keyof IcCells, label: string, amount?: boolean): LineCardField => ({ key: column, label, id: cellId(key, column), node: cells[column], amount });
  return (
    <LineCard
      index={index}
      lineKey={key}
      onRemove={() => api.remove(key)}
      onKeyDown={(event) => {
        removeKey(api, key)(event);
        if (event.key === 'Enter' && (event.target as HTMLElement).id === cellId(key, 'description')) {
          event.preventDefault();
          api.addAfter(key);
        }
      }}
      fields={[field('company', 'Company'), field('account', 'Account'), field('debit', 'Debit', true), field('credit', 'Credit', true), field('description', 'Description')]}
      more={withRate ? [field('currency', 'Currency'), field('rate', 'Rate')] : [field('currency', 'Currency')]}
    />
  );
});

const MIN_WIDTH_WITHOUT_RATE = 960;

/**
 * The intercompany line grid, on the documents kit's grid: each line names its company (this one or the partner), and its
 * account comes from that company's chart. Tab moves through the cells, Enter on a credit adds
 * a line below in the same company, Ctrl+Delete removes one.
 */
export function IcLineGrid(props: Props) {
  const { lines, api, withRate } = props;
  const columns: readonly LineColumn[] = [
    { key: 'no', title: '#', width: 40, className: 'journal-grid-no' },
    { key: 'company', title: 'Company', width: 110 },
    { key: 'account', title: 'Account', width: '24%' },
    { key: 'description', title: 'Description' },
    { key: 'currency', title: 'Currency', width: 84 },
    ...(withRate ? [{ key: 'rate', title: 'Rate', width: 96 }] : []),
    { key: 'debit', title: 'Debit', width: 128, className: 'journal-grid-amount' },
    { key: 'credit', title: 'Credit', width: 128, className: 'journal-grid-amount' },
    { key: 'remove', title: <span className="journal-grid-sr">Remove</span>, width: 36, className: 'journal-grid-remove' },
  ];
  return (
    <DocumentLineGrid
      label="Intercompany lines"
      classPrefix="journal"
      columns={columns}
      lines={lines}
      onAdd={() => api.addAfter()}
      // Without the rate column the grid needs less room: it then fits the template drawer with its remove buttons in view.
      minWidth={withRate ? undefined : MIN_WIDTH_WITHOUT_RATE}
      renderRow={(line, index, rowRef) => <IcLineRow key={line.key} {...props} rowRef={rowRef} line={line} index={index} />}
      renderCard={(line, index) => <IcLineCard key={line.key} {...props} line={line} index={index} />}
      hint="Tab moves between cells · Enter on a credit adds a line · Ctrl+Delete removes a line"
    />
  );
}
