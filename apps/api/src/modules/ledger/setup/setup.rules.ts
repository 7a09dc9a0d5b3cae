import { and, eq } from 'drizzle-orm';
import { naturalBalanceSide, type accountCategories } from '@erp/contracts';
import { unprocessable } from '../../../platform/http/errors';
import type { KitRule } from '../../../platform/kit/registry';
import { accounts } from './setup.tables';

/** A parent account is a header account: postings go to the leaves of the chart. */
export const parentIsHeader: KitRule = async (tx, scope, input) => {
  if (typeof input.parentAccount !== 'string') return;
  const [parent] = await tx
    .select({ kind: accounts.kind })
    .from(accounts)
    .where(and(eq(accounts.id, input.parentAccount), eq(accounts.companyId, scope.companyId)));
  if (parent && parent.kind !== 'Header') throw unprocessable('The parent account must be a header account');
};

/** A header account only groups others: it is never a control account. */
export const headerIsNotControl: KitRule = async (_tx, _scope, input) => {
  if (input.kind === 'Header' && input.controlType !== 'None') throw unprocessable('A header account cannot be a control account');
};

/** The balance side follows the category unless the class is a contra class, named as such. */
export const balanceSideFitsCategory: KitRule = async (_tx, _scope, input) => {
  const category = input.category as (typeof accountCategories)[number];
  const natural = naturalBalanceSide[category];
  if (natural && input.balanceSide !== natural && !/contra/i.test(String(input.name ?? ''))) {
    throw unprocessable(`A ${category} class has a ${natural} balance (name it as a contra class to reverse it)`);
  }
};

export const differentCurrencies: KitRule = async (_tx, _scope, input) => {
  if (input.fromCurrency === input.toCurrency) throw unprocessable('An exchange rate needs two different currencies');
};
