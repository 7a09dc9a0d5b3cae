/*
 * Calls of the ledger set-up that is more than master data (apps/api ledger-setup.routes.ts):
 * fiscal periods, number previews, the company's default accounts, and the company itself
 * (SPEC.md section 7 GetFullCompany / SaveCompanies). They reject with the shell's ApiError.
 */
import { useQuery } from '@tanstack/react-query';
import {
  MAX_LIST_SIZE,
  type AccountingPeriod,
  type Company,
  type CompanyConfig as KnownCompanyConfig,
  type CompanyInput,
  type CurrencyList,
  type EntityDef,
  type EntityRecord,
  type GeneratePeriodsRequest,
  type InstanceView,
  type Locale,
  type NextNumber,
  type PeriodStatus,
} from '@erp/contracts';
import { apiRequest, unwrap } from '../../app/api';
import { recordLabel } from '../../shared/kit';

export type { AccountingPeriod, CustomPeriod, GeneratePeriodsRequest, PeriodStatus, PeriodType } from '@erp/contracts';

/**
 * The contract's default accounts and journal sequence, read as a map by key (ids or null): the
 * form shows keys a newer server adds and sends back the ones it does not show.
 */
export type CompanyConfig = Readonly<Record<keyof KnownCompanyConfig, string | null>> & Record<string, string | null>;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** Query keys: every ledger set-up key starts with ['gl', 'setup'], so a save can refresh them together. */
export const setupKeys = {
  periods: (fiscalYearId: string) => ['gl', 'setup', 'periods', fiscalYearId] as const,
  companyConfig: ['gl', 'setup', 'company-config'] as const,
  company: ['gl', 'GetFullCompany'] as const,
};

export async function fetchPeriods(fiscalYearId: string, signal?: AbortSignal): Promise<AccountingPeriod[]> {
  return unwrap(await apiRequest<AccountingPeriod[]>('GET', `/gl/fiscal-years/${fiscalYearId}/periods`, undefined, withSignal(signal)));
}

export async function generatePeriods(fiscalYearId: string, request: GeneratePeriodsRequest): Promise<AccountingPeriod[]> {
  return unwrap(await apiRequest<AccountingPeriod[]>('POST', `/gl/fiscal-years/${fiscalYearId}/periods`, request));
}

export async function setPeriodStatus(periodId: string, status: PeriodStatus): Promise<AccountingPeriod> {
  return unwrap(await apiRequest<AccountingPeriod>('POST', `/gl/accounting-periods/${periodId}/status`, { status }));
}

/** POST /workflow/submissions of a period's closing (an active PeriodClosing workflow): the last approval closes it; with no step to apply it closes at once. */
export async function submitPeriodClosing(periodId: string): Promise<InstanceView> {
  return unwrap(await apiRequest<InstanceView>('POST', '/workflow/submissions', { approvalType: 'PeriodClosing', documentId: periodId }));
}

export async function previewNumber(sequenceId: string, date: string, signal?: AbortSignal): Promise<string> {
  return unwrap(await apiRequest<NextNumber>('POST', `/gl/number-sequences/${sequenceId}/preview`, { date }, withSignal(signal))).next;
}

export async function fetchCompanyConfig(signal?: AbortSignal): Promise<CompanyConfig> {
  return unwrap(await apiRequest<CompanyConfig>('GET', '/gl/company-config', undefined, withSignal(signal)));
}

export async function saveCompanyConfig(config: CompanyConfig): Promise<CompanyConfig> {
  return unwrap(await apiRequest<CompanyConfig>('PUT', '/gl/company-config', config));
}

export async function fetchFullCompany(signal?: AbortSignal): Promise<Company> {
  return unwrap(await apiRequest<Company>('GET', '/gl/GetFullCompany', undefined, withSignal(signal)));
}

/** POST /gl/SaveCompanies with the one company (an edit: it carries its id). */
export async function saveCompany(company: CompanyInput): Promise<Company> {
  const [saved] = unwrap(await apiRequest<Company[]>('POST', '/gl/SaveCompanies', [company]));
  return saved!;
}

const REFERENCE_STALE_MS = 5 * 60_000;

export function useCurrencyOptions() {
  return useQuery({
    queryKey: ['gl', 'setup', 'currencies'],
    queryFn: async ({ signal }) => unwrap(await apiRequest<CurrencyList>('GET', `/gl/GetCurrencies/${MAX_LIST_SIZE}`, undefined, withSignal(signal))).items,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useLocaleOptions() {
  return useQuery({
    queryKey: ['gl', 'setup', 'locales'],
    queryFn: async ({ signal }) => unwrap(await apiRequest<Locale[]>('GET', '/gl/getlocales', undefined, withSignal(signal))),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** 'CODE · Name' of one record by id (GET base/:id), for a picker showing a stored choice. */
export async function fetchRecordLabel(def: EntityDef, id: string, signal?: AbortSignal): Promise<string> {
  return recordLabel(def, unwrap(await apiRequest<EntityRecord>('GET', `/${def.service}/${def.resource}/${id}`, undefined, withSignal(signal))));
}
