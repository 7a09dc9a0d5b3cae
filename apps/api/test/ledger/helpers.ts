import type { EntityRecord, JournalView } from '@erp/contracts';
import { call, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

export type Books = { accounts: Map<string, EntityRecord>; periods: { id: string; name: string; startDate: string }[] };

/** A company ready to post: a 2026 calendar fiscal year with open monthly periods, and an EUR rate. */
export async function openBooks(t: TestApp, tenant: TestTenant, admin: Session): Promise<Books> {
  const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, admin);
  const fy = await api<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  const periods = await api<{ id: string; name: string; startDate: string }[]>('POST', `/gl/fiscal-years/${fy.body.id}/periods`, { pattern: 'monthly' });
  const currencies = (await api<{ items: EntityRecord[] }>('GET', '/gl/currencies?limit=100')).body.items;
  const id = (code: string) => currencies.find((c) => c.code === code)!.id;
  await api('POST', '/gl/exchange-rates', { fromCurrency: id('EUR'), toCurrency: id('USD'), rateType: 'Spot', effectiveDate: '2026-01-01', rate: '1.1' });
  await api('POST', '/gl/exchange-rates', { fromCurrency: id('EUR'), toCurrency: id('USD'), rateType: 'Spot', effectiveDate: '2026-06-01', rate: '1.2' });
  const accounts = (await api<{ items: EntityRecord[] }>('GET', '/gl/accounts?limit=500')).body.items;
  return { accounts: new Map(accounts.map((a) => [String(a.code), a])), periods: periods.body };
}

export const line = (account: EntityRecord, side: 'debit' | 'credit', amount: string, currency = 'USD', extra: object = {}) => ({ account: account.id, currency, [side]: amount, ...extra });

export async function post(t: TestApp, tenant: TestTenant, admin: Session, body: object, key?: string) {
  const headers: Record<string, string> = { host: tenant.host, authorization: `Bearer ${admin.token}`, token: admin.tenantId };
  if (key) headers['idempotency-key'] = key;
  const res = await t.app.inject({ method: 'POST', url: '/gl/journals/post', headers, payload: body });
  return { status: res.statusCode, body: JSON.parse(res.body) as JournalView & { message?: string } };
}
