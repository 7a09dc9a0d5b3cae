// A fetch stub for the ledger screens' tests: every call is recorded with its headers and answered by the first matching route (404 otherwise).
import { vi } from 'vitest';
import { fullPermissions, type JournalView, type SignedInUser } from '@erp/contracts';
import { sampleUser } from '../../../../test/fixtures';

export type Call = { method: string; path: string; body: unknown; headers: Record<string, string> };
type Answer = { status?: number; body: unknown };
export type Route = (call: Call) => Answer | undefined;

export function stubServer(...routes: Route[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method: init?.method ?? 'GET', path: String(input), body, headers: { ...(init?.headers as Record<string, string>) } };
      calls.push(call);
      const answer = routes.map((r) => r(call)).find((found) => found !== undefined) ?? { status: 404, body: { message: 'Not found', statusCode: 404 } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

export const route =
  (method: string, path: string | RegExp, answer: Answer | ((call: Call) => Answer)): Route =>
  (call) => {
    const matches = call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path));
    if (!matches) return undefined;
    return typeof answer === 'function' ? answer(call) : answer;
  };

export const adminUser: SignedInUser = sampleUser({ parentRole: { id: sampleUser().parentRole.id, name: 'Administrator', permissions: fullPermissions() } });

export const ids = {
  journal: '40000000-0000-4000-8000-000000000001',
  rent: '20000000-0000-4000-8000-000000006100',
  petty: '20000000-0000-4000-8000-000000001010',
  dept: '10000000-0000-4000-8000-000000000d01',
  sales: '10000000-0000-4000-8000-000000000d02',
};

/** The company, currencies and dimensions every journal screen loads. */
export const referenceRoutes: Route[] = [
  route('GET', '/gl/GetFullCompany', { body: { id: ids.journal, code: 'HO', description: 'Head Office', baseCurrency: 'USD', dateFormat: 'dd/mm/yy' } }),
  route('GET', '/gl/currencies?limit=100', {
    body: { items: [{ id: 'c1', code: 'EUR', name: 'Euro', minorUnit: 2, status: 'Active' }, { id: 'c2', code: 'USD', name: 'US Dollar', minorUnit: 2, status: 'Active' }], total: 2 },
  }),
  route('GET', '/gl/dimension-groups?limit=500', { body: { items: [{ id: ids.dept, code: 'DEPT', name: 'Department', active: true }], total: 1 } }),
  route('GET', '/gl/dimensions?limit=500', { body: { items: [{ id: ids.sales, code: 'SALES', name: 'Sales', dimensionGroup: ids.dept, active: true }], total: 1 } }),
  // Every check passes unless a test answers otherwise (routes match in order: put a refusal first).
  route('POST', /^\/gl\/journals\/check(\?|$)/, { body: { ok: true } }),
  route('GET', /^\/gl\/accounts\/lookup/, { body: [{ id: ids.petty, label: '1010 · Petty Cash' }, { id: ids.rent, label: '6100 · Rent' }] }),
];

/** GET /workflow/gate of a type: whether an active workflow governs the company's documents (none under approval). */
export const gateRoute = (approvalType: string, workflowActive: boolean): Route =>
  route('GET', new RegExp(`^/workflow/gate\\?approvalType=${approvalType}(&|$)`), { body: { workflowActive, underApproval: false, instanceId: null } });

export function draftView(patch: Partial<JournalView> = {}): JournalView {
  const line = (lineNo: number, account: string, code: string, name: string, debit: string, credit: string) => ({
    lineNo, account, accountCode: code, accountName: name, description: null, currency: 'USD', rate: '', debit, credit, baseDebit: '', baseCredit: '', dimensions: {}, tax: null, generated: null,
  });
  return {
    id: ids.journal, number: null, kind: 'Standard', status: 'Draft', journalDate: '2026-03-15', period: null, description: 'Office rent', reference: null,
    baseCurrency: 'USD', totalDebit: '0.00', totalCredit: '0.00', sourceModule: 'General Ledger', reversalOf: null, reversedBy: null,
    createdAt: '2026-03-15T10:00:00.000Z', postedAt: null,
    lines: [line(1, ids.rent, '6100', 'Rent', '4.20', '0.00'), line(2, ids.petty, '1010', 'Petty Cash', '0.00', '4.20')],
    ...patch,
  };
}
