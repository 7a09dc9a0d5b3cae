/* Calls of the cash-flow forecast routes (issue 17): GET /cm/cashflow-forecast, …/items, …/export. */
import type { ForecastItemsPage, ForecastItemsQueryInput, ForecastQueryInput, ForecastResult } from '@erp/contracts';
import { apiDownload, apiRequest, unwrap } from '../../../app/api';
import { saveBlob } from '../../../shared/kit/kit-api';

const BASE = '/cm/cashflow-forecast';
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The query string of a forecast request: only the settings that are set (a saved forecast's id alone names its own). */
export function forecastParams(q: ForecastQueryInput | ForecastItemsQueryInput): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  return p.toString();
}

export async function fetchForecast(q: ForecastQueryInput, signal?: AbortSignal): Promise<ForecastResult> {
  return unwrap(await apiRequest<ForecastResult>('GET', `${BASE}?${forecastParams(q)}`, undefined, withSignal(signal)));
}

export async function fetchForecastItems(q: ForecastItemsQueryInput, signal?: AbortSignal): Promise<ForecastItemsPage> {
  return unwrap(await apiRequest<ForecastItemsPage>('GET', `${BASE}/items?${forecastParams(q)}`, undefined, withSignal(signal)));
}

/** Downloads the forecast as the server builds it (XLSX: buckets and every item). */
export async function downloadForecast(q: ForecastQueryInput): Promise<void> {
  const file = unwrap(await apiDownload(`${BASE}/export?${forecastParams(q)}`));
  saveBlob(file.blob, file.fileName ?? 'cashflow-forecast.xlsx');
}
