// Payables and receivables master data (issue 15, part 1): what a new company has, party codes
// from their sequences, the rules that refuse bad groups, parties and payment terms with words a
// user can act on, the rows of contacts and instalments, and import/export with rows as JSON cells.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faces, sides, type CompanyConfig, type EntityImportResult, type EntityRecord, type ErrorObject } from '@erp/contracts';
import { partyMayTransact } from '../../src/modules/ap-ar/index';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

type List = { items: EntityRecord[]; total: number };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let accounts: Map<string, EntityRecord>;
const api = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, admin);
const acct = (code: string) => accounts.get(code)!.id;
const one = async (url: string, code: string) => (await api<List>('GET', `${url}?limit=50&filter=${encodeURIComponent(JSON.stringify({ code }))}`)).body.items[0]!;
const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\n')).toString('base64');

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'APAR'));
  accounts = new Map((await api<List>('GET', '/gl/accounts?limit=500')).body.items.map((a) => [String(a.code), a]));
});
afterAll(() => t.close());

describe.each(sides)('a new company, %s', (side) => {
  const face = faces[side];
  const prefix = `/${face.service}`;

  it('has the NET30 term, the LOCAL group on the default control account, and the party sequence', async () => {
    const term = await one(`${prefix}/payment-terms`, 'NET30');
    expect(term).toMatchObject({ basis: 'Net days', days: 30, instalments: [], discountBase: 'Including tax' });
    const group = await one(`${prefix}/${face.partyWord}-groups`, 'LOCAL');
    expect(group).toMatchObject({ controlAccount: acct(face.control === 'Payables' ? '2000' : '1100'), paymentTerm: term.id, dimensions: [] });
    const configs = (await api<List>('GET', `/gl/module-configs?limit=100&filter=${encodeURIComponent(JSON.stringify({ module: face.module }))}`)).body.items;
    expect(configs.map((c) => c.setting)).toContain(`${face.partyLabel}Sequence`);
  });

  it('gives a party left without a code the next number of the sequence, and keeps a typed one', async () => {
    const group = await one(`${prefix}/${face.partyWord}-groups`, 'LOCAL');
    const first = await api<EntityRecord>('POST', `${prefix}/${face.partyWord}s`, { name: 'First', group: group.id });
    const second = await api<EntityRecord>('POST', `${prefix}/${face.partyWord}s`, { name: 'Second', group: group.id, code: '' });
    const typed = await api<EntityRecord>('POST', `${prefix}/${face.partyWord}s`, { name: 'Typed', group: group.id, code: 'ACME' });
    const letter = face.party === 'Vendor' ? 'V' : 'C';
    expect([first.status, second.status, typed.status]).toEqual([200, 200, 200]);
    expect([first.body.code, second.body.code, typed.body.code]).toEqual([`${letter}00001`, `${letter}00002`, 'ACME']);
    // An edit that leaves the code empty keeps it.
    const edited = await api<EntityRecord>('PUT', `${prefix}/${face.partyWord}s/${first.body.id}`, { name: 'First renamed', group: group.id });
    expect(edited.body).toMatchObject({ code: `${letter}00001`, name: 'First renamed', status: 'Active', onHold: false });
  });

  it("refuses a group whose control account is not the face's control type, naming the field", async () => {
    const other = face.control === 'Payables' ? '1100' : '2000';
    const res = await api<ErrorObject>('POST', `${prefix}/${face.partyWord}-groups`, { code: 'BAD', name: 'Bad', controlAccount: acct(other) });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(`controlAccount: Account ${other} is not a ${face.control} control account: choose one whose control is ${face.control} (/accounts)`);
    const plain = await api<ErrorObject>('POST', `${prefix}/${face.partyWord}-groups`, { code: 'BAD', name: 'Bad', controlAccount: acct('6100') });
    expect(plain.status).toBe(422);
  });

  it("refuses a posting profile of the other face's module", async () => {
    const profiles = (await api<List>('GET', '/gl/posting-profiles?limit=50')).body.items;
    const wrong = profiles.find((p) => p.module !== face.module && (p.module === 'Account Payable' || p.module === 'Account Receivable'))!;
    const res = await api<ErrorObject>('POST', `${prefix}/${face.partyWord}-groups`, { code: 'BADP', name: 'Bad', controlAccount: acct(face.control === 'Payables' ? '2000' : '1100'), postingProfile: wrong.id });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^postingProfile: Posting profile .* choose a profile of /);
  });
});

