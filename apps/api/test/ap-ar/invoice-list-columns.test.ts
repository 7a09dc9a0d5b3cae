// The invoice list reads what the database keeps on each invoice of its open items (due date,
// remaining, earliest open due date: migration 0020's trigger, and the direct post that writes them
// at once). Checked against the open items each document's view shows, after every kind of change:
// a direct post with instalments, a draft posted, a credit note that takes part of an invoice, a
// standalone credit note, a full reversal; the overdue filter on several dates and its sums.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreditNoteView, type EntityRecord, type ErrorObject, type InvoiceSums, type InvoiceView } from '@erp/contracts';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { openBooks, type Books } from '../ledger/helpers';

type Item = { id: string; dueDate: string | null; remaining: string | null };
type List = { items: Item[]; total: number };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let books: Books;
let vat: string;
let vendor: string;
const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => call<T & ErrorObject>(t.app, tenant.host, method, url, body, admin);
const acct = (code: string) => books.accounts.get(code)!.id;
async function ok<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await api<T>(method, url, body);
  expect(res.status, `${method} ${url}: ${res.body?.message}`).toBe(200);
  return res.body;
}
const lines = (price: string) => [{ account: acct('6100'), quantity: '1', unitPrice: price, tax: vat }];

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'LISTCOL'));
  books = await openBooks(t, tenant, admin);
  vat = (await ok<EntityRecord>('POST', '/gl/taxes', { code: 'VAT20', name: 'VAT 20%', rate: '20', kind: 'Both', inputAccount: acct('1400'), outputAccount: acct('2200') })).id;
  const group = (await ok<{ items: EntityRecord[] }>('GET', '/ap/vendor-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  vendor = (await ok<EntityRecord>('POST', '/ap/vendors', { code: 'LC1', name: 'List columns vendor', group: group.id })).id;
});
afterAll(() => t.close());

describe('the list columns kept from the open items', () => {
  it('equal the open items of every document after posts, credit notes and reversals; overdue is an open item due before the date', async () => {
    // Direct post with two typed instalments (120.00 gross: 50.00 due 10 March, 70.00 due 10 May).
    const split = await ok<InvoiceView>('POST', '/ap/vendor-invoices/post', {
      party: vendor, documentDate: '2026-02-01', description: 'Split', lines: lines('100'),
      instalments: [{ dueDate: '2026-03-10', amount: '50.00' }, { dueDate: '2026-05-10', amount: '70.00' }],
    });
    // A draft posted (the vendor's term, or the document date), then half credited.
    const draft = await ok<InvoiceView>('POST', '/ap/vendor-invoices', { party: vendor, documentDate: '2026-01-15', description: 'Credited', lines: lines('200') });
    const credited = await ok<InvoiceView>('POST', `/ap/vendor-invoices/${draft.id}/post`);
    const credit = await ok<CreditNoteView>('POST', '/ap/vendor-credit-notes', { kind: 'CreditNote', invoice: credited.id, party: vendor, documentDate: '2026-01-20', description: 'Half', lines: lines('100') });
    await ok<CreditNoteView>('POST', `/ap/vendor-credit-notes/${credit.id}/post`);
    // A credit note standing alone (a credit open item), and an invoice reversed in full.
    const alone = await ok<CreditNoteView>('POST', '/ap/vendor-credit-notes', { kind: 'CreditNote', party: vendor, documentDate: '2026-02-05', description: 'Alone', lines: lines('10') });
    await ok<CreditNoteView>('POST', `/ap/vendor-credit-notes/${alone.id}/post`);
    const reversed = await ok<InvoiceView>('POST', '/ap/vendor-invoices/post', { party: vendor, documentDate: '2026-02-10', description: 'Reversed', lines: lines('30') });
    const reversal = await ok<CreditNoteView>('POST', '/ap/vendor-credit-notes', { kind: 'Reversal', invoice: reversed.id, party: vendor, documentDate: '2026-02-12', description: 'Back' });
    await ok<CreditNoteView>('POST', `/ap/vendor-credit-notes/${reversal.id}/post`);
    // And a draft, with no open items.
    await ok<InvoiceView>('POST', '/ap/vendor-invoices', { party: vendor, documentDate: '2026-02-20', description: 'Draft', lines: lines('5') });

    for (const [resource, kind] of [['vendor-invoices', 'invoice'], ['vendor-credit-notes', 'credit']] as const) {
      const list = await ok<List>('GET', `/ap/${resource}?limit=100`);
      expect(list.items.length).toBeGreaterThan(kind === 'invoice' ? 3 : 2);
      for (const item of list.items) {
        const view = await ok<InvoiceView>('GET', `/ap/${resource}/${item.id}`);
        // A view's remaining is the sum of its open items (null without: a draft, a reversal), its instalments then the open items.
        const items = view.remaining !== null;
        expect(item.remaining, `${view.description}: remaining`).toBe(view.remaining);
        const dues = view.instalments.map((i) => i.dueDate).sort();
        expect(item.dueDate, `${view.description}: due date`).toBe(items ? (dues[0] ?? null) : null);
      }
    }
    const viewOf = (id: string) => ok<InvoiceView>('GET', `/ap/vendor-invoices/${id}`);

    // Overdue on a date: the invoices with an instalment left to pay due before it, whatever the path that wrote them.
    const invoices = (await ok<List>('GET', '/ap/vendor-invoices?limit=100')).items;
    for (const on of ['2026-01-16', '2026-03-10', '2026-03-11', '2026-05-11', '2026-12-31']) {
      const expected: string[] = [];
      for (const item of invoices) {
        const view = await viewOf(item.id);
        if (view.instalments.some((i) => i.remaining !== null && Number(i.remaining) > 0 && i.dueDate < on)) expected.push(item.id);
      }
      const overdue = await ok<List>('GET', `/ap/vendor-invoices?limit=100&overdue=true&overdueOn=${on}`);
      expect(overdue.items.map((i) => i.id).sort(), `overdue on ${on}`).toEqual(expected.sort());
      expect(overdue.total).toBe(expected.length);
      const notOverdue = await ok<List>('GET', `/ap/vendor-invoices?limit=100&overdue=false&overdueOn=${on}`);
      expect(notOverdue.total + overdue.total).toBe(invoices.length);
      const sums = await ok<InvoiceSums>('GET', `/ap/vendor-invoices/sums?overdue=true&overdueOn=${on}`);
      expect(sums.count).toBe(expected.length);
    }
    // The split invoice is overdue by its first instalment only until that is due, then by its second.
    expect((await ok<List>('GET', `/ap/vendor-invoices?limit=100&overdue=true&overdueOn=2026-03-11`)).items.map((i) => i.id)).toContain(split.id);
  });
});
