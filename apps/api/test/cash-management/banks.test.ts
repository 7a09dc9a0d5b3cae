// Cash Management master data (issue 16): a bank names a GL account that is not a control account,
// an active currency, an account number whose IBAN checksum holds and a BIC of the ISO 9362 form;
// each refusal names the field a user fixes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityRecord, ErrorObject } from '@erp/contracts';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

type List = { items: EntityRecord[]; total: number };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let accounts: Map<string, EntityRecord>;
let usd: string;
let group: string;
const api = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, admin);
const acct = (code: string) => accounts.get(code)!.id;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'BANKS'));
  accounts = new Map((await api<List>('GET', '/gl/accounts?limit=500')).body.items.map((a) => [String(a.code), a]));
  usd = (await api<List>('GET', '/gl/currencies?limit=200')).body.items.find((c) => c.code === 'USD')!.id;
  group = (await api<EntityRecord>('POST', '/cm/bank-groups', { code: 'OPS', name: 'Operating' })).body.id;
});
afterAll(() => t.close());

const bank = (over: Record<string, unknown>) => ({ code: 'MAIN', name: 'Main account', bankGroup: group, account: acct('1020'), currency: usd, accountNumber: 'DE89 3704 0044 0532 0130 00', bic: 'DEUTDEFF', ...over });

describe('banks', () => {
  it('keeps a bank with its GL account, currency, IBAN, BIC and next cheque and transfer numbers', async () => {
    const res = await api<EntityRecord>('POST', '/cm/banks', bank({ nextChequeNumber: 100, nextTransferNumber: 7 }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'MAIN', account: acct('1020'), currency: usd, nextChequeNumber: 100, nextTransferNumber: 7, status: 'Active' });
    const list = await api<List>('GET', '/cm/banks?search=MAIN');
    expect(list.body.items.map((b) => b.code)).toEqual(['MAIN']);
  });

  it('refuses a control account, naming the field', async () => {
    const res = await api<ErrorObject>('POST', '/cm/banks', bank({ code: 'CTRL', account: acct('1100') }));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('account: Account 1100 is a Receivables control account: a bank posts to an account that is not a control account');
  });

  it('refuses an IBAN whose checksum fails and a malformed BIC; keeps a plain account number as typed', async () => {
    const iban = await api<ErrorObject>('POST', '/cm/banks', bank({ code: 'BADIBAN', accountNumber: 'DE89370400440532013001' }));
    expect(iban.status).toBe(422);
    expect(iban.body.message).toContain('accountNumber: DE89370400440532013001 is not a valid IBAN');
    const bic = await api<ErrorObject>('POST', '/cm/banks', bank({ code: 'BADBIC', bic: 'DEUT' }));
    expect(bic.status).toBe(422);
    expect(bic.body.message).toContain('bic: DEUT is not a BIC');
    const plain = await api<EntityRecord>('POST', '/cm/banks', bank({ code: 'PLAIN', accountNumber: '0123456789', bic: null }));
    expect(plain.status).toBe(200);
    expect(plain.body.accountNumber).toBe('0123456789');
  });
});
