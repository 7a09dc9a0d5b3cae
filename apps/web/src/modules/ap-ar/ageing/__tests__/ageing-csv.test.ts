import { describe, expect, it } from 'vitest';
import type { AgeingReport } from '@erp/contracts';
import { ageingCsv } from '../ageing-csv';
import { ageingParams } from '../ageing-api';

const report: AgeingReport = {
  asOf: '2026-03-15', basis: 'DueDate', baseCurrency: 'USD', buckets: ['Current', '1-30', 'Over 30'],
  rows: [{ party: '00000000-0000-4000-8000-000000000001', partyCode: 'A1', partyName: 'One, "the first"', currency: 'EUR', buckets: ['10.00', '0.00', '5.50'], total: '15.50', baseBuckets: ['11.00', '0.00', '6.05'], baseTotal: '17.05' }],
  total: 1,
  currencies: [{ currency: 'EUR', buckets: ['10.00', '0.00', '5.50'], total: '15.50', baseBuckets: ['11.00', '0.00', '6.05'], baseTotal: '17.05' }],
  baseBuckets: ['11.00', '0.00', '6.05'], baseTotal: '17.05',
};

describe('ageing export and query', () => {
  it('writes a line per party and currency, then the totals per currency and in base, amounts as exact decimals', () => {
    expect(ageingCsv(report).split('\r\n')).toEqual([
      'Party,Name,Currency,Current,1-30,Over 30,Total,Total (USD)',
      'A1,"One, ""the first""",EUR,10.00,0.00,5.50,15.50,17.05',
      '',
      'Total,,EUR,10.00,0.00,5.50,15.50,17.05',
      'Total in USD,,USD,11.00,0.00,6.05,17.05,17.05',
      '',
    ]);
  });

  it('sends only the filters that are set', () => {
    expect(ageingParams({ asOf: '2026-03-15', basis: 'DueDate', buckets: '30,60', group: undefined, currency: '' })).toBe('asOf=2026-03-15&basis=DueDate&buckets=30%2C60');
  });
});
