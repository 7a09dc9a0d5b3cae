// A trial balance as GET /gl/trial-balance answers it: two classes, three groups, four accounts, balanced.
import type { TrialBalance } from '../reports-api';

const row = (account: string, code: string, name: string, classCode: string, className: string, groupCode: string, groupName: string, opening: string, debit: string, credit: string, closing: string) => ({
  account, code, name, classCode, className, groupCode, groupName, opening, debit, credit, closing,
});

export const tbFixture: TrialBalance = {
  currency: 'USD',
  from: '2026-01-01',
  to: '2026-12-31',
  balanced: true,
  totals: { opening: '0.00', debit: '1300.30', credit: '1300.30', closing: '0.00' },
  rows: [
    row('a0000000-0000-4000-8000-000000001010', '1010', 'Petty Cash', '1', 'Assets', '10', 'Current Assets', '100.00', '1000.10', '200.20', '899.90'),
    row('a0000000-0000-4000-8000-000000001300', '1300', 'Prepayments', '1', 'Assets', '10', 'Current Assets', '0.00', '300.20', '0.00', '300.20'),
    row('a0000000-0000-4000-8000-000000001500', '1500', 'Equipment', '1', 'Assets', '11', 'Non-current Assets', '0.00', '0.00', '0.00', '0.00'),
    row('a0000000-0000-4000-8000-000000003000', '3000', 'Share Capital', '3', 'Equity', '30', 'Equity', '-100.00', '0.00', '1100.10', '-1200.10'),
  ],
  classes: [
    { code: '1', name: 'Assets', opening: '100.00', debit: '1300.30', credit: '200.20', closing: '1200.10' },
    { code: '3', name: 'Equity', opening: '-100.00', debit: '0.00', credit: '1100.10', closing: '-1200.10' },
  ],
  groups: [
    { code: '10', name: 'Current Assets', opening: '100.00', debit: '1300.30', credit: '200.20', closing: '1200.10' },
    { code: '11', name: 'Non-current Assets', opening: '0.00', debit: '0.00', credit: '0.00', closing: '0.00' },
    { code: '30', name: 'Equity', opening: '-100.00', debit: '0.00', credit: '1100.10', closing: '-1200.10' },
  ],
};
