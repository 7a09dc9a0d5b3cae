// Proves the report rule of docs/breakpoints.md: on a phone the label column and the key figures, every column elsewhere or on request.
import { describe, expect, it } from 'vitest';
import { reportColumns } from '../layout';

const columns = [{ key: 'account' }, { key: 'opening' }, { key: 'debit' }, { key: 'credit' }, { key: 'closing' }];

describe('reportColumns', () => {
  it('keeps the label and the key figures on a phone', () => {
    expect(reportColumns(columns, 'phone', ['closing'], false).map((c) => c.key)).toEqual(['account', 'closing']);
  });

  it('keeps every column on a phone on request, and always on a tablet or wider', () => {
    expect(reportColumns(columns, 'phone', ['closing'], true)).toHaveLength(5);
    for (const layout of ['tablet', 'desktop', 'wide'] as const) expect(reportColumns(columns, layout, ['closing'], false)).toHaveLength(5);
  });
});
