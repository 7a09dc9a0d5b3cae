import { fieldRefusal, type ForecastScope } from '@erp/contracts';
import { unprocessable } from '../../../platform/http/errors';
import type { KitRule } from '../../../platform/kit/registry';
import { scopeBanks } from './forecast.service';

const refuse = (field: string, message: string) => unprocessable(fieldRefusal(field, message));

/**
 * A saved forecast names the bank group or the bank its scope needs (and only that one), and each
 * manual adjustment is in a currency one of its banks holds (otherwise it would add to nothing).
 */
export const forecastFits: KitRule = async (tx, scope, input) => {
  const which = input.scope as ForecastScope | undefined;
  const bankGroup = typeof input.bankGroup === 'string' ? input.bankGroup : null;
  const bank = typeof input.bank === 'string' ? input.bank : null;
  if (which === 'Bank group' && !bankGroup) throw refuse('bankGroup', 'Please supply bank group: the forecast covers the banks of one group');
  if (which === 'Bank' && !bank) throw refuse('bank', 'Please supply bank: the forecast covers one bank');
  if (which !== 'Bank group' && bankGroup) throw refuse('bankGroup', `A bank group is named only when the banks are a bank group (not ${which})`);
  if (which !== 'Bank' && bank) throw refuse('bank', `A bank is named only when the banks are one bank (not ${which})`);
  const adjustments = Array.isArray(input.adjustments) ? (input.adjustments as { currency?: unknown }[]) : [];
  if (adjustments.length === 0 || !which) return;
  const held = new Set((await scopeBanks(tx, scope, { scope: which, bankGroup, bank })).map((b) => b.currency));
  adjustments.forEach((a, i) => {
    const currency = typeof a.currency === 'string' ? a.currency.trim().toUpperCase() : '';
    if (!held.has(currency)) {
      throw refuse(`adjustments.${i}.currency`, `${currency || 'An empty currency'} is not held by the forecast's banks: use ${[...held].join(', ') || 'a currency of an active bank'}`);
    }
  });
};
