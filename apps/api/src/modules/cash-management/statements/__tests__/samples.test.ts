// Proves every real bank file of ../shared/samples/bank parses to what expected.json says (counts, totals, balances, first and last lines), read in place.
import { existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { statementMappingSchema } from '@erp/contracts';
import { openStatementFile } from '../parsers/detect';
import { addDecimals, collectStatements, type ParsedStatement } from '../parsers/shape';

/** ../shared/samples/bank beside the repository (found upwards: a worktree sits deeper than the main checkout). */
const DIR = ((): URL => {
  for (let up = '../'; up.length < 60; up += '../') {
    const dir = new URL(`${up}shared/samples/bank/`, import.meta.url);
    if (existsSync(new URL('expected.json', dir))) return dir;
  }
  throw new Error('shared/samples/bank not found above the repository');
})();
type ExpectedLine = { amount: number; ref: string; partner: string; value_date: string; remote_account: string; name: string; date: string; fitid: string };
/** What expected.json says of a file: the fields the samples' files give between them (each test reads those of its file). */
type Expected = {
  statements: number; statement_id: string; statement_name: string; account_iban: string; account: string; currency: string; date: string;
  opening_balance: number; closing_balance: number; opening_balance_derived: number; count: number; total: number; amounts: number[];
  bank_transaction_codes: string[]; reversal_indicator_on_lines: number[]; first: ExpectedLine; last: ExpectedLine;
  credits: { count: number; total: number }; debits: { count: number; total: number }; line2_foreign: { currency: string; amount: number };
};
const expected = JSON.parse(readFileSync(new URL('expected.json', DIR), 'utf8')) as { files: { file: string; expected: Expected }[] };
const expect_ = (file: string): Expected => expected.files.find((f) => f.file === file)!.expected;

/** A number of expected.json as the canonical decimal the parsers give. */
const dec = (n: number) => addDecimals([n.toFixed(2)]);

async function parse(file: string, mapping?: unknown) {
  const source = Readable.from([readFileSync(new URL(file, DIR))]);
  const opened = await openStatementFile(source, file, async () => (mapping ? statementMappingSchema.parse(mapping) : null));
  return { format: opened.format, statements: await collectStatements(opened.events) };
}
const total = (s: ParsedStatement) => addDecimals(s.lines.map((l) => l.amount));

describe('bank samples', () => {
  it('camt053_oca_abnamro_eur.xml: one statement, its batch entry split into its two transaction details, balances that do not add up', async () => {
    const e = expect_('camt053_oca_abnamro_eur.xml');
    const { format, statements } = await parse('camt053_oca_abnamro_eur.xml');
    expect(format).toBe('CAMT.053');
    expect(statements).toHaveLength(e.statements);
    const [s] = statements as [ParsedStatement];
    expect(s.statementRef).toBe(e.statement_id);
    expect(s.account).toBe(e.account_iban);
    expect(s.currency).toBe(e.currency);
    expect(s.fromDate).toBe(e.date);
    expect(s.toDate).toBe(e.date);
    expect(s.opening).toBe(dec(e.opening_balance));
    expect(s.closing).toBe(dec(e.closing_balance));
    expect(s.lines).toHaveLength(e.count);
    expect(total(s)).toBe(dec(e.total));
    expect(s.lines.map((l) => l.amount)).toEqual(e.amounts.map(dec));
    expect(s.lines.map((l) => l.transactionCode)).toEqual(e.bank_transaction_codes);
    // expected.json numbers the lines from 1.
    expect(s.lines.flatMap((l, i) => (l.reversal ? [i + 1] : []))).toEqual(e.reversal_indicator_on_lines);
    expect(s.lines[0]).toMatchObject({ amount: dec(e.first.amount), reference: e.first.ref, counterpartyName: e.first.partner, counterpartyAccount: 'NL46ABNA0499998748' });
    expect(s.lines.at(-1)).toMatchObject({ amount: dec(e.last.amount), reference: e.last.ref });
    // The caveat: opening + lines is not the closing (the importer refuses it, see the import tests).
    expect(addDecimals([s.opening!, total(s)])).not.toBe(s.closing);
  });

  it('mt940_oca_ing_eur.940: the ING statement in its envelope, :86: subfields read across line breaks', async () => {
    const e = expect_('mt940_oca_ing_eur.940');
    const { format, statements } = await parse('mt940_oca_ing_eur.940');
    expect(format).toBe('MT940');
    expect(statements).toHaveLength(1);
    const [s] = statements as [ParsedStatement];
    expect(`${s.account}-${s.toDate}`).toBe(e.statement_name);
    expect(s.account).toBe(e.account);
    expect(s.currency).toBe(e.currency);
    expect(s.opening).toBe(dec(e.opening_balance));
    expect(s.closing).toBe(dec(e.closing_balance));
    expect(s.lines).toHaveLength(e.count);
    expect(total(s)).toBe(dec(e.total));
    expect(s.lines.map((l) => l.amount)).toEqual(e.amounts.map(dec));
    const credits = s.lines.filter((l) => !l.amount.startsWith('-'));
    const debits = s.lines.filter((l) => l.amount.startsWith('-'));
    expect([credits.length, addDecimals(credits.map((l) => l.amount))]).toEqual([e.credits.count, dec(e.credits.total)]);
    expect([debits.length, addDecimals(debits.map((l) => l.amount))]).toEqual([e.debits.count, dec(e.debits.total)]);
    expect(s.lines[0]).toMatchObject({ amount: dec(e.first.amount), valueDate: e.first.value_date, counterpartyAccount: e.first.remote_account, reference: e.first.ref });
    expect(s.lines.at(-1)!.amount).toBe(dec(e.last.amount));
    expect(addDecimals([s.opening!, total(s)])).toBe(s.closing);
    // A subfield value wrapped across lines is joined: "MND-EV01", "CONTRIBUTIE FEB 2014".
    expect(s.lines[5]!.description).toBe('CONTRIBUTIE FEB 2014');
    expect(s.lines[5]!.counterpartyName).toBe('J.Janssen');
  });

  it('ofx211_oca_usd.ofx: four transaction lists in one bank statement, the empty credit-card statement makes no lines', async () => {
    const e = expect_('ofx211_oca_usd.ofx');
    const { format, statements } = await parse('ofx211_oca_usd.ofx');
    expect(format).toBe('OFX');
    const bank = statements.find((s) => s.account === e.account)!;
    expect(bank.currency).toBe(e.currency);
    expect(bank.lines).toHaveLength(e.count);
    expect(total(bank)).toBe(dec(e.total));
    expect(bank.lines[0]).toMatchObject({ amount: dec(e.first.amount), counterpartyName: e.first.name, bookingDate: e.first.date, bankReference: e.first.fitid });
    expect(bank.lines.at(-1)).toMatchObject({ amount: dec(e.last.amount), counterpartyName: e.last.name, bankReference: e.last.fitid });
    expect(bank.closing).toBe(dec(e.closing_balance));
    expect(bank.opening).toBe(dec(e.opening_balance_derived));
    const card = statements.find((s) => s !== bank)!;
    expect(card.lines).toHaveLength(0);
    expect(card.closing).toBe('-562');
  });

  it('csv_oca_sample_statement_en.csv: quoted US dates, thousands separators, a foreign amount', async () => {
    const e = expect_('csv_oca_sample_statement_en.csv');
    const { format, statements } = await parse('csv_oca_sample_statement_en.csv', {
      dateFormat: 'MM/DD/YYYY', dateColumn: 'Date', amountColumn: 'Amount', descriptionColumn: 'Label', counterpartyColumn: 'Partner Name',
      counterpartyAccountColumn: 'Bank Account', foreignCurrencyColumn: 'Currency', foreignAmountColumn: 'Amount Currency',
    });
    expect(format).toBe('CSV');
    expect(statements).toHaveLength(e.statements);
    const [s] = statements as [ParsedStatement];
    expect(s.lines).toHaveLength(e.count);
    expect(s.lines.map((l) => l.amount)).toEqual(e.amounts.map(dec));
    expect(total(s)).toBe(dec(e.total));
    expect(s.lines[1]).toMatchObject({ foreignCurrency: e.line2_foreign.currency, foreignAmount: dec(e.line2_foreign.amount), bookingDate: '2018-12-15', counterpartyName: 'Azure Interior' });
    expect(s.lines[0]!.foreignAmount).toBeNull();
    expect(s.opening).toBeNull();
  });

  it('csv_oca_debit_credit_amount.csv: separate columns read as magnitudes, balances from the running balance', async () => {
    const e = expect_('csv_oca_debit_credit_amount.csv');
    const { statements } = await parse('csv_oca_debit_credit_amount.csv', {
      dateFormat: 'MM/DD/YYYY', dateColumn: 'Date', amountMode: 'InOut', amountInColumn: 'Debit', amountOutColumn: 'Credit', balanceColumn: 'Balance', descriptionColumn: 'Label',
    });
    const [s] = statements as [ParsedStatement];
    expect(s.lines).toHaveLength(e.count);
    expect(s.opening).toBe(dec(e.opening_balance));
    expect(s.closing).toBe(dec(e.closing_balance));
    expect(addDecimals([s.opening!, total(s)])).toBe(s.closing);
  });
});
