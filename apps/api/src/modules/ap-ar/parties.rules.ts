import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  bicIsValid,
  fieldRefusal,
  ibanIsValid,
  looksLikeIban,
  paymentTermRuleSchema,
  validatePaymentTerm,
  type Face,
  type PartyStatus,
} from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { unprocessable } from '../../platform/http/errors';
import type { KeyGenerator, KitRule, KitScope } from '../../platform/kit/registry';
import { currencies } from '../organisation/index';
import { accounts, companySettings, dimensionGroups, dimensions, moduleSequence, nextNumber, postingProfiles } from '../ledger/index';

/*
 * The rules of payables and receivables master data (RULES.md of this module): each is a KitRule
 * the kit runs on create, edit and import, and refuses with a message that names the field.
 */

const refuse = (field: string, message: string) => unprocessable(fieldRefusal(field, message));
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** A posting profile named by a group or party must be one of the face's module. */
async function profileOfFace(tx: Tx, scope: KitScope, face: Face, id: unknown) {
  if (typeof id !== 'string') return;
  const [p] = await tx.select({ code: postingProfiles.code, module: postingProfiles.module }).from(postingProfiles).where(and(eq(postingProfiles.id, id), eq(postingProfiles.companyId, scope.companyId)));
  if (p && p.module !== face.module) throw refuse('postingProfile', `Posting profile ${p.code} is for ${p.module}; choose a profile of ${face.module}`);
}

/** A currency a party or group names must be active. */
async function activeCurrency(tx: Tx, id: unknown) {
  if (typeof id !== 'string') return;
  const [c] = await tx.select({ code: currencies.code, status: currencies.status }).from(currencies).where(eq(currencies.id, id));
  if (c && c.status !== 'Active') throw refuse('currency', `Currency ${c.code} is inactive; activate it on /currency or choose another`);
}

/**
 * A group's control account is an active posting account whose control type is the face's
 * (Payables for vendor groups, Receivables for customer groups); its dimension defaults name
 * existing dimensions of their groups.
 */
export const groupFits = (face: Face): KitRule => async (tx, scope, input) => {
  if (typeof input.controlAccount === 'string') {
    const [a] = await tx
      .select({ code: accounts.code, kind: accounts.kind, active: accounts.active, controlType: accounts.controlType })
      .from(accounts)
      .where(and(eq(accounts.id, input.controlAccount), eq(accounts.companyId, scope.companyId)));
    if (a && a.controlType !== face.control) {
      throw refuse('controlAccount', `Account ${a.code} is not a ${face.control} control account: choose one whose control is ${face.control} (/accounts)`);
    }
    if (a && (a.kind !== 'Posting' || !a.active)) throw refuse('controlAccount', `Account ${a.code} is not an active posting account`);
  }
  await profileOfFace(tx, scope, face, input.postingProfile);
  await activeCurrency(tx, input.currency);
  await dimensionDefaultsExist(tx, scope, input.dimensions);
};

type DimensionDefault = { dimensionGroup: string; dimension: string };
async function dimensionDefaultsExist(tx: Tx, scope: KitScope, value: unknown) {
  const rows = (Array.isArray(value) ? value : []) as DimensionDefault[];
  if (rows.length === 0) return;
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const g = r.dimensionGroup.toLowerCase();
    if (seen.has(g)) throw refuse(`dimensions[${i}].dimensionGroup`, `Dimension group ${r.dimensionGroup} is given twice`);
    seen.add(g);
  });
  const found = await tx
    .select({ group: dimensionGroups.code, code: dimensions.code })
    .from(dimensions)
    .innerJoin(dimensionGroups, eq(dimensionGroups.id, dimensions.dimensionGroup))
    .where(and(eq(dimensions.companyId, scope.companyId), inArray(sql`lower(${dimensions.code})`, rows.map((r) => r.dimension.toLowerCase()))));
  rows.forEach((r, i) => {
    if (!found.some((f) => f.group.toLowerCase() === r.dimensionGroup.toLowerCase() && f.code.toLowerCase() === r.dimension.toLowerCase())) {
      throw refuse(`dimensions[${i}].dimension`, `No dimension ${r.dimension} in dimension group ${r.dimensionGroup} (/dimension)`);
    }
  });
}

/**
 * A payment term is judged by the due-date calculator's own `validatePaymentTerm` (contracts
 * ap-ar/payment-terms.ts), so what is stored is what the calculator schedules: percents or amounts
 * (never both), one balancing line and last, percents summing to 100 without it, amounts only with
 * it, a day of the month where the basis reads one, a discount under 100% with its days. The
 * refusal names the first problem's place (`instalments[1].percent: ...`).
 */
export const paymentTermFits: KitRule = async (_tx, _scope, input) => {
  const term = paymentTermRuleSchema.safeParse({ ...input, days: input.days ?? 0 });
  if (!term.success) throw refuse('instalments', 'The payment term cannot be read');
  const [first] = validatePaymentTerm(term.data);
  if (first) throw refuse(first.path, first.message);
};

