import { z } from 'zod';
import { defineEntity } from '../kit/define-entity';
import { dateSchema } from '../common/scalars';

/**
 * Asset stock (issue 18, /asset-stocks, /asset-stock): items held for later use (spare laptops,
 * chairs in a store room), served by the entity kit under /fa/asset-stocks. Decided: stock is
 * carried on its class's clearing account (a vendor invoice books the purchase there); issuing into
 * service (`POST /fa/asset-stocks/:id/issue`) makes one asset of the quantity issued, at quantity ×
 * unit cost rounded half up to the minor unit, and ONE entry moves that cost from the clearing
 * account to the control account (party: the new asset). The stock's quantity falls by the quantity
 * issued and never below zero.
 */
export const assetStockEntity = defineEntity({
  name: 'assetStock', label: 'Asset Stock', plural: 'Asset Stocks', service: 'fa', resource: 'asset-stocks', page: '/asset-stocks', permission: 'AssetStock',
  companyScoped: true, key: ['code'], display: 'description', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 30, search: true, list: true, example: 'ST-LAPTOP' },
    description: { type: 'text', label: 'Description', required: true, max: 150, search: true, list: true, example: 'Spare laptops' },
    assetClass: { type: 'ref', ref: 'assetClass', label: 'Asset Class', required: true, list: true, example: 'IT', help: "The class of the assets issued from it; its clearing account carries the stock" },
    quantity: { type: 'decimal', label: 'Quantity', required: true, scale: 4, max: 10, min: 0, list: true, example: '10', help: 'What is held; issuing into service lowers it' },
    unitCost: { type: 'decimal', label: 'Unit Cost', required: true, scale: 4, max: 14, min: 0, list: true, example: '1200' },
    location: { type: 'text', label: 'Location', max: 100, search: true, list: true },
    acquisitionDate: { type: 'date', label: 'Acquisition Date', required: true, list: true, example: '2026-01-15' },
    reference: { type: 'text', label: 'Reference', max: 60, search: true, help: 'The purchase: an invoice or order number' },
  },
  form: [['code', 'description'], ['assetClass', 'location'], ['quantity', 'unitCost'], ['acquisitionDate', 'reference']],
});

/** Issuing a quantity of a stock item into service (POST /fa/asset-stocks/:id/issue). */
export const assetStockIssueSchema = z.object({
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,4})?$/, 'A quantity: digits and at most 4 decimals')
    .refine((q) => Number(q) > 0, 'Issue a quantity above 0'),
  /** The in-service date of the asset and the date of the entry. */
  issueDate: dateSchema(),
  /** The asset's description; empty: the stock item's. */
  description: z.string().trim().max(150).nullish(),
  /** Activate the asset at once (its schedule is stored); false: a draft to complete first. */
  activate: z.boolean().default(false),
});
export type AssetStockIssue = z.infer<typeof assetStockIssueSchema>;

export const assetStockIssueResultSchema = z.object({
  assetId: z.uuid(),
  assetCode: z.string(),
  assetStatus: z.string(),
  quantity: z.string(),
  cost: z.string(),
  /** What the stock holds after the issue. */
  quantityLeft: z.string(),
  journalId: z.uuid().nullable(),
  /** The issue as kept (its undo's id). */
  issueId: z.uuid(),
});
export type AssetStockIssueResult = z.infer<typeof assetStockIssueResultSchema>;

/**
 * An issue from stock as kept (`asset_stock_issues`): Issued, or Undone by "Undo issue"
 * (`POST /fa/asset-stock-issues/:id/undo`): allowed only while the asset it made has nothing
 * posted but the issue (no depreciation posted, no capitalisation, revaluation, split or
 * disposal); the issue's entry is reversed, the quantity returns to the stock and the asset is
 * Cancelled (it keeps its code and history: the ledger names it).
 */
export const assetStockIssueStates = ['Issued', 'Undone'] as const;
export type AssetStockIssueState = (typeof assetStockIssueStates)[number];
export const STOCK_ISSUED: AssetStockIssueState = 'Issued';
export const STOCK_ISSUE_UNDONE: AssetStockIssueState = 'Undone';

export const assetStockIssueViewSchema = z.object({
  id: z.uuid(),
  stock: z.uuid(),
  asset: z.uuid(),
  assetCode: z.string(),
  assetStatus: z.string(),
  issueDate: z.iso.date(),
  quantity: z.string(),
  cost: z.string(),
  status: z.enum(assetStockIssueStates),
  journalId: z.uuid().nullable(),
  journalNumber: z.string().nullable(),
  undoJournalId: z.uuid().nullable(),
  undoDate: z.iso.date().nullable(),
});
export type AssetStockIssueView = z.infer<typeof assetStockIssueViewSchema>;
export const assetStockIssueListSchema = z.array(assetStockIssueViewSchema);

/** POST /fa/asset-stock-issues/:id/undo: the date of the reversal entry (on or after the issue date). */
export const assetStockIssueUndoSchema = z.object({ date: dateSchema() });
export type AssetStockIssueUndo = z.infer<typeof assetStockIssueUndoSchema>;
