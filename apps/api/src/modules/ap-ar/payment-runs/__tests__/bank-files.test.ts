// The bank file builders (pure): amounts from minor units with two decimals, exact control sums over many
// small amounts (no float), texts in the SEPA character set and cut to their lengths, a direct debit's
// payment information per sequence type, and the refusals of a file that could not be right; both
// messages validate against their ISO 20022 schema (xmllint, when installed).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { amountText, bankFileTable, pain001, pain008, sepaText, type BankFileInput, type BankFileTransaction } from '../bank-files';

const xmllint = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
function validate(xml: string, message: string): void {
  if (!xmllint) return void console.warn(`xmllint is not installed: ${message} not validated`);
  const file = join(mkdtempSync(join(tmpdir(), 'pain-')), 'file.xml');
  writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--schema', `/work/shared/samples/iso20022/${message}.xsd`, file], { stdio: 'pipe' });
}

const tx = (i: number, amountMinor: bigint, extra: Partial<BankFileTransaction> = {}): BankFileTransaction => ({
  endToEndId: `VP2026-${String(i).padStart(6, '0')}`, amountMinor, party: { code: `V${i}`, name: `Vendor ${i}`, iban: 'DE89370400440532013000', bic: i % 2 ? 'COBADEFFXXX' : null },
  remittance: `Invoices VI-${i}`, ...extra,
});
const input = (message: BankFileInput['message'], transactions: BankFileTransaction[]): BankFileInput => ({
  message, messageId: 'VPR2026-000001', createdAt: new Date('2026-03-18T10:11:12.345Z'), date: '2026-03-18', currency: 'EUR', scale: 2,
  company: { name: 'Société Générale d’Exemple & Cie', creditorId: 'DE98ZZZ09999999999' }, bank: { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' }, transactions,
});

describe('bank files', () => {
  it('writes amounts from minor units with exactly two decimals', () => {
    expect([amountText(1n, 2), amountText(123456n, 2), amountText(5n, 0), amountText(7n, 1)]).toEqual(['0.01', '1234.56', '5.00', '0.70']);
    expect(() => amountText(1n, 3)).toThrow('an amount of 3 decimals is written with two');
  });

  it('keeps texts in the SEPA character set, cut to their length', () => {
    expect(sepaText('Société Générale d’Exemple & Cie', 70)).toBe('Societe Generale d Exemple Cie');
    expect(sepaText('x'.repeat(200), 140)).toHaveLength(140);
    expect(sepaText('€€€', 35)).toBe('-');
  });

  it('sums a thousand payments of 0.10 to exactly 100.00 and validates as pain.001.001.03', () => {
    const xml = pain001(input('pain.001.001.03', Array.from({ length: 1000 }, (_, i) => tx(i + 1, 10n))));
    expect(xml.match(/<CtrlSum>[\d.]+<\/CtrlSum>/g)).toEqual(['<CtrlSum>100.00</CtrlSum>', '<CtrlSum>100.00</CtrlSum>']);
    expect(xml.match(/<NbOfTxs>\d+<\/NbOfTxs>/g)).toEqual(['<NbOfTxs>1000</NbOfTxs>', '<NbOfTxs>1000</NbOfTxs>']);
    expect(xml).toContain('<CreDtTm>2026-03-18T10:11:12</CreDtTm>');
    expect(xml).toContain('<InitgPty><Nm>Societe Generale d Exemple Cie</Nm></InitgPty>');
    // A creditor without a BIC has no agent; the debtor's bank always has one.
    expect(xml).toContain('<CdtTrfTxInf><PmtId><EndToEndId>VP2026-000002</EndToEndId></PmtId><Amt><InstdAmt Ccy="EUR">0.10</InstdAmt></Amt><Cdtr>');
    validate(xml, 'pain.001.001.03');
  });

  it('groups direct debits by sequence type (FRST, then RCUR) with their sums, and validates as pain.008.001.02', () => {
    const mandate = (sequence: 'First' | 'Recurring') => ({ reference: `M-${sequence}`, signedOn: '2025-01-31', sequence });
    const xml = pain008(input('pain.008.001.02', [tx(1, 1999n, { mandate: mandate('Recurring') }), tx(2, 1n, { mandate: mandate('First') }), tx(3, 100000n, { mandate: mandate('Recurring') })]));
    expect(xml.match(/<SeqTp>\w+<\/SeqTp>/g)).toEqual(['<SeqTp>FRST</SeqTp>', '<SeqTp>RCUR</SeqTp>']);
    expect(xml.match(/<CtrlSum>[\d.]+<\/CtrlSum>/g)).toEqual(['<CtrlSum>1020.00</CtrlSum>', '<CtrlSum>0.01</CtrlSum>', '<CtrlSum>1019.99</CtrlSum>']);
    expect(xml).toContain('<PmtInfId>VPR2026-000001-1</PmtInfId>');
    expect(xml).toContain('<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>');
    validate(xml, 'pain.008.001.02');
  });

  it('refuses a file that could not be right: no transaction, an amount of nothing, a collection without its mandate or creditor identifier', () => {
    expect(() => pain001(input('pain.001.001.03', []))).toThrow('a bank file carries at least one transaction');
    expect(() => pain001(input('pain.001.001.03', [tx(1, 0n)]))).toThrow('transaction VP2026-000001 moves an amount of more than zero');
    expect(() => pain008(input('pain.008.001.02', [tx(1, 5n)]))).toThrow('collection VP2026-000001 has its mandate');
    const noCreditor = { ...input('pain.008.001.02', [tx(1, 5n, { mandate: { reference: 'M', signedOn: '2025-01-01', sequence: 'First' } })]), company: { name: 'X', creditorId: null } };
    expect(() => pain008(noCreditor)).toThrow('a direct debit carries the creditor identifier');
  });

  it('gives the same transactions as a table', () => {
    const t = bankFileTable(input('pain.001.001.03', [tx(1, 15050n)]));
    expect(t.rows).toEqual([['VP2026-000001', 'V1', 'Vendor 1', 'DE89370400440532013000', 'COBADEFFXXX', '150.50', 'EUR', '2026-03-18', 'Invoices VI-1']]);
  });
});
