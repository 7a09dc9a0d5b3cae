/* The Generate periods form: its values and the zod schema that applies the tiling rule (period-plan.ts) by row and field. */
import { z } from 'zod';
import { tilingErrors, type FiscalYearSpan } from './period-plan';
import type { CustomPeriod, GeneratePeriodsRequest } from './setup-api';

export type GenerateFormValues = { pattern: 'monthly' | 'custom'; periods: CustomPeriod[] };

const rowSchema = z.object({ name: z.string(), startDate: z.string(), endDate: z.string() });

/** Monthly needs nothing more; custom rows must tile the year, each fault reported on its row's field. */
export function generateFormSchema(year: FiscalYearSpan, dateLabel: (iso: string) => string) {
  return z.object({ pattern: z.enum(['monthly', 'custom']), periods: z.array(rowSchema) }).superRefine((values, ctx) => {
    if (values.pattern !== 'custom') return;
    for (const error of tilingErrors(year, values.periods, dateLabel)) {
      const path = error.index === undefined ? ['periods', 'root'] : ['periods', error.index, error.field ?? 'name'];
      ctx.addIssue({ code: 'custom', path, message: error.message });
    }
  });
}

/** The request the server takes: the custom rows trimmed, nothing else. */
export function generateRequest(values: GenerateFormValues): GeneratePeriodsRequest {
  if (values.pattern === 'monthly') return { pattern: 'monthly' };
  return { pattern: 'custom', periods: values.periods.map((row) => ({ name: row.name.trim(), startDate: row.startDate, endDate: row.endDate })) };
}

/** What the period screens need of a fiscal year record. */
export function fiscalYearInfo(record: Record<string, unknown> & { id: string }): FiscalYearSpan & { id: string; code: string } {
  return { id: record.id, code: String(record.code ?? ''), startDate: String(record.startDate ?? ''), endDate: String(record.endDate ?? '') };
}
