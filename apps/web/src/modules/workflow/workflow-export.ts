/*
 * Export CSV of the workflow lists. Their routes have no export of their own, so every page of the
 * current filter is fetched (at the routes' largest page size) and written with the admin module's
 * RFC 4180 writer, which also guards against spreadsheet formulas.
 */
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from '../admin/index';
import type { Page } from './workflow-api';

export const EXPORT_PAGE_SIZE = 500;

/** Every row of a list, page after page, until the total is reached (or a page comes back short). */
export async function fetchAllPages<T>(fetchPage: (page: number, limit: number) => Promise<Page<T>>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page, EXPORT_PAGE_SIZE);
    rows.push(...answer.items);
    if (answer.items.length < EXPORT_PAGE_SIZE || rows.length >= answer.total) return rows;
  }
}

export async function exportCsv<T>(name: string, columns: readonly CsvColumn<T>[], fetchPage: (page: number, limit: number) => Promise<Page<T>>): Promise<number> {
  const rows = await fetchAllPages(fetchPage);
  downloadCsv(csvFileName(name), toCsv(columns, rows));
  return rows.length;
}

export type { CsvColumn };
