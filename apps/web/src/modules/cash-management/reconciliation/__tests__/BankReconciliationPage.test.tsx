// Proves the reconciliation screen (issue 17): a rule's proposal shows why it matched (amounts in the
// company's locale) and Accept sends the decision with an idempotency key; picking a statement line and
// book lines offers Match selected only when their totals agree, and sends the pair; a closed
// reconciliation offers no editing, only Undo.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BankReconciliation, ReconciliationReport } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import { BankReconciliationPage } from '../BankReconciliationPage';
import { adminUser, referenceRoutes, route, stubServer } from '../../../ledger/journals/__tests__/ledger-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const id = '90000000-0000-4000-8000-000000000001';
const bank = '91000000-0000-4000-8000-000000000001';
const line1 = '92000000-0000-4000-8000-000000000001';
const line2 = '92000000-0000-4000-8000-000000000002';
const journalA = '93000000-0000-4000-8000-00000000000a';
const journalB = '93000000-0000-4000-8000-00000000000b';
const match = '94000000-0000-4000-8000-000000000001';

const view = (patch: Partial<BankReconciliation> = {}): BankReconciliation => ({
  id, statementId: id, statementNumber: 'ST-7', bank: { id: bank, code: 'MAIN', name: 'Main account', currency: 'EUR', scale: 2 }, status: 'Open',
  periodStart: '2026-03-01', periodEnd: '2026-03-31', openingBalance: '1000.00', closingBalance: '1350.00', closedAt: null,
  statementLines: [
    { id: line1, lineNo: 1, bookingDate: '2026-03-03', valueDate: null, amount: '1250.00', counterpartyName: 'Acme', counterpartyIban: null, reference: 'INV-1', matchId: null },
    { id: line2, lineNo: 2, bookingDate: '2026-03-09', valueDate: null, amount: '-900.00', counterpartyName: 'Supplier', counterpartyIban: null, reference: 'PAY-9', matchId: null },
  ],
  ledgerLines: [
    { journalId: journalA, lineNo: 1, entryDate: '2026-03-02', number: 'JV-1', description: 'Receipt Acme', reference: 'INV-1', source: 'CustomerPayment', amount: '1250.00' },
    { journalId: journalB, lineNo: 2, entryDate: '2026-03-08', number: 'JV-2', description: 'Payment supplier', reference: null, source: 'VendorPayment', amount: '-900.00' },
  ],
  matches: [{
    id: match, status: 'Proposed', origin: 'Rule', ruleKind: 'ReferenceAmount', statementLineIds: [line1], ledgerLines: [{ journalId: journalA, lineNo: 1, amount: '1250.00' }], settlement: null, total: '1250.00',
    reasons: [{ field: 'reference', statement: 'INV-1', book: 'INV-1' }, { field: 'amount', statement: '1250.00', book: '1250.00' }],
  }],
  ...patch,
});
const report: ReconciliationReport = { bank: 'MAIN', currency: 'EUR', asOf: '2026-03-31', status: 'Open', bankBalance: '1350.00', bookBalance: '1350.00', outstandingBook: [], outstandingBank: [], difference: '0.00' };

describe('bank reconciliation screen', () => {
  it('shows why a proposal matched and accepts it; matches a line and a book line by hand once their totals agree', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', `/cm/reconciliations/${id}`, { body: view() }),
      route('GET', `/cm/reconciliations/${id}/report`, { body: report }),
      route('POST', `/cm/reconciliations/${id}/matches/${match}/accept`, { body: {} }),
      route('POST', `/cm/reconciliations/${id}/matches`, { body: { id: match } }),
      route('GET', /bank-reconciliation-rules/, { body: { items: [], total: 0 } }),
    );
    renderWithProviders(<BankReconciliationPage />, { user: adminUser, path: `/bank-reconciliation?id=${id}` });
    const proposals = (await screen.findByText('Proposals (1)')).closest('.ant-card') as HTMLElement;
    expect(within(proposals).getByText('amount: 1,250.00 ↔ 1,250.00')).toBeTruthy();
    expect(within(proposals).getByText('reference: INV-1 ↔ INV-1')).toBeTruthy();
    await userEvent.click(within(proposals).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`/matches/${match}/accept`))).toBe(true));
    const accept = calls.find((c) => c.path.endsWith('/accept'))!;
    expect(accept.headers['Idempotency-Key']).toMatch(/.+/);

    // By hand: statement line 2 (-900.00) against the supplier payment; a wrong pick disables the button.
    const lines = (await screen.findByText('Statement lines to match (2)')).closest('.ant-card') as HTMLElement;
    const book = screen.getByText('Unreconciled book lines (2)').closest('.ant-card') as HTMLElement;
    await userEvent.click(within(within(lines).getByText('PAY-9').closest('tr')!).getByRole('checkbox'));
    await userEvent.click(within(within(book).getByText('Receipt Acme').closest('tr')!).getByRole('checkbox'));
    expect((screen.getByRole('button', { name: 'Match selected' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(within(book).getByText('Receipt Acme').closest('tr')!).getByRole('checkbox'));
    await userEvent.click(within(within(book).getByText('Payment supplier').closest('tr')!).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Match selected' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/cm/reconciliations/${id}/matches`)).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === `/cm/reconciliations/${id}/matches`)!.body).toEqual({ statementLineIds: [line2], ledgerLines: [{ journalId: journalB, lineNo: 2 }] });
  });

  it('offers no editing on a closed reconciliation, only Undo and the report', async () => {
    stubServer(
      ...referenceRoutes,
      route('GET', `/cm/reconciliations/${id}`, { body: view({ status: 'Closed', closedAt: '2026-04-02T10:00:00.000Z' }) }),
      route('GET', `/cm/reconciliations/${id}/report`, { body: { ...report, status: 'Closed' } }),
    );
    renderWithProviders(<BankReconciliationPage />, { user: adminUser, path: `/bank-reconciliation?id=${id}` });
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run rules' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Report' })).toBeTruthy();
  });
});