describe('party rules', () => {
  let vendorGroup: EntityRecord;
  let customerGroup: EntityRecord;
  beforeAll(async () => {
    vendorGroup = await one('/ap/vendor-groups', 'LOCAL');
    customerGroup = await one('/ar/customer-groups', 'LOCAL');
  });

  it('checks an IBAN by its checksum and keeps a plain account number', async () => {
    const bad = await api<ErrorObject>('POST', '/ap/vendors', { name: 'Bad bank', group: vendorGroup.id, iban: 'DE88370400440532013000' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('iban: DE88370400440532013000 is not a valid IBAN: check the digits (the checksum does not match)');
    const good = await api<EntityRecord>('POST', '/ap/vendors', { name: 'Good bank', group: vendorGroup.id, iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' });
    expect(good.status).toBe(200);
    const plain = await api<EntityRecord>('POST', '/ap/vendors', { name: 'Local bank', group: vendorGroup.id, iban: '0123456789' });
    expect(plain.status).toBe(200);
    expect((await api<ErrorObject>('POST', '/ap/vendors', { name: 'Bad BIC', group: vendorGroup.id, bic: 'NOPE' })).body.message).toMatch(/^bic: /);
  });

  it('keeps other bank accounts beside the default, each checked, none twice', async () => {
    const vendor = { name: 'Two banks', group: vendorGroup.id, iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };
    const bad = await api<ErrorObject>('POST', '/ap/vendors', { ...vendor, bankAccounts: [{ bankName: 'Other', iban: 'GB82 WEST 1234 5698 7654 32' }, { iban: 'GB82WEST12345698765433' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('bankAccounts[2].iban: GB82WEST12345698765433 is not a valid IBAN: check the digits (the checksum does not match)');
    const twice = await api<ErrorObject>('POST', '/ap/vendors', { ...vendor, bankAccounts: [{ iban: 'de89370400440532013000' }] });
    expect(twice.body.message).toBe('bankAccounts[1].iban: de89370400440532013000 is listed already (it is the default account)');
    const badBic = await api<ErrorObject>('POST', '/ap/vendors', { ...vendor, bankAccounts: [{ iban: '0123456789', bic: 'NOTABIC' }] });
    expect(badBic.body.message).toBe('bankAccounts[1].bic: NOTABIC is not a BIC: 8 or 11 letters and digits (e.g. DEUTDEFF)');
    const good = await api<EntityRecord>('POST', '/ap/vendors', { ...vendor, bankAccounts: [{ bankName: 'West Bank', iban: 'GB82 WEST 1234 5698 7654 32', bic: 'WESTGB2L', currency: 'GBP' }, { iban: '0123456789' }] });
    expect(good.status).toBe(200);
    expect(good.body.bankAccounts).toEqual([{ bankName: 'West Bank', iban: 'GB82 WEST 1234 5698 7654 32', bic: 'WESTGB2L', currency: 'GBP' }, { iban: '0123456789' }]);
  });

  it('keeps contacts as rows and refuses a bad row with its place', async () => {
    const contacts = [{ name: 'Ada', mail: 'ada@example.com', phone: '+234 1 234', role: 'Accounts' }, { name: 'Bo' }];
    const res = await api<EntityRecord>('POST', '/ar/customers', { name: 'With contacts', group: customerGroup.id, contacts });
    expect(res.status).toBe(200);
    expect((await api<EntityRecord>('GET', `/ar/customers/${res.body.id}`)).body.contacts).toEqual(contacts);
    const bad = await api<ErrorObject>('POST', '/ar/customers', { name: 'Bad contacts', group: customerGroup.id, contacts: [{ name: 'ok' }, { mail: 'no name' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^contacts\[1\]\.name: /);
  });

  it("refuses a direct-debit mandate that is not whole, or before the company's creditor identifier is set", async () => {
    const mandate = { mandateReference: 'M-1', mandateSignedOn: '2026-01-15', mandateSequence: 'First' };
    const partial = await api<ErrorObject>('POST', '/ar/customers', { name: 'Half mandate', group: customerGroup.id, mandateReference: 'M-1' });
    expect(partial.status).toBe(422);
    expect(partial.body.message).toBe('mandateSignedOn: A direct-debit mandate needs its reference, signature date and sequence type');
    const early = await api<ErrorObject>('POST', '/ar/customers', { name: 'Early mandate', group: customerGroup.id, ...mandate });
    expect(early.body.message).toBe("mandateReference: Set the company's SEPA creditor identifier on /company-config before recording a mandate");
    const config = (await api<CompanyConfig>('GET', '/gl/company-config')).body;
    expect(config).toMatchObject({ creditLimitPolicy: 'Refuse', sepaCreditorId: null });
    expect((await api<ErrorObject>('PUT', '/gl/company-config', { ...config, sepaCreditorId: 'DE97ZZZ09999999999' })).status).toBe(400);
    const saved = await api<CompanyConfig>('PUT', '/gl/company-config', { ...config, creditLimitPolicy: 'Approval', sepaCreditorId: 'de98 zzz 09999999999' });
    expect(saved.body).toMatchObject({ creditLimitPolicy: 'Approval', sepaCreditorId: 'DE98ZZZ09999999999' });
    const res = await api<EntityRecord>('POST', '/ar/customers', { name: 'Mandated', group: customerGroup.id, creditLimit: '5000.00', ...mandate });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...mandate, creditLimit: '5000' });
  });

  it('refuses an inactive currency and an address outside ISO 3166', async () => {
    const address = await api<ErrorObject>('POST', '/ap/addresses', { code: 'HQ', name: 'Head office', street1: '1 Main St', city: 'Lagos', country: 'XX' });
    expect(address.status).toBe(422);
    expect(address.body.message).toMatch(/^country: XX is not a two-letter ISO country code/);
    const hq = await api<EntityRecord>('POST', '/ap/addresses', { code: 'HQ', name: 'Head office', street1: '1 Main St', city: 'Lagos', country: 'NG' });
    expect(hq.status).toBe(200);
    const withAddress = await api<EntityRecord>('POST', '/ap/vendors', { name: 'Addressed', group: vendorGroup.id, billingAddress: hq.body.id, remittanceAddress: hq.body.id });
    expect(withAddress.status).toBe(200);
    const currency = await api<EntityRecord>('POST', '/gl/currencies', { code: 'ZZI', name: 'Inactive', symbol: 'Z', minorUnit: 2, status: 'Inactive' });
    const res = await api<ErrorObject>('POST', '/ap/vendors', { name: 'Old money', group: vendorGroup.id, currency: currency.body.id });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('currency: Currency ZZI is inactive; activate it on /currency or choose another');
  });
});

describe('group dimension defaults', () => {
  it('take dimensions of their groups, once per group, and refuse one that does not exist', async () => {
    const group = (await api<EntityRecord>('POST', '/gl/dimension-groups', { code: 'CC', name: 'Cost centre' })).body;
    await api('POST', '/gl/dimensions', { code: 'C100', name: 'Sales', dimensionGroup: group.id });
    const body = (dimensions: object[]) => ({ code: `G${Math.floor(Math.random() * 1e6)}`, name: 'With dimensions', controlAccount: acct('2000'), dimensions });
    const ok = await api<EntityRecord>('POST', '/ap/vendor-groups', body([{ dimensionGroup: 'cc', dimension: 'c100' }]));
    expect(ok.status).toBe(200);
    expect(ok.body.dimensions).toEqual([{ dimensionGroup: 'cc', dimension: 'c100' }]);
    const unknown = await api<ErrorObject>('POST', '/ap/vendor-groups', body([{ dimensionGroup: 'CC', dimension: 'C999' }]));
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('dimensions[0].dimension: No dimension C999 in dimension group CC (/dimension)');
    const twice = await api<ErrorObject>('POST', '/ap/vendor-groups', body([{ dimensionGroup: 'CC', dimension: 'C100' }, { dimensionGroup: 'cc', dimension: 'C100' }]));
    expect(twice.body.message).toBe('dimensions[1].dimensionGroup: Dimension group cc is given twice');
  });
});

describe('a party that may not transact', () => {
  it.each(sides)('%s: inactive or on hold is refused with where to lift it', (side) => {
    const face = faces[side];
    expect(() => partyMayTransact(face, { code: 'P1', onHold: false, status: 'Active' })).not.toThrow();
    expect(() => partyMayTransact(face, { code: 'P1', onHold: true, status: 'Active' })).toThrow(`${face.partyLabel} P1 is on hold: no new invoices or payments until the hold is lifted on ${face.pages.party}`);
    expect(() => partyMayTransact(face, { code: 'P1', onHold: false, status: 'Inactive' })).toThrow(`${face.partyLabel} P1 is inactive: activate it on ${face.pages.party} first`);
  });
});

describe('payment term rules', () => {
  const term = (body: object) => api<ErrorObject & EntityRecord>('POST', '/ap/payment-terms', { code: `T${Math.floor(Math.random() * 1e6)}`, description: 'Term', ...body });

  it('take 30/70 instalments, a balancing last line, and day-of-next-month with its day', async () => {
    expect((await term({ instalments: [{ percent: '30', basis: 'Net days', days: 30 }, { percent: '70', basis: 'Net days', days: 60 }] })).status).toBe(200);
    expect((await term({ instalments: [{ amount: '100.00', days: 0 }, { percent: '50', days: 30 }, { days: 60 }] })).status).toBe(200);
    const next = await term({ basis: 'Day of next month', dayOfMonth: 15, discountPercent: '2', discountDays: 10, discountBase: 'Excluding tax' });
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ basis: 'Day of next month', dayOfMonth: 15, discountPercent: '2', discountDays: 10, discountBase: 'Excluding tax' });
  });

  it('refuse, by the calculator\'s own validation, percents that do not make 100, a balancing line that is not last, both percent and amount, amounts without a balancing line', async () => {
    // The calculator's validatePaymentTerm judges the term: the refusal names its first problem's place.
    const sum = await term({ instalments: [{ percent: '30' }, { percent: '60' }] });
    expect(sum.status).toBe(422);
    expect(sum.body.message).toBe("instalments: The instalments' percents must sum to 100, or the last line must be the balancing line");
    expect((await term({ instalments: [{ days: 10 }, { percent: '100' }] })).body.message).toBe('instalments[0]: The balancing line (no percent and no amount) must be the last instalment');
    expect((await term({ instalments: [{ percent: '50', amount: '10' }, {}] })).body.message).toBe('instalments[0]: An instalment has a percent or an amount, not both');
    expect((await term({ instalments: [{ amount: '10' }, { percent: '100' }] })).body.message).toBe('instalments: Instalments with fixed amounts need a balancing last line (no percent and no amount)');
    expect((await term({ basis: 'Day of next month' })).body.message).toBe('dayOfMonth: A day of next month needs the day of the month (1 to 31)');
    expect((await term({ discountPercent: '2' })).body.message).toBe('discountDays: An early-payment discount needs its number of days');
    expect((await term({ instalments: [{ percent: 'x' }] })).status).toBe(400);
  });
});

describe('import and export', () => {
  it('imports vendors with an empty code (numbered from the sequence) and contacts as JSON, and exports them back', async () => {
    const contacts = JSON.stringify([{ name: 'Imported', mail: 'i@example.com' }]);
    const file = { fileName: 'vendors.csv', contentBase64: csv([['Code', 'Name', 'Vendor Group', 'Contacts'], ['', 'Imported one', 'LOCAL', contacts], ['', 'Imported two', 'LOCAL', ''], ['IMP3', 'Imported three', 'LOCAL', '']]), mode: 'all' };
    const preview = await api<EntityImportResult>('POST', '/ap/vendors/import', { ...file, dryRun: true });
    expect(preview.body).toMatchObject({ rows: 3, valid: 3, written: 0, errors: [] });
    const before = (await api<List>('GET', '/ap/vendors?limit=500')).body.total;
    const done = await api<EntityImportResult>('POST', '/ap/vendors/import', { ...file, dryRun: false });
    expect(done.body).toMatchObject({ written: 3, created: 3, errors: [] });
    const all = (await api<List>('GET', '/ap/vendors?limit=500&sort=code')).body;
    expect(all.total).toBe(before + 3);
    const one = all.items.find((v) => v.name === 'Imported one')!;
    expect(one.code).toMatch(/^V\d{5}$/);
    expect(one.contacts).toEqual([{ name: 'Imported', mail: 'i@example.com' }]);
    const res = await t.app.inject({ method: 'GET', url: '/ap/vendors/export?format=csv', headers: { host: tenant.host, authorization: `Bearer ${admin.token}`, token: admin.tenantId } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('""mail"":""i@example.com""');
  });

  it('refuses a contacts cell that is not a list of rows, naming the row', async () => {
    const file = { fileName: 'vendors.csv', contentBase64: csv([['Name', 'Vendor Group', 'Contacts'], ['Broken', 'LOCAL', '{not json']]), mode: 'all', dryRun: true };
    const res = await api<EntityImportResult>('POST', '/ap/vendors/import', file);
    expect(res.body.errors).toEqual([expect.objectContaining({ row: 2, field: 'contacts' })]);
  });
});
