import type { ComponentProps } from 'react';
import type { TransferButtons } from '../../../shared/transfer';
import { downloadIcExport, icKey, importIc, type IcListState, type TransferTarget } from './intercompany-api';

type TransferProps = Omit<ComponentProps<typeof TransferButtons>, 'exportLabel' | 'importLabel'>;

const texts: Record<TransferTarget, { title: string; plural: string; hint: string }> = {
  journals: {
    title: 'Import intercompany journals',
    plural: 'journals',
    hint: 'One row per line. Columns: Journal (rows with the same value are one journal), Date, Description, Reference, Partner Company, Company, Account, Line Description, Currency, Rate, Debit, Credit. Journals come in as drafts.',
  },
  templates: {
    title: 'Import intercompany templates',
    plural: 'templates',
    hint: 'One row per line. Columns: Template (its code: rows with the same code are one template), Name, Partner Company, Description, Company, Account, Line Description, Currency, Debit, Credit. A template whose code exists is replaced.',
  },
};

/** The shared export/import buttons wired to an intercompany list: its texts, its routes and the list's current filter. */
export function icTransfer(target: TransferTarget, state: Partial<IcListState>): TransferProps {
  return {
    ...texts[target],
    passLabel: 'in documents that pass',
    invalidateKey: icKey,
    importRows: (file, options) => importIc(target, { ...file, ...options }),
    exportFile: (format) => downloadIcExport(target, state, format),
  };
}
