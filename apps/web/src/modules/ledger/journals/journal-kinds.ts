/*
 * The journal screens per kind: which list and editor route serve a kind, its title, and the
 * entity of its operation labels (SaveJournal, EditAdjustmentJournal... SPEC.md section 6).
 */
import type { JournalKind } from '@erp/contracts';

/** The kinds that have their own list and editor routes; every other kind opens in /journal. */
export type PageKind = 'Standard' | 'OpeningBalance' | 'Adjustment';

export type KindPages = {
  /** The kind a new journal of this editor gets. */
  kind: PageKind;
  /** The kind the list shows; undefined: every kind (/journals). */
  listKind: JournalKind | undefined;
  listLink: string;
  editorLink: string;
  plural: string;
  singular: string;
};

export const kindPages: Readonly<Record<PageKind, KindPages>> = {
  Standard: { kind: 'Standard', listKind: undefined, listLink: '/journals', editorLink: '/journal', plural: 'Journals', singular: 'Journal' },
  OpeningBalance: {
    kind: 'OpeningBalance',
    listKind: 'OpeningBalance',
    listLink: '/opening-balance-journals',
    editorLink: '/opening-balance-journal',
    plural: 'Opening Balance Journals',
    singular: 'Opening Balance Journal',
  },
  Adjustment: {
    kind: 'Adjustment',
    listKind: 'Adjustment',
    listLink: '/adjustment-journals',
    editorLink: '/adjustment-journal',
    plural: 'Adjustment Journals',
    singular: 'Adjustment Journal',
  },
};

/** The operation-label entity of each kind; it mirrors the API's requireOperation. */
const labelEntity: Readonly<Record<JournalKind, string>> = {
  Standard: 'Journal',
  Reversal: 'Journal',
  OpeningBalance: 'OpeningBalanceJournal',
  Adjustment: 'AdjustmentJournal',
  Intercompany: 'IntercompanyJournal',
  Recurring: 'RecurringJournal',
};

export const operationOfKind = (verb: 'Save' | 'Edit' | 'Delete' | 'Export', kind: JournalKind): string => `${verb}${labelEntity[kind]}`;

/** The editor route that opens a journal of this kind. */
export function editorLinkOfKind(kind: JournalKind): string {
  if (kind === 'OpeningBalance') return kindPages.OpeningBalance.editorLink;
  if (kind === 'Adjustment') return kindPages.Adjustment.editorLink;
  return kindPages.Standard.editorLink;
}

export const kindLabel: Readonly<Record<JournalKind, string>> = {
  Standard: 'Standard',
  OpeningBalance: 'Opening balance',
  Adjustment: 'Adjustment',
  Intercompany: 'Intercompany',
  Reversal: 'Reversal',
  Recurring: 'Recurring',
};
