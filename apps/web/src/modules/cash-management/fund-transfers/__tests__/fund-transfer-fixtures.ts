import type { FundTransferView } from '@erp/contracts';

/** A draft transfer of 1,000.00 USD from MAIN to SAVE on one value date, in one leg (the screens' tests). */
export const id = '90000000-0000-4000-8000-000000000001';
const main = '91000000-0000-4000-8000-000000000001';
const save = '91000000-0000-4000-8000-000000000002';

export function transferView(patch: Partial<FundTransferView> = {}): FundTransferView {
  return {
    id, number: null, kind: 'Transfer', status: 'Draft', documentDate: '2026-03-02', fromBank: main, fromBankCode: 'MAIN', fromCurrency: 'USD', toCompany: '92000000-0000-4000-8000-000000000001', toCompanyCode: 'HO', intercompany: false,
    toBank: save, toBankCode: 'SAVE', toCurrency: 'USD', amount: '1000.00', rate: null, amountIn: '1000.00', fee: '0.00', feeBearer: 'Sender', outDate: '2026-03-02', inDate: '2026-03-02', reference: null, description: 'Sweep',
    legs: [{ lineNo: 1, amount: '1000.00', amountIn: '1000.00', fee: '0.00', outDate: '2026-03-02', inDate: '2026-03-02', viaTransit: false, outJournal: null, outJournalNumber: null, inJournal: null, inJournalNumber: null }],
    createdAt: '2026-03-02T10:00:00.000Z', postedAt: null, ...patch,
  };
}

