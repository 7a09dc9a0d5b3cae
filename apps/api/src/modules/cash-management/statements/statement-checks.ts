import { hash } from 'node:crypto';
import { formatMoney, type StatementCheck } from '@erp/contracts';
import { normaliseAccount, type StatementLine } from './parsers/shape';

/*
 * The checks of an import (RULES.md), pure: each takes what the import gathered and answers one
 * StatementCheck. Failed refuses the file unless it is imported anyway with a reason; Info refuses
 * nothing. Amounts are minor units of the bank's currency, compared exactly.
 */

export type BankFacts = { id: string; code: string; name: string; accountNumber: string; currency: string; scale: number; active: boolean };
export type PreviousStatement = { statementRef: string; fromDate: string | null; toDate: string | null; closingMinor: bigint };

const passed = (code: StatementCheck['code'], message: string): StatementCheck => ({ code, outcome: 'Passed', message });
const failed = (code: StatementCheck['code'], message: string): StatementCheck => ({ code, outcome: 'Failed', message });
const info = (code: StatementCheck['code'], message: string): StatementCheck => ({ code, outcome: 'Info', message });

/** An account of the file is the bank's: the same IBAN or number, or an IBAN that ends with the other's national number. */
export function accountMatches(fileAccount: string | null, bankAccount: string): boolean {
  const file = normaliseAccount(fileAccount);
  const bank = normaliseAccount(bankAccount);
  if (!file || !bank) return false;
  if (file === bank) return true;
  const iban = /^[A-Z]{2}\d{2}/;
  const [long, short] = iban.test(file) && !iban.test(bank) ? [file, bank] : iban.test(bank) && !iban.test(file) ? [bank, file] : [null, null];
  if (!long || !short) return false;
  const number = short.replace(/^0+/, '');
  return number.length >= 6 && long.endsWith(number);
}

/**
 * The bank a statement of the file goes to: the bank chosen when its account and currency fit (a
 * national number can end several banks' IBANs), else the company's bank whose account and currency
 * the statement names, else the bank chosen (its checks then fail); null when the file names an
 * account that no bank of the company has.
 */
export function bankFor(account: string | null, currency: string | null, banks: readonly BankFacts[], chosen: BankFacts): BankFacts | null {
  const fits = (b: BankFacts) => currency === null || b.currency === currency;
  if (!account || (accountMatches(account, chosen.accountNumber) && fits(chosen))) return chosen;
  const byAccount = banks.filter((b) => accountMatches(account, b.accountNumber));
  const exact = byAccount.find((b) => fits(b) && b.active) ?? byAccount.find(fits);
  if (exact) return exact;
  if (accountMatches(account, chosen.accountNumber)) return chosen;
  return byAccount[0] ?? null;
}

export function accountCheck(account: string | null, bank: BankFacts): StatementCheck {
  if (!account) return info('Account', `The file names no account: the lines go to bank ${bank.code} as chosen`);
  return accountMatches(account, bank.accountNumber)
    ? passed('Account', `Account ${account} is bank ${bank.code}'s`)
    : failed('Account', `The statement is for account ${account}, not bank ${bank.code}'s account ${bank.accountNumber}`);
}

export function currencyCheck(currency: string, lineCurrencies: ReadonlySet<string>, bank: BankFacts): StatementCheck {
  if (currency !== bank.currency) return failed('Currency', `The statement is in ${currency}; bank ${bank.code} holds ${bank.currency}`);
  const other = [...lineCurrencies].filter((c) => c !== currency);
  if (other.length > 0) return failed('Currency', `Lines in ${other.join(', ')} on a ${currency} statement`);
  return passed('Currency', `${currency}, the bank's currency`);
}

export function balanceCheck(openingMinor: bigint, movementMinor: bigint, closingMinor: bigint, scale: number, derived: string | null): StatementCheck {
  const f = (v: bigint) => formatMoney(v, scale);
  if (derived) return info('Balance', derived);
  const sum = openingMinor + movementMinor;
  return sum === closingMinor
    ? passed('Balance', `Opening ${f(openingMinor)} + lines ${f(movementMinor)} = closing ${f(closingMinor)}`)
    : failed('Balance', `Opening ${f(openingMinor)} + lines ${f(movementMinor)} = ${f(sum)}, not the closing ${f(closingMinor)} (a difference of ${f(closingMinor - sum)})`);
}

/** The opening against the bank's last imported closing: equal, or a gap (the statement starts after the last) or an overlap. */
export function continuityCheck(openingMinor: bigint, fromDate: string | null, previous: PreviousStatement | null, scale: number): StatementCheck {
  if (!previous) return passed('Continuity', 'The first statement imported for this bank');
  const f = (v: bigint) => formatMoney(v, scale);
  if (previous.closingMinor === openingMinor) return passed('Continuity', `Opening ${f(openingMinor)} continues statement ${previous.statementRef} (closing ${f(previous.closingMinor)})`);
  const overlap = fromDate !== null && previous.toDate !== null && fromDate <= previous.toDate;
  const what = overlap ? `an overlap: it starts ${fromDate}, on or before ${previous.toDate}` : `a gap: statements between ${previous.toDate ?? '?'} and ${fromDate ?? '?'} are missing`;
  return failed('Continuity', `Opening ${f(openingMinor)} is not the closing ${f(previous.closingMinor)} of the last imported statement ${previous.statementRef}: ${what}`);
}

export function duplicatesCheck(lineCount: number, duplicateCount: number): StatementCheck {
  if (duplicateCount === 0) return passed('Duplicates', `None of the ${lineCount} lines was imported before`);
  if (duplicateCount === lineCount) return info('Duplicates', `All ${lineCount} lines were imported before: nothing of this statement is written`);
  return info('Duplicates', `${duplicateCount} of ${lineCount} lines were imported before and are skipped`);
}

/**
 * A line's dedupe key, stable across imports of the same file: a digest of what identifies it
 * (dates, amount, the bank's and the payer's references, counterparty account, description) and its
 * occurrence among identical lines of the file (two equal fees on one day stay two lines).
 */
export function dedupeBase(line: StatementLine, amountMinor: bigint): string {
  const text = `${line.bookingDate}\u001f${line.valueDate ?? ''}\u001f${amountMinor}\u001f${line.bankReference ?? ''}\u001f${line.reference ?? ''}\u001f${line.counterpartyAccount ?? ''}\u001f${line.description ?? ''}`;
  return hash('sha256', text, 'base64url').slice(0, 32);
}
