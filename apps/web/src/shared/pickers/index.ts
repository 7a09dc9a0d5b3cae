/*
 * The pickers and cells of line grids, shared by the ledger's journals and the subledgers' documents
 * (invoices, credit notes): the account picker (the server's lookup), the dimension and tax cells,
 * the grid's text cell and the Tab rules of a grid whose last cells are pickers.
 */
export { AccountPicker, postingAccounts, type AccountLookup } from './AccountPicker';
export { DimensionsCell } from './DimensionsCell';
export { TaxCell } from './TaxCell';
export { CellInput, type CellInputProps } from './CellInput';
export { gridTabCapture, lastCellPickerCapture } from './grid-tab';
export { LINE_ACCOUNTS, POSTING_ACCOUNTS, lookupAccounts, type LookupOption } from './account-lookup';
export type { DimensionOption, TaxOption } from './options';
