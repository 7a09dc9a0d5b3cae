import { and, eq } from 'drizzle-orm';
import { bicIsValid, fieldRefusal, ibanIsValid, looksLikeIban } from '@erp/contracts';
import { unprocessable } from '../../platform/http/errors';
import type { KitRule } from '../../platform/kit/registry';
import { currencies } from '../organisation/index';
import { accounts } from '../ledger/index';

/*
 * The rules of a bank (RULES.md of this module), run by the kit on create, edit and import; each
 * refusal names the field first.
 */

const refuse = (field: string, message: string) => unprocessable(fieldRefusal(field, message));
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/**
 * A bank: its GL account is an active posting account that is not a control account (control
 * accounts take only their subledger's postings, each naming a party); its currency is active and
 * one the account takes; an IBAN passes its checksum (another account number is kept as typed); a
 * BIC has the ISO 9362 form.
 */
export const bankFits: KitRule = async (tx, scope, input) => {
  if (typeof input.account === 'string') {
    const [a] = await tx
      .select({ code: accounts.code, kind: accounts.kind, active: accounts.active, controlType: accounts.controlType, allowed: accounts.allowedCurrencies })
      .from(accounts)
      .where(and(eq(accounts.id, input.account), eq(accounts.companyId, scope.companyId)));
    if (a && a.controlType !== 'None') throw refuse('account', `Account ${a.code} is a ${a.controlType} control account: a bank posts to an account that is not a control account`);
    if (a && (a.kind !== 'Posting' || !a.active)) throw refuse('account', `Account ${a.code} is not an active posting account`);
    if (a && typeof input.currency === 'string' && a.allowed && a.allowed.length > 0) {
      const [c] = await tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.id, input.currency));
      if (c && !a.allowed.includes(c.code)) throw refuse('currency', `Account ${a.code} does not take ${c.code}: choose a currency it takes (${a.allowed.join(', ')}) or another account`);
    }
  }
  if (typeof input.currency === 'string') {
    const [c] = await tx.select({ code: currencies.code, status: currencies.status }).from(currencies).where(eq(currencies.id, input.currency));
    if (c && c.status !== 'Active') throw refuse('currency', `Currency ${c.code} is inactive; activate it on /currency or choose another`);
  }
  const number = text(input.accountNumber);
  if (number && looksLikeIban(number) && !ibanIsValid(number)) throw refuse('accountNumber', `${number} is not a valid IBAN: check the digits (the checksum does not match)`);
  const bic = text(input.bic);
  if (bic && !bicIsValid(bic)) throw refuse('bic', `${bic} is not a BIC: 8 or 11 letters and digits (e.g. DEUTDEFF)`);
};
