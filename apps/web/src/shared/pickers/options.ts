/** The choices of a line's dimension and tax pickers (the ledger's reference data builds them). */
export type DimensionOption = { value: string; label: string; group: string };
export type TaxOption = { value: string; label: string };
