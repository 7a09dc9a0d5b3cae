/*
 * Fixed-asset screens (issue 18), for the page registry: asset classes and assets (the kit's lists
 * and forms), an asset's schedule, the depreciation run (/recurring-depreciation) and its documents
 * (/depreciation-schedules, /depreciation-schedule), the disposals (/disposal-schedules, /disposal-schedule), the
 * revaluations (/revaluation-schedules, /revaluation-schedule), the splits (/splitting-schedules, /splitting-schedule),
 * maintenance (/maintenance-schedules, /maintenance-schedule), asset stock (/asset-stocks, /asset-stock), insurance companies
 * (/insurance-company) and their policies (/insurance-schedules, /insurance-schedule).
 */
import type { ComponentType } from 'react';
import type { TaskSubjects } from '../../shared/documents/task-subjects';
import type { PostedInvoiceAction } from '../../shared/documents/invoice-actions';

type PageLoader = () => Promise<{ default: ComponentType }>;
const pages = () => import('./FixedAssetPages');

export const fixedAssetPages: Readonly<Record<string, PageLoader>> = {
  '/asset-class': async () => ({ default: (await pages()).AssetClassPage }),
  '/assets': async () => ({ default: (await pages()).AssetsPage }),
  '/asset': async () => ({ default: (await pages()).AssetPage }),
  '/recurring-depreciation': async () => ({ default: (await pages()).RecurringDepreciationPage }),
  '/depreciation-schedules': async () => ({ default: (await pages()).DepreciationRunsPage }),
  '/depreciation-schedule': async () => ({ default: (await import('./RunEditorPage')).RunEditorPage }),
  '/disposal-schedules': async () => ({ default: (await pages()).DisposalsPage }),
  '/disposal-schedule': async () => ({ default: (await import('./DisposalEditorPage')).DisposalEditorPage }),
  '/revaluation-schedules': async () => ({ default: (await pages()).RevaluationsPage }),
  '/revaluation-schedule': async () => ({ default: (await import('./RevaluationEditorPage')).RevaluationEditorPage }),
  '/maintenance-schedules': async () => ({ default: (await import('./MaintenancePages')).MaintenanceSchedulesPage }),
  '/maintenance-schedule': async () => ({ default: (await import('./MaintenancePages')).MaintenanceSchedulePage }),
  '/insurance-company': async () => ({ default: (await import('./AssetStockPages')).InsuranceCompanyPage }),
  '/asset-stocks': async () => ({ default: (await import('./AssetStockPages')).AssetStocksPage }),
  '/asset-stock': async () => ({ default: (await import('./AssetStockPages')).AssetStockPage }),
  '/insurance-schedules': async () => ({ default: (await import('./InsurancePages')).InsuranceSchedulesPage }),
  '/insurance-schedule': async () => ({ default: (await import('./InsurancePages')).InsuranceScheduleEditorPage }),
  '/splitting-schedules': async () => ({ default: (await import('./SplitPages')).SplitsPage }),
  '/splitting-schedule': async () => ({ default: (await import('./SplitPages')).SplitEditorPage }),
};

/**
 * What /journal shows of the module's tasks (SPEC.md section 2 links them there): a DepreciationSchedule
 * task's run (its lines, what it leaves out), a DisposalSchedule task's disposal and a RevaluationSchedule
 * task's revaluation and a SplittingSchedule task's split, each with its entry.
 */
export const fixedAssetTaskSubjects: TaskSubjects = {
  DepreciationSchedule: () => import('./DepreciationRunSubject'),
  DisposalSchedule: () => import('./DisposalSubject'),
  RevaluationSchedule: () => import('./RevaluationSubject'),
  SplittingSchedule: () => import('./SplitSubject'),
};

/** What the module adds to a posted vendor invoice's screen (app/invoice-actions.ts): "Capitalise" its lines on the clearing account. */
export const fixedAssetInvoiceActions: readonly PostedInvoiceAction[] = [
  { key: 'fixed-assets.capitalise', sides: ['payables'], load: () => import('./InvoiceCapitalisePanel') },
];
