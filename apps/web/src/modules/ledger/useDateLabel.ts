import { useCallback } from 'react';
import { DEFAULT_DATE_FORMAT } from '@erp/contracts';
import { useCompany } from '../../app/shell/useCompany';
import { datePickerFormat, formatDateCell } from '../../shared/kit';

/** The company's date format (SPEC.md section 9): a label for ISO dates and the pattern of date pickers. */
export function useDateLabel(): { dateLabel: (isoDate: string) => string; pickerFormat: string } {
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const dateLabel = useCallback((isoDate: string) => formatDateCell(isoDate, dateFormat), [dateFormat]);
  return { dateLabel, pickerFormat: datePickerFormat(dateFormat) };
}
