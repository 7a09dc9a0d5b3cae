import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import type { GridLine } from '../journal-lines';
import type { GridApi } from '../useLineGrid';
import type { DimensionOption } from '../useLedgerReference';
import { LineRow } from './LineRow';
import '../ledger-screens.css';

type Props = {
  lines: readonly GridLine[];
  api: GridApi;
  baseCurrency: string;
  scales: Readonly<Record<string, number>>;
  currencyCodes: readonly string[];
  dimensionOptions: readonly { label: string; options: DimensionOption[] }[];
};

/**
 * The keyboard line grid: Tab moves through the cells in reading order, Enter on a line's last
 * cell adds a line below it, Ctrl+Delete removes the line. A plain table of memoised rows stays
 * quick at 500 lines: a keystroke renders one row and the totals.
 */
export function LineGrid({ lines, api, baseCurrency, scales, currencyCodes, dimensionOptions }: Props) {
  const currencyOptions = useMemo(() => {
    const codes = currencyCodes.includes(baseCurrency) ? currencyCodes : [baseCurrency, ...currencyCodes];
    return codes.map((code) => ({ value: code, label: code }));
  }, [currencyCodes, baseCurrency]);
  return (
    <>
      <div className="journal-grid-scroll">
        <table className="journal-grid" aria-label="Journal lines">
          {/* A fixed layout takes its widths from here, so a keystroke never re-measures 500 rows. */}
          <colgroup>
            <col style={{ width: 40 }} />
            <col style={{ width: '22%' }} />
            <col />
            <col style={{ width: 84 }} />
            <col style={{ width: 96 }} />
            <col style={{ width: 128 }} />
            <col style={{ width: 128 }} />
            <col style={{ width: '18%' }} />
            <col style={{ width: 36 }} />
          </colgroup>
          <thead>
            <tr>
              <th className="journal-grid-no">#</th>
              <th>Account</th>
              <th>Description</th>
              <th>Currency</th>
              <th>Rate</th>
              <th className="journal-grid-amount">Debit</th>
              <th className="journal-grid-amount">Credit</th>
              <th>Dimensions</th>
              <th className="journal-grid-remove">
                <span className="journal-grid-sr">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <LineRow
                key={line.key}
                index={index}
                line={line}
                api={api}
                baseCurrency={baseCurrency}
                scales={scales}
                currencyOptions={currencyOptions}
                dimensionOptions={dimensionOptions}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 8 }}>
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => api.addAfter()}>
          Add line
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          Tab moves between cells · Enter on the last cell adds a line · Ctrl+Delete removes a line
        </Typography.Text>
      </Flex>
    </>
  );
}
