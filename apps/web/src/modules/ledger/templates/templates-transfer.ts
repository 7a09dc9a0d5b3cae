import type { ComponentProps } from 'react';
import type { TransferButtons } from '../../../shared/transfer';
import { downloadExport, importRows, recurringKey, templatesKey, type ListState, type TransferTarget } from './templates-api';

type TransferProps = Omit<ComponentProps<typeof TransferButtons>, 'exportLabel' | 'importLabel'>;

const texts: Record<TransferTarget, { title: string; plural: string; hint: string }> = {
  templates: {
    title: 'Import journal templates',
    plural: 'templates',
    hint: 'One row per line: Code (rows with the same code are one template), Name, Description, Kind, Active, Account, Line description, Currency, Debit, Credit, Dimensions (GROUP=CODE;…), Tax. A template whose code exists is replaced.',
  },
  recurring: {
    title: 'Import recurring journals',
    plural: 'recurring journals',
    hint: 'One row per schedule: Code, Description, Template (its code), Frequency, Interval, Start date, Next date, End date, Occurrences, Mode (Draft or Post), Active. A code that exists is updated.',
  },
};

/** The shared export/import buttons wired to the template or recurring list: its texts, its routes and the list's current filter. */
export function templatesTransfer(target: TransferTarget, state: Partial<ListState>): TransferProps {
  return {
    ...texts[target],
    invalidateKey: target === 'templates' ? templatesKey : recurringKey,
    importRows: (file, options) => importRows(target, { ...file, ...options }),
    exportFile: (format) => downloadExport(target, state, format),
  };
}