/** An address's country is an ISO 3166 two-letter code in capitals (NG, DE). */
const regions = new Intl.DisplayNames(['en'], { type: 'region' });
export const addressFits: KitRule = async (_tx, _scope, input) => {
  const c = String(input.country ?? '');
  let known = false;
  try {
    known = /^[A-Z]{2}$/.test(c) && regions.of(c) !== c;
  } catch {
    known = false;
  }
  if (!known) throw refuse('country', `${c} is not a two-letter ISO country code in capitals (NG, DE, US)`);
};

const compact = (account: string) => account.replace(/\s+/g, '').toUpperCase();

/**
 * A party's other bank accounts: each IBAN passes its checksum (another account number is kept as
 * typed), each BIC has its form, a currency is a three-letter code, and no account is listed twice
 * nor repeats the default one. The refusal names the row (`bankAccounts[2].iban: ...`, from 1).
 */
function bankAccountsFit(defaultAccount: string | undefined, rows: unknown): void {
  if (!Array.isArray(rows)) return;
  const seen = new Set(defaultAccount ? [compact(defaultAccount)] : []);
  rows.forEach((row: { iban?: unknown; bic?: unknown; currency?: unknown }, index) => {
    const at = `bankAccounts[${index + 1}]`;
    const account = text(row.iban);
    if (account && looksLikeIban(account) && !ibanIsValid(account)) throw refuse(`${at}.iban`, `${account} is not a valid IBAN: check the digits (the checksum does not match)`);
    if (account && seen.has(compact(account))) throw refuse(`${at}.iban`, `${account} is listed already${defaultAccount && compact(defaultAccount) === compact(account) ? ' (it is the default account)' : ''}`);
    if (account) seen.add(compact(account));
    const bic = text(row.bic);
    if (bic && !bicIsValid(bic)) throw refuse(`${at}.bic`, `${bic} is not a BIC: 8 or 11 letters and digits (e.g. DEUTDEFF)`);
    const currency = text(row.currency);
    if (currency && !/^[A-Z]{3}$/.test(currency)) throw refuse(`${at}.currency`, `${currency} is not a currency code (three capital letters, e.g. EUR)`);
  });
}

/**
 * A party: its IBAN's checksum is right (an account number that is not an IBAN is kept as typed),
 * its BIC has the ISO 9362 form, its currency is active, its posting profile is the face's; a
 * customer's direct-debit mandate is whole (reference, signature date, sequence type) and needs the
 * company's SEPA creditor identifier.
 */
export const partyFits = (face: Face): KitRule => async (tx, scope, input) => {
  const iban = text(input.iban);
  if (iban && looksLikeIban(iban) && !ibanIsValid(iban)) throw refuse('iban', `${iban} is not a valid IBAN: check the digits (the checksum does not match)`);
  const bic = text(input.bic);
  if (bic && !bicIsValid(bic)) throw refuse('bic', `${bic} is not a BIC: 8 or 11 letters and digits (e.g. DEUTDEFF)`);
  bankAccountsFit(iban, input.bankAccounts);
  await activeCurrency(tx, input.currency);
  await profileOfFace(tx, scope, face, input.postingProfile);
  if (face.party !== 'Customer') return;
  const mandate = { mandateReference: text(input.mandateReference), mandateSignedOn: text(input.mandateSignedOn), mandateSequence: text(input.mandateSequence) };
  const given = Object.entries(mandate).filter(([, v]) => v !== undefined);
  if (given.length === 0) return;
  const missing = Object.entries(mandate).find(([, v]) => v === undefined);
  if (missing) throw refuse(missing[0], 'A direct-debit mandate needs its reference, signature date and sequence type');
  const [settings] = await tx.select({ creditorId: companySettings.sepaCreditorId }).from(companySettings).where(eq(companySettings.companyId, scope.companyId));
  if (!settings?.creditorId) throw refuse('mandateReference', "Set the company's SEPA creditor identifier on /company-config before recording a mandate");
};

/** A vendor's or customer's code left empty: the next number of the face's sequence (/module-config VendorSequence, CustomerSequence). */
export const partyKey = (face: Face): KeyGenerator => async (tx, scope) => {
  const sequence = await moduleSequence(tx, scope, face.module, face.partyLabel);
  return nextNumber(tx, scope, sequence, new Date().toISOString().slice(0, 10));
};

export type PartyState = { code: string; onHold: boolean; status: PartyStatus };
/**
 * Whether a party may take a new invoice or payment: not on hold and active. The invoices and
 * payments of the face call it in their own transaction.
 */
export function partyMayTransact(face: Face, party: PartyState): void {
  if (party.status !== 'Active') throw unprocessable(`${face.partyLabel} ${party.code} is inactive: activate it on ${face.pages.party} first`);
  if (party.onHold) throw unprocessable(`${face.partyLabel} ${party.code} is on hold: no new invoices or payments until the hold is lifted on ${face.pages.party}`);
}
