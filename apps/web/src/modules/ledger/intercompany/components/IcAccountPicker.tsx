import { useMemo } from 'react';
import { AccountPicker, type AccountLookup } from '../../../../shared/pickers';
import { icKey, lookupPairAccounts } from '../intercompany-api';

type Props = {
  id: string;
  /** The company whose chart is searched: the line's company. */
  company: string;
  value: string | null;
  label: string;
  onChange: (account: string | null, label: string) => void;
};

/**
 * An account of one company of the pair: the journal grid's picker, searching that company's
 * posting accounts (only while the list is open, so a long grid does not mean a call per line).
 */
export function IcAccountPicker({ id, company, value, label, onChange }: Props) {
  const lookup = useMemo<AccountLookup>(
    () => ({ key: [...icKey, 'accounts', company], search: (text, signal) => lookupPairAccounts(company, text, signal), enabled: company !== '' }),
    [company],
  );
  return <AccountPicker id={id} value={value} label={label} onChange={onChange} lookup={lookup} />;
}
