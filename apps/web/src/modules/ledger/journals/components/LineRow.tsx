import { DeleteOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { memo, type KeyboardEvent } from 'react';
import { isAmountText, RATE_TEXT, type GridLine } from '../journal-lines';
import { amountPatch } from '../line-grid-state';
import { SCALE_FALLBACK } from '../journal-totals';
import { gridTabCapture } from '../grid-tab';
import { cellId, type GridApi, type GridColumn } from '../useLineGrid';
import type { DimensionOption } from '../useLedgerReference';
import { AccountPicker } from './AccountPicker';
import { DimensionsCell } from './DimensionsCell';

export type LineRowProps = {
  index: number;
  line: GridLine;
  api: GridApi;
  baseCurrency: string;
  scales: Readonly<Record<string, number>>;
  currencyOptions: { value: string; label: string }[];
  dimensionOptions: readonly { label: string; options: DimensionOption[] }[];
};

const singlePickerTab = gridTabCapture(true);

const columnOf = (target: EventTarget): GridColumn => {
  const cell = (target as HTMLElement).closest<HTMLElement>('td[data-col]');
  return (cell?.dataset.col as GridColumn | undefined) ?? 'account';
};

/**
 * One line of the grid. Memoised: typing in a line renders that row only, because every other
 * row gets the same line object and the same stable callbacks.
 */
export const LineRow = memo(function LineRow({ index, line, api, baseCurrency, scales, currencyOptions, dimensionOptions }: LineRowProps) {
  const { key } = line;
  const scale = scales[line.currency] ?? SCALE_FALLBACK;
  const foreign = line.currency !== baseCurrency;
  const hasDimensions = dimensionOptions.length > 0;
  const onRowKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey && event.key === 'Delete') {
      event.preventDefault();
      api.remove(key, columnOf(event.target));
    }
  };
  const onCreditEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !hasDimensions) {
      event.preventDefault();
      api.addAfter(key);
    }
  };
  const amountStatus = (text: string) => (isAmountText(text, scale) ? undefined : 'error');

  return (
    <tr onKeyDown={onRowKeyDown} data-line={key}>
      <td className="journal-grid-no">{index + 1}</td>
      <td data-col="account" onKeyDownCapture={singlePickerTab}>
        <AccountPicker id={cellId(key, 'account')} value={line.account} label={line.accountLabel} onChange={(account, accountLabel) => api.patch(key, { account, accountLabel })} />
      </td>
      <td data-col="description">
        <Input id={cellId(key, 'description')} aria-label="Line description" variant="borderless" value={line.description} maxLength={500} onChange={(e) => api.patch(key, { description: e.target.value })} />
      </td>
      <td data-col="currency" onKeyDownCapture={singlePickerTab}>
        <Select
          id={cellId(key, 'currency')}
          aria-label="Currency"
          variant="borderless"
          showSearch
          value={line.currency}
          options={currencyOptions}
          onChange={(currency: string) => api.patch(key, currency === baseCurrency ? { currency, rate: '' } : { currency })}
          popupMatchSelectWidth={100}
          style={{ width: '100%' }}
        />
      </td>
      <td data-col="rate">
        <Input
          id={cellId(key, 'rate')}
          aria-label="Rate"
          variant="borderless"
          inputMode="decimal"
          // Read-only rather than disabled for the base currency: Tab stops in the same cells on every line.
          readOnly={!foreign}
          placeholder={foreign ? 'Auto' : '1'}
          value={line.rate}
          status={line.rate.trim() && !RATE_TEXT.test(line.rate.trim()) ? 'error' : undefined}
          onChange={(e) => api.patch(key, { rate: e.target.value })}
        />
      </td>
      <td data-col="debit" className="journal-grid-amount">
        <Input id={cellId(key, 'debit')} aria-label="Debit" variant="borderless" inputMode="decimal" value={line.debit} status={amountStatus(line.debit)} onChange={(e) => api.patch(key, amountPatch('debit', e.target.value))} />
      </td>
      <td data-col="credit" className="journal-grid-amount">
        <Input
          id={cellId(key, 'credit')}
          aria-label="Credit"
          variant="borderless"
          inputMode="decimal"
          value={line.credit}
          status={amountStatus(line.credit)}
          onKeyDown={onCreditEnter}
          onChange={(e) => api.patch(key, amountPatch('credit', e.target.value))}
        />
      </td>
      <td data-col="dimensions">
        <DimensionsCell id={cellId(key, 'dimensions')} value={line.dimensions} options={dimensionOptions} onChange={(dimensions) => api.patch(key, { dimensions })} onEnter={() => api.addAfter(key)} />
      </td>
      <td className="journal-grid-remove">
        <Button type="text" size="small" tabIndex={-1} aria-label={`Remove line ${index + 1}`} title="Remove line (Ctrl+Delete)" icon={<DeleteOutlined aria-hidden />} onClick={() => api.remove(key)} />
      </td>
    </tr>
  );
});
